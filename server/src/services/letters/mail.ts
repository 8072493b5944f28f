// Outgoing mail: SMTP through nodemailer when SMTP_URL is set, otherwise .eml files in DATA_DIR/outbox/ (on
// PostgreSQL that means letters are not being sent: the start logs it as an error, see startupReport.ts). With
// DKIM_DOMAIN, DKIM_SELECTOR and DKIM_PRIVATE_KEY nodemailer signs every letter (its own `dkim` option), either way.
import { randomBytes } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import nodemailer from 'nodemailer';
import type { AppConfig } from '../../config.ts';
import { inlineLogo } from './template.ts';
import type { MailMessage } from './mailMessage.ts';

export type { LetterAttachment, MailMessage } from './mailMessage.ts';

/** What nodemailer is given for a letter: To with the name, the inline logo the HTML shows, then the letter's own files. */
async function mailOptions(message: MailMessage) {
  const { to, toName, answeredBy: _answeredBy, attachments, ...rest } = message;
  return {
    ...rest,
    to: toName ? { name: toName, address: to } : to,
    attachments: [...(await inlineLogo(message.html)), ...(attachments ?? [])],
  };
}

/**
 * The transport: `send` resolves once the letter is handed over, or throws. Only the letter queue's worker calls it
 * (services/letters/letterQueue.ts); everything else records letters in the queue.
 */
export interface Mailer {
  send(message: MailMessage): Promise<void>;
  close(): void;
}

/** Absolute http(s) links in a text: what the outbox log line shows so a developer can follow them. */
function linksIn(text: string): string[] {
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
export function createMailer(
  config: Pick<AppConfig, 'smtpUrl' | 'mailFrom' | 'dataDir' | 'databaseUrl'> & Partial<Pick<AppConfig, 'dkim'>>,
  log: FastifyBaseLogger,
): Mailer {
  // Every letter signed with the one key (nodemailer signs the whole message it built, headers and body).
  const dkim = config.dkim ? { dkim: { ...config.dkim } } : {};
  if (config.smtpUrl) {
    // A few connections kept open for a mailing's letters; a server that does not answer fails the attempt in
    // seconds (the queue retries it) rather than in nodemailer's default two minutes.
    const transport = nodemailer.createTransport(
      { url: config.smtpUrl, pool: true, maxConnections: SMTP_CONNECTIONS, connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 30_000, ...dkim },
      { from: config.mailFrom },
    );
    return {
      async send(message) {
        await transport.sendMail(await mailOptions(message));
        // Never the links: in production they carry live tokens of someone's account.
        log.info({ mail: { to: message.to, subject: message.subject } }, 'mail sent');
      },
      close: () => transport.close(),
    };
  }

  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix', ...dkim }, { from: config.mailFrom });
  const dir = outboxDir(config);
  return {
    async send(message) {
      const info = await transport.sendMail(await mailOptions(message));
      await mkdir(dir, { recursive: true, mode: 0o700 });
      const file = path.join(dir, `${new Date().toISOString().replace(/[:.]/g, '-')}-${randomBytes(4).toString('hex')}.eml`);
      await writeFile(file, info.message as Buffer, { mode: 0o600 });
      const links = config.databaseUrl === null ? { links: linksIn(message.text) } : {};
      log.info({ mail: { to: message.to, subject: message.subject, file, ...links } }, 'mail written to the outbox');
    },
    close: () => transport.close(),
  };
}
