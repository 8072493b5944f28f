// A course's news mailings in the authors' area: `GET/POST /api/v1/mutabo/courses/{id}/mailings/`,
// `GET /api/v1/mutabo/mailings/{id}/`.
import { z } from 'zod';
import { textField } from '../textFields.ts';
import { mutaboMessages as m } from './fields.ts';

/** Who a mailing goes to: the course's news subscribers, its participants (approved, reserved or paid), or the caller alone. */
export const MAILING_AUDIENCES = ['subscribers', 'participants', 'test'] as const;
export type MailingAudience = (typeof MAILING_AUDIENCES)[number];

export const MAILING_AUDIENCE_LABELS: Record<MailingAudience, string> = {
  subscribers: 'Подписчикам новостей курса',
  participants: 'Участникам курса',
  test: 'Только мне (проверка)',
};

/** A mailing is `sending` until every recipient is `sent` or `failed`; then `done`. */
export const MAILING_STATES = ['sending', 'done'] as const;
export type MailingState = (typeof MAILING_STATES)[number];

export const MAILING_RECIPIENT_STATES = ['pending', 'sent', 'failed'] as const;
export type MailingRecipientState = (typeof MAILING_RECIPIENT_STATES)[number];

export const MAILING_RECIPIENT_STATE_LABELS: Record<MailingRecipientState, string> = {
  pending: 'в очереди',
  sent: 'отправлено',
  failed: 'не доставлено',
};

/** Why a recipient has a mailing's letter: the first line of its footer (the server writes it, the area previews it). */
export const MAILING_REASONS: Record<MailingAudience, (courseTitle: string) => string> = {
  subscribers: (title) => `Вы получили это письмо, потому что подписаны на новости курса «${title}».`,
  participants: (title) => `Вы получили это письмо как участник курса «${title}».`,
  test: () => 'Это проверочное письмо: его получили только вы. Так его увидят получатели.',
};

export const MAX_MAILING_SUBJECT_LENGTH = 200;
const MAX_MAILING_TEXT_LENGTH = 50_000;

export const mailingMessages = {
  subjectRequired: 'Напишите тему письма.',
  subjectTooLong: `Тема — не длиннее ${MAX_MAILING_SUBJECT_LENGTH} знаков.`,
  textRequired: 'Напишите текст письма.',
  textTooLong: `Текст — не длиннее ${MAX_MAILING_TEXT_LENGTH} знаков.`,
  toInvalid: 'Выберите, кому отправить: подписчикам, участникам или только себе.',
  noRecipients: 'Получателей нет: у курса пока нет ни одного адресата выбранного вида.',
  mailingNotFound: 'Рассылка не найдена.',
} as const;

/**
 * `POST /api/v1/mutabo/courses/{id}/mailings/`: answers 202 `{id}` and delivers in the background. `text` is plain
 * text (paragraphs split by empty lines); every letter adds the personal unsubscribe link. 409 `{detail}` with
 * `noRecipients` when the audience is empty.
 */
export const mailingCreateSchema = z.object(
  {
    subject: textField({ required: mailingMessages.subjectRequired })
      .trim()
      .min(1, mailingMessages.subjectRequired)
      .max(MAX_MAILING_SUBJECT_LENGTH, mailingMessages.subjectTooLong),
    text: textField({ multiline: true, required: mailingMessages.textRequired })
      .trim()
      .min(1, mailingMessages.textRequired)
      .max(MAX_MAILING_TEXT_LENGTH, mailingMessages.textTooLong),
    to: z.enum(MAILING_AUDIENCES, { error: mailingMessages.toInvalid }),
  },
  { error: m.invalidBody },
);
export type MailingCreatePayload = z.input<typeof mailingCreateSchema>;
export type MailingCreate = z.output<typeof mailingCreateSchema>;

export interface MailingCreated {
  id: number;
}

/** One mailing in the course's history (`GET /api/v1/mutabo/courses/{id}/mailings/`, newest first). */
export interface MutaboMailingSummary {
  id: number;
  courseId: number;
  subject: string;
  to: MailingAudience;
  state: MailingState;
  /** The author who sent it. */
  author: { id: number; firstName: string; lastName: string };
  createdAt: string;
  finishedAt: string | null;
  total: number;
  sent: number;
  failed: number;
}

export interface MutaboMailingRecipient {
  email: string;
  /** Where it went: a letter, or a Telegram message (course news to a subscriber who chose Telegram). */
  channel: 'email' | 'telegram';
  firstName: string;
  lastName: string;
  state: MailingRecipientState;
  /** Why the last attempt failed (the mail server's answer), while `failed` or retrying. */
  error: string | null;
  attempts: number;
  sentAt: string | null;
}

/** `GET /api/v1/mutabo/mailings/{id}/`: the mailing with its text and every recipient's result. */
export interface MutaboMailing extends MutaboMailingSummary {
  text: string;
  recipients: MutaboMailingRecipient[];
}

/** `GET /api/v1/mutabo/courses/{id}/mailings/audience/`: how many letters each audience would send now. */
export interface MailingAudienceCounts {
  subscribers: number;
  participants: number;
  /**
   * How many of each audience get it in Telegram and how many by e-mail (a person who chose both is in both): Telegram
   * for a subscriber of the course's news who bound it and chose it for news, e-mail for everyone else.
   */
  channels: Record<'subscribers' | 'participants', { email: number; telegram: number }>;
}
