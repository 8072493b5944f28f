// Time zones as the profile names them (spec sections 2 and 5): «(UTC+03:00) Москва», sorted by offset then name.
// The server's dictionary and the site's profile both name a zone here.

/** The zone's offset from UTC at the given moment, in minutes; 0 for a zone this runtime does not know. */
export function utcOffsetMinutes(timeZone: string, at: Date): number {
  const name = zonePart(timeZone, 'en-US', 'longOffset', at);
  const match = /GMT([+-])(\d{2}):(\d{2})/.exec(name ?? '');
  if (!match) return 0;
  const minutes = Number(match[2]) * 60 + Number(match[3]);
  return match[1] === '-' ? -minutes : minutes;
}

/** «+03:00», «-09:30». */
export function formatUtcOffset(minutes: number): string {
  const sign = minutes < 0 ? '-' : '+';
  const absolute = Math.abs(minutes);
  return `${sign}${String(Math.floor(absolute / 60)).padStart(2, '0')}:${String(absolute % 60).padStart(2, '0')}`;
}

/**
 * The zone's place in Russian: ICU's generic location name, which is the city where a country has several zones
 * («Москва», «Екатеринбург», «Нью-Йорк») and the country where it has one («Германия»). Where the runtime has no such
 * name, the city part of the zone's id.
 */
export function timeZonePlace(timeZone: string): string {
  const name = zonePart(timeZone, 'ru', 'shortGeneric', new Date());
  if (name && !/^(GMT|UTC)/.test(name)) return name;
  return (timeZone.split('/').pop() ?? timeZone).replaceAll('_', ' ');
}

/** «(UTC+03:00) Москва»; offsets as of `at` (summer time moves them). */
export function timeZoneLabel(timeZone: string, at: Date = new Date()): string {
  return `(UTC${formatUtcOffset(utcOffsetMinutes(timeZone, at))}) ${timeZonePlace(timeZone)}`;
}

/** [IANA name, label] for each zone, by offset then by the Russian name. */
export function timeZoneOptions(zones: readonly string[], at: Date = new Date()): [string, string][] {
  const collator = new Intl.Collator('ru');
  return zones
    .map((zone) => ({ zone, offset: utcOffsetMinutes(zone, at), place: timeZonePlace(zone) }))
    .sort((a, b) => a.offset - b.offset || collator.compare(a.place, b.place) || a.zone.localeCompare(b.zone))
    .map(({ zone, offset, place }): [string, string] => [zone, `(UTC${formatUtcOffset(offset)}) ${place}`]);
}

function zonePart(timeZone: string, locale: string, timeZoneName: Intl.DateTimeFormatOptions['timeZoneName'], at: Date): string | undefined {
  try {
    return new Intl.DateTimeFormat(locale, { timeZone, timeZoneName }).formatToParts(at).find((part) => part.type === 'timeZoneName')?.value;
  } catch {
    // An unknown zone id, or a runtime without this name style.
    return undefined;
  }
}

/** A new course's zone: the authors enter lesson times in it. */
export const DEFAULT_COURSE_TIME_ZONE = 'Europe/Moscow';

let knownZones: Set<string> | null = null;

/** One of the zones the site offers (the dictionary's list: this runtime's IANA zones). */
export function isKnownTimeZone(zone: string): boolean {
  knownZones ??= new Set(Intl.supportedValuesOf('timeZone'));
  return knownZones.has(zone);
}
