// The wholesale lesson price on the course page (issue 22, item 4): shown only when a buyer can take at least
// WHOLESALE_THRESHOLD lessons at once (common/coursePrices.ts wholesaleCanApply): not for a course of four lessons,
// not when too few lessons have places, not when the blocks that can be bought hold too few.
import { screen, within } from '@testing-library/react';
import { WHOLESALE_THRESHOLD, wholesaleCanApply } from '../../../common/coursePrices.ts';
import type { CourseDetails } from '../../../common/wireTypes.ts';
import { answerCourse, course, coursePanel, lessons, RUB, renderAsUser, renderWithNavigation, rub } from './enrollmentTestKit.ts';

vi.setConfig({ testTimeout: 30000 });

const WHOLESALE_LINE = `От ${WHOLESALE_THRESHOLD} занятий, за каждое`;

async function pricesOf(details: CourseDetails): Promise<string> {
  answerCourse(details);
  renderAsUser('/courses/5');
  const panel = await coursePanel();
  return panel.querySelector('dl')!.textContent ?? '';
}

describe('the wholesale lesson price', () => {
  it('applies only when set, different from the lesson price, and that many lessons can be bought at once', () => {
    expect(wholesaleCanApply(RUB, 5)).toBe(true);
    expect(wholesaleCanApply(RUB, 4)).toBe(false);
    expect(wholesaleCanApply({ ...RUB, lessonWholesalePrice: 0 }, 8)).toBe(false);
    expect(wholesaleCanApply({ ...RUB, lessonWholesalePrice: RUB.lessonPrice }, 8)).toBe(false);
    expect(wholesaleCanApply({ ...RUB, lessonPrice: 0 }, 8)).toBe(false);
  });

  it('is shown for a course of eight lessons', async () => {
    expect(await pricesOf(course({ prices: [RUB] }))).toContain(`${WHOLESALE_LINE}1\u00a0500 ₽`);
  });

  it('is not shown for a course of four lessons', async () => {
    const text = await pricesOf(course({ prices: [RUB], lessons: lessons(4) }));
    expect(text).toContain('Одно занятие');
    expect(text).not.toContain(WHOLESALE_LINE);
  });

  it('is not shown when only four lessons still have places', async () => {
    expect(await pricesOf(course({ prices: [RUB], lessons: lessons(8, (number) => ({ hasFreePlaces: number > 4 })) }))).not.toContain(WHOLESALE_LINE);
  });

  it('is not shown when the blocks that can be bought hold fewer lessons; shown when they hold enough', async () => {
    // Blocks of four: the second block has a full lesson, so only the first four can be bought.
    const blocked = course({ prices: [RUB], lessonsBlockSize: 4, lessons: lessons(8, (number) => ({ hasFreePlaces: number !== 6 })) });
    expect(await pricesOf(blocked)).not.toContain(WHOLESALE_LINE);
  });

  it('is shown with blocks that together hold enough lessons', async () => {
    expect(await pricesOf(course({ prices: [RUB], lessonsBlockSize: 3, lessons: lessons(6) }))).toContain(WHOLESALE_LINE);
  });

  it('on a course sold by blocks, says what a block costs before the first tick, and a tick takes the block (issue 32)', async () => {
    answerCourse(course({ prices: [RUB], lessonsBlockSize: 4, lessons: lessons(8) }));
    const { user } = renderWithNavigation('/courses/5');
    const panel = await coursePanel();
    const prices = panel.querySelector('dl')!.textContent;
    expect(prices).toContain(`Блок из 4 занятий${rub(7200)}`);
    expect(prices).not.toContain('Одно занятие');
    expect(panel.textContent).toContain(`Занятия продаются блоками по 4: ${rub(7200)} за блок.`);
    await user.click(within(panel).getByRole('checkbox', { name: /^6\./ }));
    expect(within(panel).getAllByRole('checkbox').filter((box) => (box as HTMLInputElement).checked)).toHaveLength(4);
    expect(screen.getByText(/Выбрано 4 занятия на сумму/).textContent).toContain(rub(7200));
  });

  it('prices a block of five or more lessons at the wholesale price', async () => {
    answerCourse(course({ prices: [RUB], lessonsBlockSize: 5, lessons: lessons(8) }));
    renderWithNavigation('/courses/5');
    const panel = await coursePanel();
    expect(panel.textContent).toContain(`Занятия продаются блоками по 5: ${rub(7500)} за блок.`);
  });
});
