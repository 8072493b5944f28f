// Who leads a course: a change of its authors is recorded in the course's history with their names (entity
// `authors`, written by whoever made it), and an author added or removed by someone else is told by a letter queued
// in the change's transaction (services/letters/letterQueue.ts). A course keeps at least one author.
import { SITE_ROUTES } from '../../../../common/sitePaths.ts';
import type { Tx } from '../../db/client.ts';
import { authorPeople, type AuthorPerson } from '../../repositories/mutabo/coursesRepository.ts';
import { greeting, letter, signature, type LetterContext, type Recipient } from '../places/enrollmentLetters.ts';
import { queueLetters, type QueuedLetter } from '../letters/letterQueue.ts';
import { userText } from '../letters/userText.ts';
import type { MailMessage } from '../letters/mail.ts';
import { recordWrite } from './audit.ts';
import type { Caller } from './context.ts';

type Config = LetterContext['config'];
type CourseRef = { id: number; title: string };

export const courseAuthorMessages = {
  lastAuthor: 'У курса должен остаться хотя бы один автор.',
};

const areaCourseUrl = (config: Config, course: CourseRef) => `${config.publicUrl}${SITE_ROUTES.admin}/courses/${course.id}`;

function authorAddedLetter(config: Config, recipient: Recipient, course: CourseRef, by: string): MailMessage {
  const url = areaCourseUrl(config, course);
  const text = [
    greeting(recipient),
    `Вас добавили в авторы курса «${course.title}». Кто добавил: ${userText(by)}.`,
    `Курс теперь есть в вашем разделе авторов: ${url}`,
    signature(config),
  ].join('\n\n');
  return letter(config, recipient.email, `Вы — автор курса «${course.title}»`, text, { label: 'Открыть курс', url });
}

function authorRemovedLetter(config: Config, recipient: Recipient, course: CourseRef, by: string): MailMessage {
  const text = [
    greeting(recipient),
    `Вас убрали из авторов курса «${course.title}». Кто убрал: ${userText(by)}.`,
    'Курса больше нет в вашем разделе авторов. Если это ошибка, попросите других авторов курса добавить вас снова.',
    signature(config),
  ].join('\n\n');
  return letter(config, recipient.email, `Вы больше не автор курса «${course.title}»`, text);
}

/**
 * In the transaction of the change from `before` to `after` (author ids in order): the history's record, and a letter
 * to each author added or removed by someone else (the caller knows what they did to themselves).
 */
export async function recordAuthorsChange(tx: Tx, config: Config, caller: Caller, course: CourseRef, before: number[], after: number[]): Promise<void> {
  const people = await authorPeople(tx, [...new Set([...before, ...after, caller.authorId])]);
  const named = (ids: number[]) => ids.map((id) => ({ id, name: people.get(id)?.name ?? '' }));
  await recordWrite(tx, { userId: caller.userId, entity: 'authors', entityId: course.id, courseId: course.id, action: 'update', before: { authors: named(before) }, after: { authors: named(after) } });

  const by = people.get(caller.authorId)?.name ?? '';
  const letters: QueuedLetter[] = [];
  const tell = (id: number, kind: string, build: (recipient: Recipient) => MailMessage) => {
    const person: AuthorPerson | undefined = people.get(id);
    if (id === caller.authorId || !person?.email) return;
    letters.push({ kind, userId: person.userId, ...build({ email: person.email, firstName: person.firstName }) });
  };
  for (const id of after.filter((id) => !before.includes(id))) tell(id, 'author-added', (recipient) => authorAddedLetter(config, recipient, course, by));
  for (const id of before.filter((id) => !after.includes(id))) tell(id, 'author-removed', (recipient) => authorRemovedLetter(config, recipient, course, by));
  await queueLetters(tx, letters);
}
