// Binding a Telegram chat to an account (issue 36, docs/TELEGRAM.md, «Binding»). The profile asks for a deep link
// https://t.me/<bot>?start=<code>: the code is random, single-use, valid 15 minutes and kept only as its SHA-256. The
// bot's `/start <code>` binds the chat that sent it (one chat per account, one account per chat: a new binding
// replaces the old); `/stop`, or «Отключить» in the profile, unbinds. What the bot answers is decided here, and it
// never names an account to a chat the code does not bind.
import { createHash, randomBytes } from 'node:crypto';
import { botReplies, TELEGRAM_CODE_MINUTES, TELEGRAM_CODE_PATTERN, telegramMessages, type TelegramLink, type TelegramStatus } from '../../../../common/telegram.ts';
import type { AppConfig, TelegramSettings } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { HttpError } from '../../http/errors.ts';
import { bindChat, chatOf, insertCode, lockedCode, markCodeUsed, unbindChat, unbindUser } from '../../repositories/telegram/telegramRepository.ts';

export interface BindingDeps {
  db: Db;
  config: Pick<AppConfig, 'publicUrl'> & { telegram: TelegramSettings | null };
}

const hashOf = (code: string) => createHash('sha256').update(code).digest('hex');

function requireBot(deps: BindingDeps): TelegramSettings {
  if (!deps.config.telegram) throw new HttpError(404, { detail: telegramMessages.notConfigured });
  return deps.config.telegram;
}

/** `POST /api/v1/users/me/telegram/`: a new deep link (32 random bytes, base64url: 43 characters). */
export async function createBindingLink(deps: BindingDeps, userId: number, now = new Date()): Promise<TelegramLink> {
  const bot = requireBot(deps);
  const code = randomBytes(32).toString('base64url');
  const expiresAt = new Date(now.getTime() + TELEGRAM_CODE_MINUTES * 60_000);
  await insertCode(deps.db, hashOf(code), userId, expiresAt);
  return { url: `https://t.me/${bot.username}?start=${code}`, expiresAt: expiresAt.toISOString() };
}

/** `GET /api/v1/users/me/telegram/`. Without a bot: not bound, `bot` null (the profile offers nothing). */
export async function bindingStatus(deps: BindingDeps, userId: number): Promise<TelegramStatus> {
  if (!deps.config.telegram) return { bound: false, name: '', bot: null };
  const chat = await chatOf(deps.db, userId);
  return { bound: chat !== null, name: chat?.name ?? '', bot: deps.config.telegram.username };
}

/** `DELETE /api/v1/users/me/telegram/`: 204 whether or not a chat was bound (the result is the same). */
export async function unbindAccount(deps: BindingDeps, userId: number): Promise<void> {
  requireBot(deps);
  await unbindUser(deps.db, userId);
}

/** The chat a message came from, as Telegram describes it. */
export interface IncomingChat {
  id: number;
  /** Only private chats bind: a group would hand one person's reminders to everyone in it. */
  type: string;
  name: string;
}

const siteName = (config: BindingDeps['config']) => new URL(config.publicUrl).host;
const fill = (text: string, values: Record<string, string>) => text.replace(/\{(\w+)\}/g, (whole, key: string) => values[key] ?? whole);

/** The bot's `/start [code]`: binds the chat when the code is good, and says what happened. */
export async function startCommand(deps: BindingDeps, chat: IncomingChat, payload: string, now = new Date()): Promise<string> {
  const site = siteName(deps.config);
  const code = payload.trim();
  if (code === '') return fill(botReplies.hello, { site });
  if (chat.type !== 'private' || !TELEGRAM_CODE_PATTERN.test(code)) return botReplies.codeUnknown;
  const codeHash = hashOf(code);
  return deps.db.transaction(async (tx) => {
    const row = await lockedCode(tx, codeHash);
    if (row === null) return botReplies.codeUnknown;
    if (row.deletedAt !== null) return botReplies.accountGone;
    if (row.usedAt !== null) return botReplies.codeUsed;
    if (row.expiresAt.getTime() <= now.getTime()) return botReplies.codeExpired;
    await markCodeUsed(tx, codeHash, now);
    await bindChat(tx, row.userId, chat.id, chat.name.slice(0, 200), now);
    const name = `${row.firstName} ${row.lastName}`.trim() || row.email;
    return fill(botReplies.bound, { name, site });
  });
}

/** The bot's `/stop`: unbinds the chat. */
export async function stopCommand(deps: Pick<BindingDeps, 'db'>, chatId: number): Promise<string> {
  return (await unbindChat(deps.db, chatId)) ? botReplies.stopped : botReplies.notBoundStop;
}
