// Steps of the schedule journeys: an author giving a lesson its start (in the course's zone, Moscow in the demo) and,
// if given, its webinar room; a participant choosing their zone and buying lessons in the test checkout.
import type { Page } from 'playwright-core';

export async function setLessonTime(page: Page, courseId: number, title: string, date: string, time: string, room?: string): Promise<void> {
  await page.goto(`/mutabo/courses/${courseId}`);
  await page.getByRole('region', { name: 'Занятия' }).getByRole('link', { name: new RegExp(title) }).click();
  const start = page.getByRole('group', { name: 'Начало занятия по московскому времени' });
  await start.waitFor();
  await start.getByLabel('Дата').fill(date);
  await start.getByLabel('Время').fill(time);
  if (room) await page.getByLabel('Ссылка на комнату вебинара (https://…)').fill(room);
  await page.getByRole('button', { name: 'Сохранить занятие' }).click();
  await page.getByText('Занятие сохранено.').waitFor();
}

/** The logged-in participant's profile zone, saved in the profile editor. */
export async function setProfileZone(page: Page, zone: string): Promise<void> {
  await page.goto('/account/profile/editor');
  await page.getByLabel('Часовой пояс').selectOption(zone);
  await page.getByRole('button', { name: 'Сохранить' }).click();
  await page.waitForURL(/\/account\/profile$/);
}

/** The logged-in participant buys the lessons numbered `numbers` of a course in the test checkout. */
export async function buyLessons(page: Page, courseId: number, numbers: number[]): Promise<void> {
  await page.goto(`/courses/${courseId}`);
  const panel = page.getByRole('complementary', { name: 'Запись на курс' });
  for (const number of numbers) await panel.getByRole('checkbox', { name: new RegExp(`^${number}\\. `) }).check();
  await panel.getByRole('button', { name: /^Оплатить выбранные занятия/ }).click();
  await page.waitForURL(/\/sandbox-checkout\//);
  await page.getByRole('button', { name: 'Оплатить' }).click();
  await page.waitForURL(/\/waiting-for-payment/);
  await page.getByText('Успешно оплачено').waitFor({ timeout: 20_000 });
}
