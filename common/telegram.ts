// Messages in Telegram (issue 36, docs/TELEGRAM.md): a bot bound to the account, and per kind of message the person's
// choice of channels. What the server and the site both read: the kinds, the defaults, the wire shapes, the paths and
// the Russian texts.

/** The kinds of message a person chooses channels for. Account letters (confirmation, reset…) are always e-mail. */
export const NOTIFICATION_KINDS = ['reminders', 'changes', 'waitingList', 'payments', 'homework', 'news'] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];

export const NOTIFICATION_CHANNELS = ['email', 'telegram'] as const;
export type NotificationChannel = (typeof NOTIFICATION_CHANNELS)[number];

/** `GET /api/v1/users/me/notifications/` and the `PATCH` body (any subset): each kind's channels, one or both. */
export type NotificationChoices = Record<NotificationKind, NotificationChannel[]>;

/** Until a person chooses: reminders and changes to Telegram once it is bound, everything else by e-mail. */
export const DEFAULT_CHOICES: NotificationChoices = {
  reminders: ['telegram'],
  changes: ['telegram'],
  waitingList: ['email'],
  payments: ['email'],
  homework: ['email'],
  news: ['email'],
};

/**
 * Course news reach Telegram only where the person's news consent is recorded (a subscription to that course's news):
 * a letter to a course's participants goes by e-mail to those who did not subscribe, whatever they chose.
 */
export const NEWS_TELEGRAM_NOTE = 'В Telegram приходят новости курсов, на которые вы подписаны; письма участникам остальных курсов — по почте.';

/** The words of the profile's choices. */
export const NOTIFICATION_KIND_LABELS: Record<NotificationKind, string> = {
  reminders: 'Напоминания о занятиях (за сутки и за час)',
  changes: 'Перенос и отмена занятий',
  waitingList: 'Место из листа ожидания',
  payments: 'Оплата и возвраты',
  homework: 'Решения по заданиям',
  news: 'Новости курсов',
};

export const NOTIFICATION_CHANNEL_LABELS: Record<NotificationChannel, string> = { email: 'по почте', telegram: 'в Telegram' };

/** `POST /api/v1/users/me/telegram/`: the deep link that binds the bot, and until when its code works (ISO). */
export interface TelegramLink {
  url: string;
  expiresAt: string;
}

/** `GET /api/v1/users/me/telegram/`: whether a chat is bound, and its name as Telegram gave it ('' when not). */
export interface TelegramStatus {
  bound: boolean;
  name: string;
  /** The bot's username (without @), or null when the site has no bot: the profile then offers no Telegram. */
  bot: string | null;
}

/** A binding code: single-use, opaque, valid 15 minutes; Telegram's deep-link parameter allows A-Za-z0-9_- up to 64. */
export const TELEGRAM_CODE_PATTERN = /^[A-Za-z0-9_-]{1,64}$/;
export const TELEGRAM_CODE_MINUTES = 15;

export const TELEGRAM_API_PATH = '/api/v1/users/me/telegram/';
export const NOTIFICATIONS_API_PATH = '/api/v1/users/me/notifications/';
export const TELEGRAM_WEBHOOK_PATH = '/api/v1/telegram/webhook/';

export const telegramMessages = {
  notConfigured: 'Telegram на сайте не подключён.',
  notBound: 'Telegram не подключён к вашей учётной записи.',
  choicesInvalid: 'Для каждого вида сообщений выберите «по почте», «в Telegram» или оба.',
  choiceEmpty: 'Выберите хотя бы один способ: по почте или в Telegram.',
} as const;

/** What the bot says (plain text; `{name}` and `{site}` filled in). */
export const botReplies = {
  bound: 'Готово: этот чат связан с учётной записью {name} на сайте {site}. Сюда будут приходить напоминания о занятиях и сообщения о переносе и отмене занятий; остальное — как вы выберете в профиле на сайте. Чтобы отключить, отправьте /stop.',
  codeUsed: 'Эта ссылка уже использована. Откройте профиль на сайте и нажмите «Подключить Telegram» ещё раз.',
  codeExpired: 'Ссылка устарела: она действует 15 минут. Откройте профиль на сайте и нажмите «Подключить Telegram» ещё раз.',
  codeUnknown: 'Ссылка не подходит. Откройте профиль на сайте и нажмите «Подключить Telegram».',
  accountGone: 'Учётная запись, для которой была эта ссылка, удалена.',
  stopped: 'Готово: этот чат больше не связан с сайтом, сообщения будут приходить по почте. Подключить снова можно в профиле на сайте.',
  notBoundStop: 'Этот чат не связан ни с одной учётной записью.',
  hello: 'Здравствуйте! Этот бот присылает напоминания о занятиях и новости школы тем, кто подключил его в профиле на сайте {site}.',
} as const;
