// Who answers a letter. Every letter comes from MAIL_FROM (noreply@ by default); its Reply-To names the person a reply
// should reach: a course's letters (news, lesson changes, approvals, promotions, reminders, the queue) its first
// author, the account and payment letters the seller (the address of the seller's details, else OPERATOR_EMAIL).
// A letter says which (`answeredBy`); the letter queue turns it into the header when it records the letter, in the
// transaction that queues it (letterQueue.ts), and a letter composed when it is sent (an approval, a reminder) then.
import type { AppConfig } from '../../config.ts';
import type { Executor } from '../../db/client.ts';
import { firstAuthorsOf, type Mailbox } from '../../repositories/letters/letterDeliveryRepository.ts';
import { readSeller } from '../../repositories/payments/sellerRepository.ts';
import type { Answerer, MailMessage } from './mailMessage.ts';

export const courseAnswers = (course: { id: number }): Answerer => ({ course: course.id });
export const sellerAnswers = (config: Pick<AppConfig, 'operatorName' | 'operatorEmail'>): Answerer => ({ seller: true, operator: { name: config.operatorName, email: config.operatorEmail } });

/** Where a letter's row keeps its Reply-To: among its headers (outbox_letters.headers), taken out again to send it. */
const REPLY_TO = 'Reply-To';

/** The headers a letter is recorded with: its own, and its Reply-To. */
export function storedHeaders(letter: Pick<MailMessage, 'headers' | 'replyTo'>): Record<string, string> {
  return letter.replyTo ? { ...letter.headers, [REPLY_TO]: letter.replyTo } : { ...letter.headers };
}

/** A recorded letter's headers, and its Reply-To apart (the transport sets it). */
export function recordedHeaders(headers: Record<string, string>): { headers: Record<string, string>; replyTo?: string } {
  const { [REPLY_TO]: replyTo, ...rest } = headers;
  return replyTo ? { headers: rest, replyTo } : { headers: rest };
}

/** `"Name" <address>`, or the address alone without a name; the quotes and backslashes of a name are dropped. */
function mailboxHeader(mailbox: Mailbox): string {
  const name = mailbox.name.replace(/["\\\r\n]/g, '').trim();
  return name ? `"${name}" <${mailbox.email}>` : mailbox.email;
}

/**
 * The letters with their answerer made their `replyTo` (none when the answerer has no address), read in `db` (the
 * transaction that records them): one query for the courses' first authors, one for the seller.
 */
export async function withReplyTo<T extends MailMessage>(db: Executor, letters: readonly T[]): Promise<T[]> {
  if (!letters.some((letter) => letter.answeredBy)) return [...letters];
  const courseIds = letters.flatMap((letter) => (letter.answeredBy && 'course' in letter.answeredBy ? [letter.answeredBy.course] : []));
  const [authorsByCourse, seller] = await Promise.all([
    firstAuthorsOf(db, courseIds),
    letters.some((letter) => letter.answeredBy && 'seller' in letter.answeredBy) ? readSeller(db) : null,
  ]);
  return letters.map((letter) => {
    const { answeredBy, ...rest } = letter;
    if (!answeredBy) return letter;
    let mailbox: Mailbox | undefined;
    if ('course' in answeredBy) mailbox = authorsByCourse.get(answeredBy.course);
    else if (seller?.email) mailbox = { name: seller.name || answeredBy.operator.name, email: seller.email };
    else if (answeredBy.operator.email) mailbox = { name: answeredBy.operator.name, email: answeredBy.operator.email };
    return (mailbox ? { ...rest, replyTo: mailboxHeader(mailbox) } : rest) as T;
  });
}
