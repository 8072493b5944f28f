// An author giving a lesson its start (in the course's zone, Moscow in the demo) and, if given, its webinar room.
import type { Page } from 'playwright-core';

export async function setLessonTime(page: Page, courseId: number, title: string, date: string, time: string, room?: string): Promise<void> {
  await page.goto(`/mutabo/courses/${courseId}`);
  await page.getByRole('region', { name: 'Уроки' }).getByRole('link', { name: new RegExp(title) }).click();
  const start = page.getByRole('group', { name: 'Начало занятия по московскому времени' });
  await start.waitFor();
  await start.getByLabel('Дата').fill(date);
  await start.getByLabel('Время').fill(time);
  if (room) await page.getByLabel('Ссылка на комнату вебинара (https://…)').fill(room);
  await page.getByRole('button', { name: 'Сохранить урок' }).click();
  await page.getByText('Урок сохранён.').waitFor();
}
