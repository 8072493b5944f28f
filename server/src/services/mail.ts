// Outgoing mail: SMTP through nodemailer when SMTP_URL is set, otherwise .eml files in DATA_DIR/outbox/ (on
// PostgreSQL that means letters are not being sent: the start logs it as an error, see startupReport.ts).
import { randomBytes } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import nodemailer from 'nodemailer';
import type { AppConfig } from '../config.ts';

export interface MailMessage {
  to: string;
  subject: string;
  /** The plain-text body. */
  text: string;
  /** The HTML body (the same content as text). */
  html: string;
}

/** The whole interface routes use: `app.mailer.send(...)` resolves once the letter is handed over, or throws. */
export interface Mailer {
  send(message: MailMessage): Promise<void>;
  close(): void;
}

/** Absolute http(s) links in a text: what the outbox log line shows so a developer can follow them. */
export function linksIn(text: string): string[] {
  return [...new Set(text.match(/https?:\/\/[^\s<>"]+/g) ?? [])];
}

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
    const transport = nodemailer.createTransport(config.smtpUrl, { from: config.mailFrom });
    return {
      async send(message) {
        await transport.sendMail(message);
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
      const info = await transport.sendMail(message);
      await mkdir(dir, { recursive: true, mode: 0o700 });
      const file = path.join(dir, `${new Date().toISOString().replace(/[:.]/g, '-')}-${randomBytes(4).toString('hex')}.eml`);
      await writeFile(file, info.message as Buffer, { mode: 0o600 });
      const links = config.databaseUrl === null ? { links: linksIn(message.text) } : {};
      log.info({ mail: { to: message.to, subject: message.subject, file, ...links } }, 'mail written to the outbox');
    },
    close: () => transport.close(),
  };
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
}

/** A letter whose HTML body is its plain text with paragraphs, line breaks and links kept. */
export function letterFromText(to: string, subject: string, text: string): MailMessage {
  const paragraphs = text.split(/\n{2,}/).map((paragraph) =>
    escapeHtml(paragraph)
      .replace(/https?:\/\/[^\s<>"]+/g, (url) => `<a href="${url}">${url}</a>`)
      .replace(/\n/g, '<br>'),
  );
  const html = `<!doctype html><html lang="ru"><head><meta charset="utf-8"><title>${escapeHtml(subject)}</title></head><body>${paragraphs.map((paragraph) => `<p>${paragraph}</p>`).join('\n')}</body></html>`;
  return { to, subject, text, html };
}
