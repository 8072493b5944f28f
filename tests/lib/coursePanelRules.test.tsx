// The panel's payment rules that are not plain to see through the page: when paying is possible, and lesson error texts.
import fc from 'fast-check';
import { makeRequestError } from '../../src/api/requestError.ts';
import { lessonErrorMessage, paymentPossible, replaceLessonMarkers } from '../../src/lib/coursePanelRules.ts';
import { EURO, RUB, lesson, lessons } from '../pages/enrollment/enrollmentTestKit.ts';

const titled = [lesson(1), lesson(2), lesson(3)];

describe('paymentPossible', () => {
  it.each([
    ['an open course with a free lesson', 'can_be_subscribed', [RUB], lessons(2), true],
    ['an announced course', 'announced', [RUB], lessons(2), false],
    ['a draft course', 'draft', [RUB, EURO], lessons(2), false],
    ['a course without prices', 'can_be_subscribed', [], lessons(2), false],
    ['every lesson bought', 'can_be_subscribed', [RUB], lessons(2, () => ({ participationState: 'approved' })), false],
    ['every lesson full', 'can_be_subscribed', [RUB], lessons(2, () => ({ hasFreePlaces: false })), false],
    ['one bought, one full', 'can_be_subscribed', [RUB], lessons(2, (n) => (n === 1 ? { participationState: 'approved' } : { hasFreePlaces: false })), false],
    ['one bought, one free', 'can_be_subscribed', [RUB], lessons(2, (n) => (n === 1 ? { participationState: 'approved' } : {})), true],
    ['no lessons', 'can_be_subscribed', [RUB], [], false],
  ] as const)('%s: %s', (_case, state, prices, courseLessons, expected) => {
    expect(paymentPossible({ state, prices: [...prices] }, courseLessons)).toBe(expected);
  });
});

describe('lessonErrorMessage', () => {
  const message = (body: unknown) => lessonErrorMessage(makeRequestError(400, body), titled);

  it('replaces the marker by the quoted titles, under «lessons» or at the top level', () => {
    expect(message({ lessons: { lessons_are_fully_occupied: ['Нет свободных мест на занятия: {lessons:[101,103]}'] } })).toBe(
      'Нет свободных мест на занятия: «Ритм и рифма», «Молчание»',
    );
    expect(message({ already_participated: 'Вы уже участвуете: { lessons: [102] }.' })).toBe('Вы уже участвуете: «Образ».');
  });

  it('keeps an unknown lesson as its number', () => {
    expect(message({ lessons_are_fully_occupied: ['Нет мест: {lessons:[101,999]}'] })).toBe('Нет мест: «Ритм и рифма», №999');
  });

  it('words a bare key or a bare list of ids itself', () => {
    expect(message({ lessons: ['lessons_are_required'] })).toBe('Выберите хотя бы одно занятие.');
    expect(message({ lessons_are_required: [''] })).toBe('Выберите хотя бы одно занятие.');
    expect(message({ lessons_are_fully_occupied: [101, 102] })).toBe('Нет свободных мест на занятия: «Ритм и рифма», «Образ».');
    expect(message({ already_participated: ['already_participated'] })).toBe('Вы уже участвуете в выбранных занятиях.');
    expect(message({ lessons_are_past: ['Занятие {lessons:[102]} уже началось.'] })).toBe('Занятие «Образ» уже началось.');
  });

  it('replaces a marker in the «lessons» field itself', () => {
    expect(message({ lessons: ['Занятия {lessons:[102]} уже прошли.'] })).toBe('Занятия «Образ» уже прошли.');
  });

  it('is null for an error that is not about the lessons', () => {
    expect(message({ detail: 'Платёжная система недоступна.' })).toBeNull();
    expect(message({ currency: ['Нет цены в этой валюте.'] })).toBeNull();
  });

  it('never leaves a marker behind', () => {
    fc.assert(
      fc.property(fc.array(fc.nat({ max: 2000 }), { maxLength: 6 }), fc.string(), (ids, text) => {
        const replaced = replaceLessonMarkers(`${text}{lessons:[${ids.join(',')}]}${text}`, titled);
        expect(replaced).not.toMatch(/\{\s*lessons\s*:\s*\[[\d\s,]*\]\s*\}/);
        for (const id of ids) {
          const known = titled.find((candidate) => candidate.id === id);
          expect(replaced).toContain(known ? `«${known.title}»` : `№${id}`);
        }
      }),
    );
  });
});
