// A letter as the services compose it and the transport sends it: its own module, so that the transport (mail.ts), the
// template (letterTemplate.ts) and who answers it (letterReplyTo.ts) all take the type without importing each other.
import type { LetterAttachment } from '../../db/schema.ts';

export type { LetterAttachment };

/** A course's first author, or the seller (with the operator standing in while the seller's details have no address). */
export type Answerer = { course: number } | { seller: true; operator: { name: string; email: string | null } };

export interface MailMessage {
  /** The recipient's address. */
  to: string;
  /**
   * The recipient's name, written as `To: "Имя Фамилия" <address>` (encoded as RFC 2047 asks): set by the letter queue
   * when it sends the letter, from the account the address belongs to (letterQueue.ts).
   */
  toName?: string;
  subject: string;
  /** The plain-text body. */
  text: string;
  /** The HTML body (the same content as text). */
  html: string;
  /** Extra headers (a news letter's List-Unsubscribe and List-Unsubscribe-Post). */
  headers?: Record<string, string>;
  /** `"Name" <address>` of who answers the letter, made from answeredBy when it is recorded (letterReplyTo.ts). */
  replyTo?: string;
  /** Files the letter carries (a lesson's updated calendar entry), after the inline logo. */
  attachments?: LetterAttachment[];
  /** Who answers it: the letter queue makes it the Reply-To header when it records the letter (letterReplyTo.ts). */
  answeredBy?: Answerer;
}
