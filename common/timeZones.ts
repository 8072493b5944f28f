// Time zones as the profile names them (spec sections 2 and 5): «(UTC+03:00) Москва», sorted by offset then name.
// The server's dictionary and letters and the site's profile and lesson times all name a zone here.
import { TIME_ZONE_CITIES } from './timeZoneNames.ts';

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
 * The zone's place in Russian, the one naming of zones for pages, letters and the profile: the city where ICU names
 * the zone by a city («Москва», «Екатеринбург», «Нью-Йорк»), from our own table (timeZoneNames.ts), since browsers
 * name these cities in English; the country where a country has one zone («Германия»), from the runtime. Where
 * neither has a Russian name, the city part of the zone's id.
 */
export function timeZonePlace(timeZone: string): string {
  const city = TIME_ZONE_CITIES[timeZone] ?? TIME_ZONE_CITIES[canonicalZone(timeZone)];
  if (city) return city;
  const name = zonePart(timeZone, 'ru', 'shortGeneric', new Date());
  if (name && !/^(GMT|UTC)/.test(name) && !/[A-Za-z]/.test(name)) return name;
  return (timeZone.split('/').pop() ?? timeZone).replaceAll('_', ' ');
}

/** The runtime's id for an alias («Asia/Kolkata» → «Asia/Calcutta» in ICU), or the id itself. */
function canonicalZone(timeZone: string): string {
  try {
    return new Intl.DateTimeFormat('en', { timeZone }).resolvedOptions().timeZone;
  } catch {
    return timeZone;
  }
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
