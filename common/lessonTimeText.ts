// A lesson's time as people read it, in a given zone: «ср, 4 марта 2026, 19:00 по московскому времени»,
// «ср, 4 марта 2026, 17:00 (Германия)». The zone's Russian name is the profile's (timeZones.ts).
import { timeZonePlace } from './timeZones.ts';

export const MOSCOW_TIME_ZONE = 'Europe/Moscow';

/** «по московскому времени» for Moscow, else the zone's place in brackets: «(Германия)», «(Владивосток)». */
export function timeZonePhrase(timeZone: string): string {
  return timeZone === MOSCOW_TIME_ZONE ? 'по московскому времени' : `(${timeZonePlace(timeZone)})`;
}

const formatters = new Map<string, Intl.DateTimeFormat>();

function partsIn(instant: Date, timeZone: string): Record<string, string> {
  let formatter = formatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('ru', {
      timeZone,
      weekday: 'short',
      day: 'numeric',
      month: 'long',
      year: 'numeric',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    });
    formatters.set(timeZone, formatter);
  }
  const parts: Record<string, string> = {};
  for (const part of formatter.formatToParts(instant)) if (part.type !== 'literal') parts[part.type] = part.value;
  return parts;
}

/** «ср, 4 марта 2026, 19:00» in the zone, without naming it. */
export function formatLessonDateTime(startsAt: string | Date, timeZone: string): string {
  const parts = partsIn(typeof startsAt === 'string' ? new Date(startsAt) : startsAt, timeZone);
  const hour = String(Number(parts.hour) % 24).padStart(2, '0');
  return `${parts.weekday}, ${parts.day} ${parts.month} ${parts.year}, ${hour}:${parts.minute}`;
}

/** «ср, 4 марта 2026, 19:00 по московскому времени». */
export function formatLessonTime(startsAt: string | Date, timeZone: string): string {
  return `${formatLessonDateTime(startsAt, timeZone)} ${timeZonePhrase(timeZone)}`;
}
