// Outgoing mail: SMTP through nodemailer when SMTP_URL is set, otherwise .eml files in DATA_DIR/outbox/ (on
// PostgreSQL that means letters are not being sent: the start logs it as an error, see startupReport.ts).
import { randomBytes } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import nodemailer from 'nodemailer';
import type { AppConfig } from '../config.ts';
import type { LetterAttachment } from '../db/schema.ts';
import { inlineLogo } from './letterTemplate.ts';

export type { LetterAttachment };

export interface MailMessage {
  to: string;
  subject: string;
  /** The plain-text body. */
  text: string;
  /** The HTML body (the same content as text). */
  html: string;
  /** Extra headers (a news letter's List-Unsubscribe and List-Unsubscribe-Post). */
  headers?: Record<string, string>;
  /** Files the letter carries (a lesson's updated calendar entry), after the inline logo. */
  attachments?: LetterAttachment[];
}

/** What nodemailer sends: the inline logo the HTML shows, then the letter's own files. */
async function allAttachments(message: MailMessage) {
  return [...(await inlineLogo(message.html)), ...(message.attachments ?? [])];
}

/**
 * The transport: `send` resolves once the letter is handed over, or throws. Only the letter queue's worker calls it
 * (services/letterQueue.ts); everything else records letters in the queue.
 */
export interface Mailer {
  send(message: MailMessage): Promise<void>;
  close(): void;
}

/** Absolute http(s) links in a text: what the outbox log line shows so a developer can follow them. */
export function linksIn(text: string): string[] {
  return [...new Set(text.match(/https?:\/\/[^\s<>"]+/g) ?? [])];
}

/** SMTP connections held at once: as many as the letter queue sends letters at once. */
const SMTP_CONNECTIONS = 5;

export function outboxDir(config: Pick<AppConfig, 'dataDir'>): string {
  return path.join(config.dataDir, 'outbox');
}

/**
 * SMTP when configured; otherwise each message is rendered by nodemailer's stream transport and written to
 * DATA_DIR/outbox/<time>-<random>.eml, with one log line naming the file, and the letter's links on the embedded
 * demo database only: on PostgreSQL they are live links to real people's accounts.
 */
export function createMailer(config: Pick<AppConfig, 'smtpUrl' | 'mailFrom' | 'dataDir' | 'databaseUrl'>, log: FastifyBaseLogger): Mailer {
  if (config.smtpUrl) {
    // A few connections kept open for a mailing's letters; a server that does not answer fails the attempt in
    // seconds (the queue retries it) rather than in nodemailer's default two minutes.
    const transport = nodemailer.createTransport(
      { url: config.smtpUrl, pool: true, maxConnections: SMTP_CONNECTIONS, connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 30_000 },
      { from: config.mailFrom },
    );
    return {
      async send(message) {
        await transport.sendMail({ ...message, attachments: await allAttachments(message) });
        // Never the links: in production they carry live tokens of someone's account.
        log.info({ mail: { to: message.to, subject: message.subject } }, 'mail sent');
      },
      close: () => transport.close(),
    };
  }

  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' }, { from: config.mailFrom });
  const dir = outboxDir(config);
  return {
    async send(message) {
      const info = await transport.sendMail({ ...message, attachments: await allAttachments(message) });
      await mkdir(dir, { recursive: true, mode: 0o700 });
      const file = path.join(dir, `${new Date().toISOString().replace(/[:.]/g, '-')}-${randomBytes(4).toString('hex')}.eml`);
      await writeFile(file, info.message as Buffer, { mode: 0o600 });
      const links = config.databaseUrl === null ? { links: linksIn(message.text) } : {};
      log.info({ mail: { to: message.to, subject: message.subject, file, ...links } }, 'mail written to the outbox');
    },
    close: () => transport.close(),
  };
}
