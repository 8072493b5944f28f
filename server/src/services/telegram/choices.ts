// Where each kind of message goes (issue 36, docs/TELEGRAM.md, «What goes there»): the person's channels per kind,
// e-mail, Telegram or both; until they choose, DEFAULT_CHOICES (reminders and changes to Telegram, the rest by e-mail).
// A choice of Telegram while no chat is bound is kept and means e-mail until one is (repositories/telegram/telegramOutboxRepository.ts wantsChannel).
import { z } from 'zod';
import { DEFAULT_CHOICES, NOTIFICATION_CHANNELS, NOTIFICATION_KINDS, telegramMessages, type NotificationChannel, type NotificationChoices } from '../../../../common/telegram.ts';
import type { Executor } from '../../db/client.ts';
import { HttpError } from '../../http/errors.ts';
import { saveChoices, storedChoices } from '../../repositories/telegram/telegramRepository.ts';

const isChannel = (value: unknown): value is NotificationChannel => (NOTIFICATION_CHANNELS as readonly unknown[]).includes(value);

/** One kind's channels; a wrong one is refused under the kind itself, not under an index of it. */
const channelList = z
  .array(z.unknown(), { error: telegramMessages.choicesInvalid })
  .max(NOTIFICATION_CHANNELS.length, telegramMessages.choicesInvalid)
  .refine((list) => list.length > 0, { error: telegramMessages.choiceEmpty, abort: true })
  .refine((list): list is NotificationChannel[] => list.every(isChannel) && new Set(list).size === list.length, telegramMessages.choicesInvalid)
  .transform((list) => list as NotificationChannel[]);

/** `PATCH /api/v1/users/me/notifications/`: any subset of the kinds; nothing else. */
export const choicesPatchSchema = z.strictObject(Object.fromEntries(NOTIFICATION_KINDS.map((kind) => [kind, channelList.optional()])) as Record<(typeof NOTIFICATION_KINDS)[number], z.ZodOptional<typeof channelList>>, {
  error: telegramMessages.choicesInvalid,
});

/** The stored choices over the defaults, each list in the order of NOTIFICATION_CHANNELS. */
function merged(stored: Record<string, string[]> | null): NotificationChoices {
  const choices = { ...DEFAULT_CHOICES };
  for (const kind of NOTIFICATION_KINDS) {
    const list = stored?.[kind];
    if (Array.isArray(list)) {
      const known = NOTIFICATION_CHANNELS.filter((channel) => list.includes(channel));
      if (known.length > 0) choices[kind] = known;
    }
  }
  return choices;
}

export async function notificationChoicesOf(db: Executor, userId: number): Promise<NotificationChoices> {
  return merged(await storedChoices(db, userId));
}

/** Saves the kinds given (the others keep their choice); Telegram cannot be chosen on a site without a bot. */
export async function patchNotificationChoices(
  deps: { db: Executor; config: { telegram: unknown } },
  userId: number,
  patch: z.output<typeof choicesPatchSchema>,
  now = new Date(),
): Promise<NotificationChoices> {
  const asked = NOTIFICATION_KINDS.filter((kind) => patch[kind]?.includes('telegram'));
  if (!deps.config.telegram && asked.length > 0) throw new HttpError(400, Object.fromEntries(asked.map((kind) => [kind, [telegramMessages.notConfigured]])));
  const current = merged(await storedChoices(deps.db, userId));
  const next: NotificationChoices = { ...current };
  for (const kind of NOTIFICATION_KINDS) {
    const list = patch[kind];
    if (list) next[kind] = NOTIFICATION_CHANNELS.filter((channel) => list.includes(channel));
  }
  await saveChoices(deps.db, userId, next, now);
  return next;
}
