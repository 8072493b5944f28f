// How a review names its author and its course: «Мария, 14 лет», «О курсе Анны Мельниковой и Михаила Орлова «…»».
import type { Feedback } from '../../../common/wireTypes.ts';
import { yearsCount } from '../../../common/plural.ts';

/** The author with the age when it is known: «Мария, 14 лет», «Сергей П., 21 год». */
export function feedbackAuthorLabel(feedback: Pick<Feedback, 'author' | 'authorAge'>): string {
  const age = feedback.authorAge;
  return age !== null && age > 0 ? `${feedback.author}, ${yearsCount(age)}` : feedback.author;
}

/** «О курсе Анны Мельниковой и Михаила Орлова «Достоевский»»; without authors: «О курсе «Достоевский»». */
export function feedbackCourseLine(feedback: Pick<Feedback, 'course' | 'courseAuthors'>): string {
  const authors = feedback.courseAuthors.map((author) => author.genitive).filter((name) => name.trim() !== '');
  return ['О курсе', authors.join(' и '), `«${feedback.course.title}»`].filter(Boolean).join(' ');
}
