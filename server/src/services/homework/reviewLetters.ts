// The letters of the authors' side of homework (issue 35, docs/HOMEWORK.md), in the site's template: the decision on
// an answer, to its participant (queued in the decision's transaction), and the daily digest of new answers, to each
// author (queued by the digest sweep, digest.ts). The author's comment and the people's names are user text: shown as
// written, never as links (userText).
import { pluralize } from '../../../../common/plural.ts';
import { SITE_ROUTES } from '../../../../common/sitePaths.ts';
import { greeting, letter, signature, type LetterContext, type Recipient } from '../places/enrollmentLetters.ts';
import type { MailMessage } from '../letters/mail.ts';
import { courseAnswers, sellerAnswers } from '../letters/replyTo.ts';
import { userText } from '../letters/userText.ts';

type Config = LetterContext['config'];

/** Where the authors' queue is on the site. */
export const MUTABO_HOMEWORK_ROUTE = '/mutabo/homework';

export interface DecisionFacts {
  decision: 'accepted' | 'returned';
  comment: string;
  lesson: { id: number; number: number; title: string };
  course: { id: number; title: string };
}

const decisionWords = { accepted: 'принято', returned: 'нужно доработать' } as const;

export const decisionSubject = (facts: Pick<DecisionFacts, 'decision' | 'lesson'>) =>
  `Задание к занятию ${facts.lesson.number} «${facts.lesson.title}»: ${decisionWords[facts.decision]}`;

/** The assignment's own page, where the thread is and where a returned answer is sent again. */
const homeworkPage = (config: Config, lessonId: number) => ({ label: 'Открыть задание', url: `${config.publicUrl}${SITE_ROUTES.lessonHomework.replace(':id', String(lessonId))}` });

/** To the participant: the decision, the author's comment quoted, and the assignment's page where they answer again. */
export function decisionLetter(config: Config, recipient: Recipient, facts: DecisionFacts): MailMessage {
  const page = homeworkPage(config, facts.lesson.id);
  const about = `ваш ответ на задание к занятию ${facts.lesson.number} «${facts.lesson.title}» курса «${facts.course.title}»`;
  const told = facts.decision === 'accepted' ? `Автор курса проверил ${about}. Ответ принят.` : `Автор курса проверил ${about} и просит его доработать.`;
  // The comment quoted line by line, as a reply quotes a letter.
  const comment = facts.comment.trim();
  const quote = (text: string) => text.split('\n').map((line) => `> ${line}`).join('\n');
  const quoted = comment ? [`Комментарий автора:\n${quote(userText(comment))}`] : [];
  const next =
    facts.decision === 'accepted'
      ? `Задание и все ваши ответы — на странице задания: ${page.url}`
      : `Отправить исправленный ответ можно на странице задания: ${page.url}`;
  const text = [greeting(recipient), told, ...quoted, next, 'Если у вас есть вопросы, ответьте на это письмо.', signature(config)].join('\n\n');
  return { ...letter(config, recipient.email, decisionSubject(facts), text, page), answeredBy: courseAnswers(facts.course) };
}

const ANSWER_FORMS = ['ответ', 'ответа', 'ответов'] as const;

export interface DigestLesson {
  number: number;
  title: string;
  /** The names of those who answered, in the order they answered (a person once). */
  people: string[];
  answers: number;
}

export interface DigestCourse {
  title: string;
  lessons: DigestLesson[];
}

export const digestSubject = (answers: number) => `Новые ответы на задания: ${pluralize(answers, ANSWER_FORMS)}`;

/** To an author: the answers sent since the last digest, by course and lesson, with the way to the queue. */
export function digestLetter(config: Config, recipient: Recipient, courses: DigestCourse[]): MailMessage {
  const total = courses.reduce((sum, course) => sum + course.lessons.reduce((inCourse, lesson) => inCourse + lesson.answers, 0), 0);
  const queue = `${config.publicUrl}${MUTABO_HOMEWORK_ROUTE}`;
  const blocks = courses.map(
    (course) =>
      `Курс «${course.title}»\n${course.lessons
        .map((lesson) => `Занятие ${lesson.number} «${lesson.title}»: ${pluralize(lesson.answers, ANSWER_FORMS)} (${lesson.people.map(userText).join(', ')})`)
        .join('\n')}`,
  );
  const text = [
    greeting(recipient),
    `Участники прислали ${pluralize(total, ANSWER_FORMS)} на задания ваших курсов со времени прошлого письма.`,
    ...blocks,
    `Прочитать их и принять решение можно в разделе «Задания» кабинета автора: ${queue}`,
    'Это письмо приходит раз в день, когда есть новые ответы.',
    signature(config),
  ].join('\n\n');
  // A reply reaches the site's operator (the seller), as the account letters' do.
  return { ...letter(config, recipient.email, digestSubject(total), text, { label: 'Открыть задания', url: queue }), answeredBy: sellerAnswers(config) };
}
