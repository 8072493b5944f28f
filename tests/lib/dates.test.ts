import { formatDayMonth, formatFullDate, parseCalendarDate } from '../../src/lib/dates.ts';

describe('dates', () => {
  it('writes DD.MM and DD.MM.YYYY from an ISO date', () => {
    expect(formatDayMonth('2024-09-01')).toBe('01.09');
    expect(formatFullDate('2024-09-01')).toBe('01.09.2024');
  });

  it('keeps the calendar day of a date-time whatever its offset', () => {
    expect(formatFullDate('2025-01-31T23:30:00-10:00')).toBe('31.01.2025');
    expect(formatDayMonth('2025-03-01T00:15:00+14:00')).toBe('01.03');
    expect(formatFullDate('2025-12-05T00:00:00Z')).toBe('05.12.2025');
  });

  it('gives an empty string for a missing or unreadable date', () => {
    expect(formatFullDate(null)).toBe('');
    expect(formatFullDate(undefined)).toBe('');
    expect(formatDayMonth('')).toBe('');
    expect(formatDayMonth('скоро')).toBe('');
    expect(parseCalendarDate('2024-13-01')).toBeNull();
  });
});
