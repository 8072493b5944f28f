// The notices a person chooses channels for besides reminders and changes (issue 36, «What goes there»): a waiting
// list's place given, a payment received or refunded, a homework decision. Their letters are composed
// where they always were; queueNotices records each by e-mail, in Telegram or both, as the person gets that kind
// (repositories/telegram/telegramOutboxRepository.ts `wantsChannel`). In Telegram a notice is the letter's subject and
// text (links in it are clickable there); the whole letter rides along, so that a chat that blocked the bot gets it by
// e-mail instead (telegramQueue.ts).
import type { NotificationKind } from '../../../../common/telegram.ts';
import type { Db, Tx } from '../../db/client.ts';
import { channelsOfPeople, insertTelegrams } from '../../repositories/telegram/telegramOutboxRepository.ts';
import { queueLetters, type QueuedLetter } from '../letters/letterQueue.ts';

/** Which letters are which kind of notice; any other letter is an e-mail only. */
export const NOTICE_KINDS: Record<string, NotificationKind> = {
  promotion: 'waitingList',
  receipt: 'payments',
  refund: 'payments',
  'late-payment-refund': 'payments',
  'homework-decision': 'homework',
  // Course news (mailings) are routed by services/mutabo/mailings.ts: only where the news consent is recorded.
};

/** Telegram's longest message. */
const TELEGRAM_TEXT_MAX = 4096;

export function noticeText(letter: Pick<QueuedLetter, 'subject' | 'text'>): string {
  const text = `${letter.subject}\n\n${letter.text}`;
  return text.length <= TELEGRAM_TEXT_MAX ? text : `${text.slice(0, TELEGRAM_TEXT_MAX - 1)}…`;
}

let noticeCounter = 0;

/** Whether the app's config has a bot: services whose config type is narrower than AppConfig ask it this way. */
export const telegramOn = (config: object): boolean => Boolean((config as { telegram?: unknown }).telegram);

/**
 * Records the letters, in the caller's transaction: a notice to a person who gets its kind in Telegram as a Telegram
 * message (and as a letter too when they chose both); every other letter as it is. `config` is the app's (its
 * `telegram` set when the site has a bot); the letters' narrower config types do not name it, hence optional here.
 */
export async function queueNotices(db: Db | Tx, config: object, letters: readonly QueuedLetter[]): Promise<void> {
  const botOn = telegramOn(config);
  const routed = new Map<NotificationKind, number[]>();
  for (const letter of letters) {
    const kind = NOTICE_KINDS[letter.kind];
    if (kind && typeof letter.userId === 'number') routed.set(kind, [...(routed.get(kind) ?? []), letter.userId]);
  }
  if (!botOn || routed.size === 0) return queueLetters(db, letters);
  const channels = new Map<NotificationKind, Awaited<ReturnType<typeof channelsOfPeople>>>();
  for (const [kind, userIds] of routed) channels.set(kind, await channelsOfPeople(db, [...new Set(userIds)], kind, botOn));
  const byEmail: QueuedLetter[] = [];
  const inTelegram: Parameters<typeof insertTelegrams>[1][number][] = [];
  for (const letter of letters) {
    const kind = NOTICE_KINDS[letter.kind];
    const userId = letter.userId;
    const found = kind && typeof userId === 'number' ? channels.get(kind) : undefined;
    if (!found || typeof userId !== 'number') {
      byEmail.push(letter);
      continue;
    }
    if (found.email.has(userId)) byEmail.push(letter);
    if (found.telegram.has(userId)) {
      inTelegram.push({
        kind: 'notice',
        userId,
        payload: { text: noticeText(letter), letter: { ...letter } },
        dedupeKey: letter.dedupeKey ? `${letter.dedupeKey}:telegram` : `notice:${letter.kind}:${userId}:${Date.now()}:${++noticeCounter}`,
      });
    }
  }
  await queueLetters(db, byEmail);
  await insertTelegrams(db, inTelegram);
}
