// Wall-clock time in an IANA zone ↔ the UTC instant, with Intl only: the one place the site and the server convert.
// A time that does not exist (the hour skipped when summer time starts) moves forward by the jump; a time that
// happens twice (the hour repeated when it ends) is the first of the two, as calendars and Temporal's default do.

export interface WallTime {
  year: number;
  /** 1..12 */
  month: number;
  day: number;
  hour: number;
  minute: number;
}

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterFor(timeZone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
    formatters.set(timeZone, formatter);
  }
  return formatter;
}

/** Whether this runtime knows the zone id. */
export function isValidTimeZone(timeZone: string): boolean {
  try {
    formatterFor(timeZone);
    return true;
  } catch {
    return false;
  }
}

function partsAt(instant: number, timeZone: string): WallTime & { second: number } {
  const values: Record<string, number> = {};
  for (const part of formatterFor(timeZone).formatToParts(new Date(instant))) {
    if (part.type !== 'literal') values[part.type] = Number(part.value);
  }
  // Some engines write midnight as 24 even with h23.
  return { year: values.year!, month: values.month!, day: values.day!, hour: values.hour! % 24, minute: values.minute!, second: values.second! };
}

/** The wall-clock time in the zone at the instant. */
export function wallTimeAt(instant: Date | number, timeZone: string): WallTime {
  const { second: _second, ...wall } = partsAt(typeof instant === 'number' ? instant : instant.getTime(), timeZone);
  return wall;
}

/** The zone's offset from UTC at the instant, in milliseconds. */
function offsetAt(instant: number, timeZone: string): number {
  const wall = partsAt(instant, timeZone);
  const asUtc = Date.UTC(wall.year, wall.month - 1, wall.day, wall.hour, wall.minute, wall.second);
  return asUtc - (instant - (((instant % 1000) + 1000) % 1000));
}

const sameWall = (a: WallTime, b: WallTime) => a.year === b.year && a.month === b.month && a.day === b.day && a.hour === b.hour && a.minute === b.minute;

/** The instant when the zone's clocks show the wall time (see the module's note for skipped and repeated hours). */
export function zonedToUtc(wall: WallTime, timeZone: string): Date {
  const asUtc = Date.UTC(wall.year, wall.month - 1, wall.day, wall.hour, wall.minute);
  // The offsets a day before and a day after: a zone changes its offset at most once in between.
  const before = asUtc - offsetAt(asUtc - 86_400_000, timeZone);
  const after = asUtc - offsetAt(asUtc + 86_400_000, timeZone);
  const fits = [before, after].filter((instant) => sameWall(wallTimeAt(instant, timeZone), wall));
  if (fits.length > 0) return new Date(Math.min(...fits));
  // Skipped by a jump forward: read with the offset before the jump, it lands that much later.
  return new Date(before);
}

const pad = (n: number, size = 2) => String(n).padStart(size, '0');

/** `YYYY-MM-DD`, for a date input. */
export const dateInputValue = (wall: WallTime) => `${pad(wall.year, 4)}-${pad(wall.month)}-${pad(wall.day)}`;
/** `HH:MM`, for a time input. */
export const timeInputValue = (wall: WallTime) => `${pad(wall.hour)}:${pad(wall.minute)}`;

/** A date input's `YYYY-MM-DD` and a time input's `HH:MM` as a wall time; null when either is not a real one. */
export function parseWallTime(date: string, time: string): WallTime | null {
  const day = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date.trim());
  const clock = /^(\d{1,2}):(\d{2})$/.exec(time.trim());
  if (!day || !clock) return null;
  const wall = { year: Number(day[1]), month: Number(day[2]), day: Number(day[3]), hour: Number(clock[1]), minute: Number(clock[2]) };
  if (wall.hour > 23 || wall.minute > 59) return null;
  const check = new Date(Date.UTC(wall.year, wall.month - 1, wall.day));
  if (check.getUTCFullYear() !== wall.year || check.getUTCMonth() !== wall.month - 1 || check.getUTCDate() !== wall.day) return null;
  return wall;
}
