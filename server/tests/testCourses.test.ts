// Test courses (issue 22, item 5): a course whose title has a word starting with «тест» is in no public listing the
// server makes (the timetable's upcoming lessons, the sitemap), while one whose word merely contains it is.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MutaboCourse } from '../../common/mutabo/courses.ts';
import type { UpcomingLesson } from '../../common/wireTypes.ts';
import { openMutaboKit, type MutaboKit } from './mutaboKit.ts';
import { dbModes } from './testDb.ts';

const DAY = 24 * 60 * 60 * 1000;

describe.each(dbModes())('test courses in the public listings (%s)', (mode) => {
  let kit: MutaboKit;
  const made: Record<string, number> = {};

  /** An open course (a draft first: enrollment opens with a published lesson) with one lesson a few days ahead. */
  async function openCourse(title: string, inDays: number) {
    const created = await kit.call('POST', '/api/v1/mutabo/courses/', 'anna', { title, disciplesAge: 'DISCIPLES_AGE_ADULTS', participantsLimit: 10 });
    expect(created.statusCode, created.body).toBe(201);
    const course = created.json<MutaboCourse>();
    const lesson = await kit.call('POST', `/api/v1/mutabo/courses/${course.id}/lessons/`, 'anna', {
      title: `Занятие курса «${title}»`,
      duration: 60,
      state: 'published',
      startsAt: new Date(Date.now() + inDays * DAY).toISOString(),
    });
    expect(lesson.statusCode, lesson.body).toBe(201);
    const current = (await kit.call('GET', `/api/v1/mutabo/courses/${course.id}/`, 'anna')).json<MutaboCourse>();
    const opened = await kit.call('PATCH', `/api/v1/mutabo/courses/${course.id}/`, 'anna', { state: 'can_be_subscribed', version: current.version });
    expect(opened.statusCode, opened.body).toBe(200);
    made[title] = course.id;
  }

  beforeAll(async () => {
    kit = await openMutaboKit(mode);
    await openCourse('Тестовый курс с расписанием', 1);
    await openCourse('Тест-драйв', 2);
    await openCourse('Поэзия протеста', 3);
    await openCourse('Аттестация по литературе', 4);
  });

  afterAll(async () => {
    await kit?.close();
  });

  it('lists no lesson of a test course among the upcoming ones, and the lessons of «протест» and «аттестация»', async () => {
    const response = await kit.call('GET', '/api/v1/lessons/upcoming/', 'guest');
    expect(response.statusCode).toBe(200);
    const titles = response.json<UpcomingLesson[]>().map((lesson) => lesson.course.title);
    expect(titles).toContain('Поэзия протеста');
    expect(titles).toContain('Аттестация по литературе');
    expect(titles).not.toContain('Тестовый курс с расписанием');
    expect(titles).not.toContain('Тест-драйв');
  });

  it('puts «Поэзия протеста» in the sitemap and no test course', async () => {
    const xml = (await kit.app.inject('/sitemap.xml')).body;
    expect(xml).toContain(`/courses/${made['Поэзия протеста']}<`);
    expect(xml).toContain(`/courses/${made['Аттестация по литературе']}<`);
    expect(xml).not.toContain(`/courses/${made['Тестовый курс с расписанием']}<`);
    expect(xml).not.toContain(`/courses/${made['Тест-драйв']}<`);
  });

  it('still answers a test course’s page: a direct link to it works', async () => {
    const page = await kit.call('GET', `/api/v1/courses/${made['Тест-драйв']}/`, 'guest');
    expect(page.statusCode).toBe(200);
  });
});
