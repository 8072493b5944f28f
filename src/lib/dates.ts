// Calendar dates from the API shown as DD.MM and DD.MM.YYYY, with no time-zone shift of the day.

interface CalendarDate {
  year: number;
  month: number;
  day: number;
}

/**
 * The calendar date written at the start of an ISO string ("2024-09-01" or "2024-09-01T10:00:00+03:00"):
 * read from the text, not through Date, so a browser in another time zone shows the same day.
 */
export function parseCalendarDate(iso: string | null | undefined): CalendarDate | null {
  if (!iso) return null;
  const match = /^(\d{4})-(\d{2})-(\d{2})/.exec(iso.trim());
  if (!match) return null;
  const [, year, month, day] = match.map(Number) as [number, number, number, number];
  if (month < 1 || month > 12 || day < 1 || day > 31) return null;
  return { year, month, day };
}

const twoDigits = (n: number) => String(n).padStart(2, '0');

/** «01.09», or an empty string when the date is missing or unreadable. */
export function formatDayMonth(iso: string | null | undefined): string {
  const date = parseCalendarDate(iso);
  return date ? `${twoDigits(date.day)}.${twoDigits(date.month)}` : '';
}

/** «01.09.2024», or an empty string when the date is missing or unreadable. */
export function formatFullDate(iso: string | null | undefined): string {
  const date = parseCalendarDate(iso);
  return date ? `${twoDigits(date.day)}.${twoDigits(date.month)}.${date.year}` : '';
}
