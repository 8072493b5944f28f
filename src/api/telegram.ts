// The profile's Telegram calls (issue 36, common/telegram.ts): whether a chat is bound and which bot the site has, the
// deep link that binds one, unbinding, and the person's choice of channels per kind of message. A module of its own,
// imported only by the profile page's chunk, so the first bundle does not carry it.
import {
  NOTIFICATIONS_API_PATH,
  TELEGRAM_API_PATH,
  type NotificationChoices,
  type TelegramLink,
  type TelegramStatus,
} from '../../common/telegram.ts';
import { request } from './client.ts';

/** `{bound, name, bot}`; `bot` is null when the site has no bot. */
export const getTelegramStatus = () => request<TelegramStatus>(TELEGRAM_API_PATH);
/** A new single-use deep link (https://t.me/<bot>?start=<code>), valid 15 minutes. */
export const createTelegramLink = () => request<TelegramLink>(TELEGRAM_API_PATH, { method: 'POST' });
/** Unbinds the chat (204): messages go by e-mail again. */
export const unbindTelegram = () => request<undefined>(TELEGRAM_API_PATH, { method: 'DELETE' });

export const getNotificationChoices = () => request<NotificationChoices>(NOTIFICATIONS_API_PATH);
/** Any subset of the kinds; answers every kind's channels as saved. A 400 names the kind: `{reminders: ["…"]}`. */
export const updateNotificationChoices = (patch: Partial<NotificationChoices>) =>
  request<NotificationChoices>(NOTIFICATIONS_API_PATH, { method: 'PATCH', body: patch });
