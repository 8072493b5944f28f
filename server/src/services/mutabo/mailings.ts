// An author's letters to a course's news subscribers or participants (or to themselves, to check it): the mailing is
// recorded with one queued letter per recipient in one transaction and delivered by the letter queue's workers in
// the background; its history shows each letter's result. Every letter carries the recipient's own unsubscribe link.
// A subscriber of the course's news who bound Telegram and chose it for news gets it there (issue 36; the news
// consent is recorded with the subscription); everyone else, and whoever chose both, by e-mail.
import {
  MAILING_REASONS,
  mailingMessages as mm,
  type MailingAudienceCounts,
  type MailingCreate,
  type MailingCreated,
  type MutaboMailing,
  type MutaboMailingSummary,
} from '../../../../common/mutabo/mailings.ts';
import type { AppConfig } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { HttpError } from '../../http/errors.ts';
import { audienceMembers, audiences, findMailing, insertMailing, mailingRecipients, mailingsOfCourse, subscribedAmong, type AudienceMember } from '../../repositories/letters/mailingsRepository.ts';
import { ledCourse } from '../../repositories/ledCourses.ts';
import { channelsOfPeople, insertTelegrams } from '../../repositories/telegram/telegramOutboxRepository.ts';
import type { Executor } from '../../db/client.ts';
import { queueLetters, type QueuedLetter } from '../letters/letterQueue.ts';
import { noticeText, telegramOn } from '../telegram/notices.ts';
import { renderLetter } from '../letters/template.ts';
import { courseAnswers } from '../letters/replyTo.ts';
import { listUnsubscribeHeaders, unsubscribeLink } from '../letters/unsubscribeLinks.ts';
import { mutaboErrors, type Caller } from './context.ts';

export interface MailingsDeps {
  db: Db;
  config: Pick<AppConfig, 'publicUrl' | 'operatorName' | 'jwtSecret'> & Partial<Pick<AppConfig, 'telegram'>>;
}

/** 404 for a course the caller does not lead, or for no course (a malformed id): checked before a mailing's form is read. */
export async function refuseUnledMailingCourse(deps: Pick<MailingsDeps, 'db'>, caller: Caller, courseId: number | null): Promise<void> {
  if (courseId === null || !(await ledCourse(deps.db, caller.authorId, courseId))) throw mutaboErrors.courseNotFound();
}

/** Letters recorded per statement: a mailing to thousands is a few inserts. */
const INSERT_CHUNK = 500;

const mailingNotFound = () => new HttpError(404, { detail: mm.mailingNotFound });

/** One recipient's letter: the author's text, the course page as the button, and the personal unsubscribe link. */
export function newsLetter(config: MailingsDeps['config'], course: { id: number; title: string }, mailing: MailingCreate, member: AudienceMember): Omit<QueuedLetter, 'kind'> {
  const coursePage = `${config.publicUrl}/courses/${course.id}`;
  const unsubscribe = unsubscribeLink(config, member.id, course.id);
  const letter = renderLetter(config, {
    to: member.email,
    subject: mailing.subject,
    text: `${mailing.text}\n\nСтраница курса: ${coursePage}`,
    action: { label: 'Открыть страницу курса', url: coursePage },
    footer: [MAILING_REASONS[mailing.to](course.title), `Отписаться от новостей курса: ${unsubscribe}`],
    headers: listUnsubscribeHeaders(unsubscribe),
  });
  // A reply to the news goes to the course's first author, who signs it.
  return { ...letter, answeredBy: courseAnswers(course) };
}

async function courseOf(deps: MailingsDeps, caller: Caller, courseId: number) {
  const course = await ledCourse(deps.db, caller.authorId, courseId);
  if (!course) throw mutaboErrors.courseNotFound();
  return course;
}

/** Who of these members gets the course's news by e-mail and who in Telegram (someone who chose both, in both). */
async function newsChannels(db: Executor, config: MailingsDeps['config'], courseId: number, members: readonly AudienceMember[]) {
  const ids = members.map((member) => member.id);
  if (!telegramOn(config)) return { email: new Set(ids), telegram: new Set<number>() };
  const subscribed = await subscribedAmong(db, courseId, ids);
  const chosen = await channelsOfPeople(db, [...subscribed], 'news', true);
  return { email: new Set(ids.filter((id) => !subscribed.has(id) || chosen.email.has(id))), telegram: chosen.telegram };
}

export async function mailingAudience(deps: MailingsDeps, caller: Caller, courseId: number): Promise<MailingAudienceCounts> {
  await courseOf(deps, caller, courseId);
  const found = await audiences(deps.db, courseId);
  const count = async (members: AudienceMember[]) => {
    const channels = await newsChannels(deps.db, deps.config, courseId, members);
    return { email: channels.email.size, telegram: channels.telegram.size };
  };
  return {
    subscribers: found.subscribers.length,
    participants: found.participants.length,
    channels: { subscribers: await count(found.subscribers), participants: await count(found.participants) },
  };
}

/** The news in Telegram: the letter's subject and text (with the unsubscribe link), the course page as the button. */
function newsTelegram(config: MailingsDeps['config'], course: { id: number }, mailingId: number, letter: QueuedLetter) {
  return {
    kind: 'notice',
    userId: letter.userId!,
    mailingId,
    dedupeKey: `${letter.dedupeKey}:telegram`,
    // The whole letter rides along: a chat that blocked the bot gets it by e-mail instead.
    payload: { text: noticeText(letter), button: { text: 'Открыть страницу курса', url: `${config.publicUrl}/courses/${course.id}` }, letter: { ...letter } },
  };
}

/** Records the mailing and its letters; 409 when the audience is empty. The letters go after the commit. */
export async function createMailing(deps: MailingsDeps, caller: Caller, courseId: number, mailing: MailingCreate): Promise<MailingCreated> {
  const course = await courseOf(deps, caller, courseId);
  return deps.db.transaction(async (tx) => {
    const members = await audienceMembers(tx, courseId, mailing.to, caller.userId);
    if (members.length === 0) throw new HttpError(409, { detail: mm.noRecipients });
    const id = await insertMailing(tx, { courseId, userId: caller.userId, audience: mailing.to, subject: mailing.subject, text: mailing.text });
    const channels = await newsChannels(tx, deps.config, courseId, members);
    for (let start = 0; start < members.length; start += INSERT_CHUNK) {
      const letters: QueuedLetter[] = members.slice(start, start + INSERT_CHUNK).map((member) => ({
        kind: 'news',
        userId: member.id,
        mailingId: id,
        dedupeKey: `mailing:${id}:${member.id}`,
        ...newsLetter(deps.config, course, mailing, member),
      }));
      await queueLetters(tx, letters.filter((letter) => channels.email.has(letter.userId!)));
      await insertTelegrams(tx, letters.filter((letter) => channels.telegram.has(letter.userId!)).map((letter) => newsTelegram(deps.config, course, id, letter)));
    }
    return { id };
  });
}

export async function listMailings(deps: MailingsDeps, caller: Caller, courseId: number): Promise<MutaboMailingSummary[]> {
  await courseOf(deps, caller, courseId);
  return mailingsOfCourse(deps.db, courseId);
}

/** A mailing of a course the caller leads, with every recipient's result; 404 otherwise. */
export async function getMailing(deps: MailingsDeps, caller: Caller, mailingId: number): Promise<MutaboMailing> {
  const mailing = await findMailing(deps.db, mailingId);
  if (!mailing || !(await ledCourse(deps.db, caller.authorId, mailing.courseId))) throw mailingNotFound();
  return { ...mailing, recipients: await mailingRecipients(deps.db, mailingId) };
}
