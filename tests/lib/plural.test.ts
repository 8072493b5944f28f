import {
  LESSON_FORMS,
  lessonsCount,
  materialsCount,
  minutesCount,
  pluralForm,
  pluralize,
  yearsCount,
} from '../../common/plural.ts';

describe('pluralize', () => {
  it.each([
    [1, '1 занятие'],
    [2, '2 занятия'],
    [4, '4 занятия'],
    [5, '5 занятий'],
    [0, '0 занятий'],
    [11, '11 занятий'],
    [12, '12 занятий'],
    [14, '14 занятий'],
    [21, '21 занятие'],
    [22, '22 занятия'],
    [25, '25 занятий'],
    [101, '101 занятие'],
    [111, '111 занятий'],
    [112, '112 занятий'],
  ])('%d → %s', (n, expected) => {
    expect(pluralize(n, LESSON_FORMS)).toBe(expected);
  });

  it('gives a fractional count the few-form and a decimal comma', () => {
    expect(pluralize(1.5, LESSON_FORMS)).toBe('1,5 занятия');
    expect(pluralForm(2.5, LESSON_FORMS)).toBe('занятия');
    expect(minutesCount(0.5)).toBe('0,5 минуты');
  });

  it('has ready forms for minutes, materials and years', () => {
    expect(minutesCount(1)).toBe('1 минута');
    expect(minutesCount(3)).toBe('3 минуты');
    expect(minutesCount(45)).toBe('45 минут');
    expect(materialsCount(1)).toBe('1 материал');
    expect(materialsCount(23)).toBe('23 материала');
    expect(materialsCount(15)).toBe('15 материалов');
    expect(yearsCount(1)).toBe('1 год');
    expect(yearsCount(14)).toBe('14 лет');
    expect(yearsCount(22)).toBe('22 года');
    expect(lessonsCount(31)).toBe('31 занятие');
  });
});
