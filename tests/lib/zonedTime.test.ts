// Lesson times across zones with fixed instants (common/zonedTime.ts, lessonSchedule.ts, lessonTimeText.ts): summer
// time in Berlin, a zone far east (Vladivostok), and the room and recording windows.
import { isRecordingOpen, isRoomOpen, nextLinkChange } from '../../common/lessonSchedule.ts';
import { formatLessonTime, timeZonePhrase } from '../../common/lessonTimeText.ts';
import { dateInputValue, parseWallTime, timeInputValue, wallTimeAt, zonedToUtc } from '../../common/zonedTime.ts';

const wall = (text: string) => {
  const [date, time] = text.split(' ') as [string, string];
  return parseWallTime(date, time)!;
};

describe('zoned wall time ↔ UTC', () => {
  it('converts Moscow time (no summer time) both ways', () => {
    expect(zonedToUtc(wall('2026-03-04 19:00'), 'Europe/Moscow').toISOString()).toBe('2026-03-04T16:00:00.000Z');
    expect(wallTimeAt(new Date('2026-03-04T16:00:00Z'), 'Europe/Moscow')).toEqual({ year: 2026, month: 3, day: 4, hour: 19, minute: 0 });
  });

  it('follows Berlin’s summer time: the same 19:00 is another UTC hour in March and in April', () => {
    expect(zonedToUtc(wall('2026-03-28 19:00'), 'Europe/Berlin').toISOString()).toBe('2026-03-28T18:00:00.000Z');
    expect(zonedToUtc(wall('2026-03-29 19:00'), 'Europe/Berlin').toISOString()).toBe('2026-03-29T17:00:00.000Z');
    expect(zonedToUtc(wall('2026-10-25 19:00'), 'Europe/Berlin').toISOString()).toBe('2026-10-25T18:00:00.000Z');
  });

  it('moves a skipped time forward and takes the first of a repeated one', () => {
    // 02:30 does not exist on 29 March 2026 in Berlin (02:00 → 03:00): it is 03:30 summer time.
    const skipped = zonedToUtc(wall('2026-03-29 02:30'), 'Europe/Berlin');
    expect(skipped.toISOString()).toBe('2026-03-29T01:30:00.000Z');
    expect(timeInputValue(wallTimeAt(skipped, 'Europe/Berlin'))).toBe('03:30');
    // 02:30 happens twice on 25 October 2026: the first is still summer time (UTC+2).
    expect(zonedToUtc(wall('2026-10-25 02:30'), 'Europe/Berlin').toISOString()).toBe('2026-10-25T00:30:00.000Z');
  });

  it('converts for Vladivostok, where a Moscow evening is the next morning', () => {
    const start = zonedToUtc(wall('2026-03-04 19:00'), 'Europe/Moscow');
    const there = wallTimeAt(start, 'Asia/Vladivostok');
    expect([dateInputValue(there), timeInputValue(there)]).toEqual(['2026-03-05', '02:00']);
    expect(zonedToUtc(there, 'Asia/Vladivostok').getTime()).toBe(start.getTime());
  });

  it('round-trips every half hour of a year in Berlin except the skipped hour', () => {
    let checked = 0;
    for (let at = Date.UTC(2026, 0, 1); at < Date.UTC(2027, 0, 1); at += 30 * 60_000) {
      const shown = wallTimeAt(at, 'Europe/Berlin');
      const back = zonedToUtc(shown, 'Europe/Berlin').getTime();
      // The repeated hour maps back to its first occurrence.
      expect(back === at || back === at - 3_600_000).toBe(true);
      checked += 1;
    }
    expect(checked).toBe(365 * 48);
  });

  it('reads only real dates and times from the inputs', () => {
    expect(parseWallTime('2026-02-29', '10:00')).toBeNull();
    expect(parseWallTime('2026-02-28', '24:00')).toBeNull();
    expect(parseWallTime('2026-02-28', '')).toBeNull();
    expect(parseWallTime('2026-02-28', '9:05')).toEqual({ year: 2026, month: 2, day: 28, hour: 9, minute: 5 });
  });
});

describe('a lesson’s time as people read it', () => {
  const weeklyInMoscow = ['2026-03-25T16:00:00Z', '2026-04-01T16:00:00Z'];

  it('says which zone: Moscow in words, another zone by its Russian name', () => {
    expect(timeZonePhrase('Europe/Moscow')).toBe('по московскому времени');
    expect(formatLessonTime(weeklyInMoscow[0]!, 'Europe/Moscow')).toBe('ср, 25 марта 2026, 19:00 по московскому времени');
    expect(formatLessonTime(weeklyInMoscow[0]!, 'Asia/Vladivostok')).toBe('чт, 26 марта 2026, 02:00 (Владивосток)');
  });

  it('moves a weekly 19:00 Moscow lesson by an hour for Berlin when summer time starts', () => {
    expect(weeklyInMoscow.map((at) => formatLessonTime(at, 'Europe/Berlin'))).toEqual([
      'ср, 25 марта 2026, 17:00 (Германия)',
      'ср, 1 апреля 2026, 18:00 (Германия)',
    ]);
  });
});

describe('the room and recording windows', () => {
  const lesson = { startsAt: '2026-03-04T16:00:00Z', duration: 90 };
  const start = Date.parse(lesson.startsAt);
  const minutes = (n: number) => start + n * 60_000;

  it('opens the room 30 minutes before the start and closes it at the end', () => {
    expect(isRoomOpen(lesson, minutes(-31))).toBe(false);
    expect(isRoomOpen(lesson, minutes(-30))).toBe(true);
    expect(isRoomOpen(lesson, minutes(89))).toBe(true);
    expect(isRoomOpen(lesson, minutes(90))).toBe(false);
    expect(isRoomOpen({ startsAt: null, duration: 90 }, minutes(0))).toBe(false);
  });

  it('gives the recording from the start on', () => {
    expect(isRecordingOpen(lesson, minutes(-1))).toBe(false);
    expect(isRecordingOpen(lesson, minutes(0))).toBe(true);
    expect(isRecordingOpen(lesson, minutes(10_000))).toBe(true);
  });

  it('names the next moment a window opens or closes', () => {
    expect(nextLinkChange([lesson], minutes(-60))).toBe(minutes(-30));
    expect(nextLinkChange([lesson], minutes(-30))).toBe(minutes(0));
    expect(nextLinkChange([lesson], minutes(10))).toBe(minutes(90));
    expect(nextLinkChange([lesson], minutes(90))).toBe(Infinity);
  });
});
