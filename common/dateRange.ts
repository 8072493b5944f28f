// The one range of years every date the API takes must fall in (course dates, lesson starts, a copy's start and the
// dates it moves, discounts' and promo codes' dates): outside it a date is a typo, and years such as 0 or 10000 are
// not even stored (PostgreSQL has no year 0, `toISOString` writes 10000 as `+010000`), so they answer a field error.
export const MIN_DATE_YEAR = 2000;
export const MAX_DATE_YEAR = 2100;

export const dateRangeMessage = `Дата должна быть между ${MIN_DATE_YEAR} и ${MAX_DATE_YEAR} годами.`;

const yearInRange = (year: number) => year >= MIN_DATE_YEAR && year <= MAX_DATE_YEAR;

/** A date or moment as the caller wrote it (`YYYY-MM-DD…`): its year, in the caller's own calendar and zone, is in range. */
export const writtenDateInRange = (text: string) => /^\d{4}-/.test(text) && yearInRange(Number(text.slice(0, 4)));

/** An instant's year (UTC) is in range: for the dates the server computes, such as a copy's moved lessons. */
export const instantInRange = (instant: Date) => yearInRange(instant.getUTCFullYear());
