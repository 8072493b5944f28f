// The test-course rule (common/catalogue.ts isTestCourse): a word starting with «тест» hides a course, a word that
// merely contains it does not (issue 22, item 5).
import { catalogueCourses, isTestCourse } from '../../common/catalogue.ts';

describe('a test course', () => {
  it.each([
    'Тест',
    'ТЕСТ',
    'тест',
    'Тестовый курс',
    'Курс для тестирования оплаты',
    'Про ТЕСТы',
    'Тест-драйв',
    'Мини-тест по Пушкину',
    '«Тест» для своих',
    '"Тестовый" курс',
    'Курс (тест)',
    'Ещё тест',
    'Всё—тест',
    'курс_тест',
    'Тест\u00a02',
  ])('«%s» is hidden', (title) => {
    expect(isTestCourse(title)).toBe(true);
  });

  it.each([
    'Поэзия протеста',
    'Аттестация по литературе',
    'Протестантизм и Достоевский',
    'Контестация',
    // ё is a letter: «тест» after it is inside a word.
    'Всётест',
    // Digits are part of a word too.
    '2тест',
    // Only the Russian word: Latin «test» is an ordinary word, and «тёст» is not «тест».
    'Test drive',
    'Testament',
    'Тёст',
    'Литература',
    '',
  ])('«%s» is listed', (title) => {
    expect(isTestCourse(title)).toBe(false);
  });

  it('reads a title in either Unicode form of й and ё', () => {
    const decomposed = 'Мой тест'.normalize('NFD');
    expect(decomposed).not.toBe('Мой тест');
    expect(isTestCourse(decomposed)).toBe(true);
    // «ё» written as е + U+0308 is still one letter: the word does not start with «тест».
    expect(isTestCourse('Всётест'.normalize('NFD'))).toBe(false);
  });

  it('is the catalogue’s rule', () => {
    const course = (id: number, title: string) => ({ id, title, state: 'can_be_subscribed' as const, disciplesAge: 'DISCIPLES_AGE_ADULTS' as const });
    const shown = catalogueCourses([course(1, 'Поэзия протеста'), course(2, 'Тест-драйв'), course(3, 'Аттестация'), course(4, 'Тестовый курс')]);
    expect(shown.map((c) => c.id)).toEqual([1, 3]);
  });
});
