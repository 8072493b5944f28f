// Time zone names of the profile (common/timeZones.ts): offset and Russian place, sorted by offset then name.
import { formatLessonTime } from '../../common/lessonTimeText.ts';
import { formatUtcOffset, timeZoneLabel, timeZoneOptions, timeZonePlace, utcOffsetMinutes } from '../../common/timeZones.ts';

const WINTER = new Date('2026-01-15T12:00:00Z');
const SUMMER = new Date('2026-07-15T12:00:00Z');

describe('time zone names', () => {
  it('names a zone by its offset and its place in Russian', () => {
    expect(timeZoneLabel('Europe/Moscow', WINTER)).toBe('(UTC+03:00) Москва');
    expect(timeZoneLabel('Asia/Yekaterinburg', WINTER)).toBe('(UTC+05:00) Екатеринбург');
    expect(timeZoneLabel('Asia/Calcutta', WINTER)).toBe('(UTC+05:30) Индия');
    expect(timeZoneLabel('America/St_Johns', WINTER)).toBe('(UTC-03:30) Сент-Джонс');
  });

  it('follows summer time', () => {
    expect(utcOffsetMinutes('Europe/Berlin', WINTER)).toBe(60);
    expect(utcOffsetMinutes('Europe/Berlin', SUMMER)).toBe(120);
    expect(timeZoneLabel('America/New_York', SUMMER)).toBe('(UTC-04:00) Нью-Йорк');
  });

  it('writes offsets with a sign, hours and minutes', () => {
    expect([0, 180, -210, 345, -600].map(formatUtcOffset)).toEqual(['+00:00', '+03:00', '-03:30', '+05:45', '-10:00']);
  });

  it('names cities in Russian where the browser names them in English, as Chrome does', () => {
    const RealFormat = Intl.DateTimeFormat;
    // Chrome's ICU has the Russian names of countries but not of cities: «Yekaterinburg», «Германия».
    const chromeLike = function (locale?: string | string[], options?: Intl.DateTimeFormatOptions) {
      const real = new RealFormat(locale, options);
      if (options?.timeZoneName !== 'shortGeneric' || options.timeZone === 'Europe/Berlin') return real;
      const city = (options.timeZone ?? '').split('/').pop()!;
      return Object.assign(Object.create(real) as Intl.DateTimeFormat, {
        formatToParts: (at?: Date | number) =>
          real.formatToParts(at).map((part) => (part.type === 'timeZoneName' ? { ...part, value: city } : part)),
      });
    } as unknown as typeof Intl.DateTimeFormat;
    vi.spyOn(Intl, 'DateTimeFormat').mockImplementation(chromeLike);
    try {
      expect(['Asia/Yekaterinburg', 'Asia/Novosibirsk', 'Europe/Samara', 'Asia/Almaty', 'Europe/Berlin'].map((zone) => timeZonePlace(zone))).toEqual([
        'Екатеринбург',
        'Новосибирск',
        'Самара',
        'Алматы',
        'Германия',
      ]);
      expect(formatLessonTime('2026-03-04T16:00:00Z', 'Asia/Yekaterinburg')).toBe('ср, 4 марта 2026, 21:00 (Екатеринбург)');
    } finally {
      vi.restoreAllMocks();
    }
  });

  it('falls back to the city of the id for a zone the runtime cannot name', () => {
    expect(timeZonePlace('Mars/Olympus_Mons')).toBe('Olympus Mons');
    expect(timeZoneLabel('Mars/Olympus_Mons', WINTER)).toBe('(UTC+00:00) Olympus Mons');
  });

  it('sorts by offset, then by the Russian name', () => {
    const options = timeZoneOptions(['Europe/Samara', 'Asia/Yekaterinburg', 'Europe/Moscow', 'Europe/Kirov', 'America/New_York', 'Europe/Volgograd'], WINTER);
    expect(options).toEqual([
      ['America/New_York', '(UTC-05:00) Нью-Йорк'],
      ['Europe/Volgograd', '(UTC+03:00) Волгоград'],
      ['Europe/Kirov', '(UTC+03:00) Киров'],
      ['Europe/Moscow', '(UTC+03:00) Москва'],
      ['Europe/Samara', '(UTC+04:00) Самара'],
      ['Asia/Yekaterinburg', '(UTC+05:00) Екатеринбург'],
    ]);
  });
});
