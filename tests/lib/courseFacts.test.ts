import type { Lesson, LessonState, ParticipationState } from '../../common/wireTypes.ts';
import {
  AGE_GROUP_FACTS,
  AGE_GROUP_LABELS,
  courseByAuthors,
  courseStart,
  courseVolume,
  enrollmentHeading,
  publishedLessons,
} from '../../src/lib/courseFacts.ts';

function lesson(number: number, duration = 90, overrides: Partial<Lesson> = {}): Lesson {
  return {
    id: number * 10,
    course: 1,
    number,
    title: `Занятие ${number}`,
    content: '',
    duration,
    state: 'published',
    hasFreePlaces: true,
    participationState: null,
    participant: null,
    startsAt: null,
    hasRecording: false,
    recordingDuration: null,
    ...overrides,
  };
}

const volume = (lessons: Lesson[], fullYear = false) => courseVolume({ fullYear, lessons });

describe('the course volume', () => {
  it('counts lessons with the range of their durations', () => {
    const lessons = [lesson(1, 60), lesson(2, 90), lesson(3, 75), lesson(4), lesson(5), lesson(6), lesson(7), lesson(8)];
    expect(volume(lessons)).toBe('8 занятий по 60–90 минут');
  });

  it('shows one duration when all lessons are as long', () => {
    expect(volume([lesson(1), lesson(2), lesson(3), lesson(4)])).toBe('4 занятия по 90 минут');
    expect(volume([lesson(1, 45)])).toBe('1 занятие по 45 минут');
  });

  it('agrees the words with the numbers', () => {
    expect(volume([lesson(1, 1)])).toBe('1 занятие по 1 минуте');
    expect(volume([lesson(1, 2), lesson(2, 22)])).toBe('2 занятия по 2–22 минуты');
    expect(volume(Array.from({ length: 11 }, (_, index) => lesson(index + 1, 120)))).toBe('11 занятий по 120 минут');
    expect(volume(Array.from({ length: 21 }, (_, index) => lesson(index + 1, 61)))).toBe('21 занятие по 61 минуте');
  });

  it('leaves out durations that are not set', () => {
    expect(volume([lesson(1, 0), lesson(2, 0)])).toBe('2 занятия');
    expect(volume([lesson(1, 0), lesson(2, 60)])).toBe('2 занятия по 60 минут');
  });

  it('does not count draft lessons', () => {
    expect(volume([lesson(1, 60), lesson(2, 180, { state: 'draft' }), lesson(3, 60)])).toBe('2 занятия по 60 минут');
  });

  it('calls a full-year course a yearly course, whatever its lessons', () => {
    expect(volume([lesson(1), lesson(2)], true)).toBe('годовой курс');
    expect(volume([], true)).toBe('годовой курс');
  });

  it('says the lesson list is not published yet when there are no lessons, or only drafts', () => {
    expect(volume([])).toBe('список занятий ещё не опубликован');
    expect(volume([lesson(1, 90, { state: 'draft' })])).toBe('список занятий ещё не опубликован');
  });
});

describe('the lessons shown', () => {
  it('hides drafts and orders by number', () => {
    const states: [number, LessonState][] = [
      [3, 'published'],
      [1, 'published'],
      [2, 'draft'],
      [4, 'published'],
    ];
    expect(publishedLessons(states.map(([number, state]) => lesson(number, 90, { state }))).map((l) => l.number)).toEqual([1, 3, 4]);
  });
});

describe('the start date', () => {
  it('is written in full, or «дата уточняется» when unknown', () => {
    expect(courseStart('2026-12-03')).toBe('03.12.2026');
    expect(courseStart('2027-01-09T10:00:00+03:00')).toBe('09.01.2027');
    expect(courseStart(null)).toBe('дата уточняется');
  });
});

describe('the age group', () => {
  it('has a label for cards and filters and a fact for the course page', () => {
    expect(AGE_GROUP_LABELS.DISCIPLES_AGE_CHILDREN).toBe('Для детей');
    expect(AGE_GROUP_LABELS.DISCIPLES_AGE_ADULTS).toBe('Для взрослых');
    expect(AGE_GROUP_FACTS.DISCIPLES_AGE_CHILDREN).toBe('подростки 11–17 лет');
    expect(AGE_GROUP_FACTS.DISCIPLES_AGE_ADULTS).toBe('взрослые');
  });
});

describe('the authors line', () => {
  it('names the authors in the genitive', () => {
    expect(courseByAuthors([{ genitive: 'Анны Мельниковой' }])).toBe('Курс Анны Мельниковой');
    expect(courseByAuthors([{ genitive: 'Анны Мельниковой' }, { genitive: 'Михаила Орлова' }])).toBe(
      'Курс Анны Мельниковой и Михаила Орлова',
    );
    expect(courseByAuthors([{ genitive: 'А' }, { genitive: 'Б' }, { genitive: 'В' }])).toBe('Курс А, Б и В');
    expect(courseByAuthors([])).toBe('');
  });
});

describe('the side panel heading', () => {
  const withState = (hasFreePlaces: boolean, participationState: ParticipationState | null = null) =>
    lesson(1, 90, { hasFreePlaces, participationState });

  it('is «Участник курса» once a lesson is bought', () => {
    expect(enrollmentHeading([withState(false, 'approved'), withState(true)])).toBe('Участник курса');
  });

  it('is «Идёт набор» while a lesson has free places', () => {
    expect(enrollmentHeading([withState(false, 'reserved'), withState(true)])).toBe('Идёт набор');
  });

  it('is «Все места распроданы» otherwise', () => {
    expect(enrollmentHeading([withState(false), withState(false, 'waiting_list')])).toBe('Все места распроданы');
    expect(enrollmentHeading([])).toBe('Все места распроданы');
  });
});
