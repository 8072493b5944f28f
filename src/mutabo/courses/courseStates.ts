// A course's states as the area names them, and what each means for visitors (said before the state changes).
import type { CourseState, LessonState } from '../../../common/wireTypes.ts';

export const COURSE_STATE_LABELS: Record<CourseState, string> = {
  draft: 'Черновик',
  announced: 'Анонс',
  can_be_subscribed: 'Идёт запись',
};

export const COURSE_STATE_ORDER: readonly CourseState[] = ['draft', 'announced', 'can_be_subscribed'];

/** What visitors see in each state: the confirmation of a state change says it. */
export const COURSE_STATE_VISITORS: Record<CourseState, string> = {
  draft: 'Курс скрыт: посетители его не видят ни в каталоге, ни по ссылке. Видят только авторы курса.',
  announced: 'Курс виден в каталоге и на своей странице, но записаться и оплатить его нельзя.',
  can_be_subscribed: 'Курс виден в каталоге, на него можно записаться и оплатить уроки.',
};

export const LESSON_STATE_LABELS: Record<LessonState, string> = {
  draft: 'Черновик',
  published: 'Опубликован',
};
