// The authors' summary lists the next few lessons, not every lesson of the season: with a season of weekly lessons
// (and the demo's live schedule) a phone screen had twenty of them before anything else below.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MutaboDashboard } from '../../common/mutabo/start.ts';
import { ids } from './fixtures.ts';
import { openMutaboKit, type MutaboKit } from './mutaboKit.ts';
import { dbModes } from './testDb.ts';

describe.each(dbModes())('the summary’s upcoming lessons (%s)', (mode) => {
  let kit: MutaboKit;

  beforeAll(async () => {
    kit = await openMutaboKit(mode);
  });

  afterAll(async () => {
    await kit?.close();
  });

  it('lists the next eight, soonest first', async () => {
    const series = await kit.call('POST', `/api/v1/mutabo/courses/${ids.courses.open}/lessons/series/`, 'anna', {
      count: 12,
      firstStartsAt: '2030-01-07T16:00:00.000Z',
      everyDays: 7,
      duration: 60,
    });
    expect(series.statusCode, series.body).toBe(201);
    const upcoming = (await kit.call('GET', '/api/v1/mutabo/dashboard/', 'anna')).json<MutaboDashboard>().upcomingLessons;
    expect(upcoming).toHaveLength(8);
    const times = upcoming.map((lesson) => Date.parse(lesson.startsAt));
    expect(times).toEqual([...times].sort((a, b) => a - b));
    expect(Date.parse(upcoming.at(-1)!.startsAt)).toBeLessThanOrEqual(Date.parse('2030-02-25T16:00:00.000Z'));
  });
});
