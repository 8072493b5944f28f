// Letters: the outbox folder and its log line, real SMTP against a tiny local stand-in, and a mail server that is down.
import { once } from 'node:events';
import { mkdtempSync, rmSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../src/config.ts';
import { createMailer } from '../src/services/mail.ts';
import { post, PUBLIC_URL, signupPayload, startAccountsApp, type AccountsContext } from './accountsSupport.ts';
import { linkIn, linkParams, parseLetter, readOutbox, waitForLetters } from './mailbox.ts';

interface Received {
  from: string;
  to: string[];
  auth: string | null;
  data: string;
}

/** Just enough of SMTP (RFC 5321) to take messages: EHLO, AUTH PLAIN/LOGIN, MAIL, RCPT, DATA, RSET, QUIT. */
async function startSmtpStandIn() {
  const received: Received[] = [];
  const sockets = new Set<net.Socket>();
  const server = net.createServer((socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    socket.setEncoding('utf8');
    let buffer = '';
    let inData = false;
    let awaiting: 'plain' | 'login-user' | 'login-pass' | null = null;
    let current: Received = { from: '', to: [], auth: null, data: '' };
    let auth: string | null = null;
    const reply = (line: string) => socket.write(`${line}\r\n`);
    reply('220 stand-in ESMTP');
    socket.on('data', (chunk: string) => {
      buffer += chunk;
      for (;;) {
        if (inData) {
          const end = buffer.indexOf('\r\n.\r\n');
          if (end === -1) return;
          current.data = buffer.slice(0, end).replace(/^\.\./gm, '.');
          buffer = buffer.slice(end + 5);
          inData = false;
          received.push({ ...current, auth });
          current = { from: '', to: [], auth: null, data: '' };
          reply('250 2.0.0 queued');
          continue;
        }
        const newline = buffer.indexOf('\r\n');
        if (newline === -1) return;
        const line = buffer.slice(0, newline);
        buffer = buffer.slice(newline + 2);
        if (awaiting === 'plain') {
          auth = Buffer.from(line, 'base64').toString('utf8');
          awaiting = null;
          reply('235 2.7.0 accepted');
          continue;
        }
        if (awaiting === 'login-user') {
          auth = Buffer.from(line, 'base64').toString('utf8');
          awaiting = 'login-pass';
          reply('334 UGFzc3dvcmQ6');
          continue;
        }
        if (awaiting === 'login-pass') {
          auth = `${auth}:${Buffer.from(line, 'base64').toString('utf8')}`;
          awaiting = null;
          reply('235 2.7.0 accepted');
          continue;
        }
        const verb = line.split(' ')[0]!.toUpperCase();
        if (verb === 'EHLO') socket.write('250-stand-in\r\n250-AUTH PLAIN LOGIN\r\n250-8BITMIME\r\n250 SMTPUTF8\r\n');
        else if (verb === 'HELO') reply('250 stand-in');
        else if (verb === 'AUTH') {
          const [, mechanism, initial] = line.split(' ');
          if (mechanism?.toUpperCase() === 'PLAIN' && initial) {
            auth = Buffer.from(initial, 'base64').toString('utf8');
            reply('235 2.7.0 accepted');
          } else if (mechanism?.toUpperCase() === 'PLAIN') {
            awaiting = 'plain';
            reply('334 ');
          } else {
            awaiting = 'login-user';
            reply('334 VXNlcm5hbWU6');
          }
        } else if (verb === 'MAIL') {
          current.from = /<([^>]*)>/.exec(line)?.[1] ?? '';
          reply('250 2.1.0 ok');
        } else if (verb === 'RCPT') {
          current.to.push(/<([^>]*)>/.exec(line)?.[1] ?? '');
          reply('250 2.1.5 ok');
        } else if (verb === 'DATA') {
          inData = true;
          reply('354 end with <CRLF>.<CRLF>');
        } else if (verb === 'RSET' || verb === 'NOOP') reply('250 ok');
        else if (verb === 'QUIT') {
          reply('221 bye');
          socket.end();
        } else reply('502 5.5.2 not implemented');
      }
    });
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const port = (server.address() as net.AddressInfo).port;
  return {
    port,
    received,
    async waitFor(count: number) {
      const deadline = Date.now() + 5000;
      while (received.length < count) {
        if (Date.now() > deadline) throw new Error(`expected ${count} messages, got ${received.length}`);
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    },
    async close() {
      for (const socket of sockets) socket.destroy();
      server.close();
      await once(server, 'close').catch(() => {});
    },
  };
}

/** A port nothing listens on. */
async function closedPort(): Promise<number> {
  const server = net.createServer().listen(0, '127.0.0.1');
  await once(server, 'listening');
  const port = (server.address() as net.AddressInfo).port;
  server.close();
  await once(server, 'close');
  return port;
}

describe('mail', () => {
  describe('over SMTP', () => {
    let smtp: Awaited<ReturnType<typeof startSmtpStandIn>>;
    let context: AccountsContext;

    beforeAll(async () => {
      smtp = await startSmtpStandIn();
      context = await startAccountsApp('pglite', {
        env: { SMTP_URL: `smtp://mailer:s3cret@127.0.0.1:${smtp.port}`, MAIL_FROM: 'Мутабор <hello@mutabor.example>', LOG_LEVEL: 'silent' },
      });
    });

    afterAll(async () => {
      await context?.close();
      await smtp?.close();
    });

    it('delivers the confirmation letter to the SMTP server, authenticated, in Russian, with the PUBLIC_URL link', async () => {
      const payload = signupPayload({ firstName: 'Ольга' });
      const response = await post(context.app, '/api/v1/users/', payload);
      expect(response.statusCode).toBe(201);
      await smtp.waitFor(1);
      const message = smtp.received[0]!;
      expect(message.from).toBe('hello@mutabor.example');
      expect(message.to).toEqual([payload.email]);
      expect(message.auth).toMatch(/mailer.s3cret$/);
      const letter = parseLetter(message.data);
      expect(letter.from).toBe('Мутабор <hello@mutabor.example>');
      expect(letter.subject).toBe('Подтверждение регистрации — Мутабор');
      expect(letter.text).toContain('Здравствуйте, Ольга!');
      expect(letter.parts).toEqual(['text/plain', 'text/html']);
      const link = linkIn(letter, '/user/confirm-signup/');
      expect(link.origin).toBe(PUBLIC_URL);
      // Nothing went to the outbox folder, and the link works.
      expect(readOutbox(context.outbox)).toEqual([]);
      expect((await post(context.app, '/api/v1/users/registration-confirm/', linkParams(link))).statusCode).toBe(200);
    });

    it('gives other features app.mailer.send for their own letters', async () => {
      await context.app.mailer.send({ to: 'someone@example.org', subject: 'Квитанция', text: 'Оплачено.', html: '<p>Оплачено.</p>' });
      await smtp.waitFor(2);
      const letter = parseLetter(smtp.received[1]!.data);
      expect(letter).toMatchObject({ subject: 'Квитанция', text: 'Оплачено.', html: '<p>Оплачено.</p>' });
    });
  });

  describe('when the mail server is down', () => {
    let context: AccountsContext;
    const logLines: string[] = [];

    beforeAll(async () => {
      context = await startAccountsApp('pglite', { env: { SMTP_URL: `smtp://127.0.0.1:${await closedPort()}` }, logLines });
    });

    afterAll(async () => {
      await context?.close();
    });

    it('answers signup with 503 and a Russian detail; the account waits, and signing up again retries', async () => {
      const payload = signupPayload();
      const response = await post(context.app, '/api/v1/users/', payload);
      expect(response.statusCode).toBe(503);
      expect(response.json()).toEqual({ detail: 'Не удалось отправить письмо. Попробуйте ещё раз немного позже.' });
      const again = await post(context.app, '/api/v1/users/', payload);
      expect(again.statusCode).toBe(503);
    });

    it('answers a reset request as always, and logs the failure without the link', async () => {
      const response = await post(context.app, '/api/v1/users/reset-password/', { email: 'pupil@example.org' });
      expect(response.statusCode).toBe(200);
      await context.app.accounts.lettersSent();
      const failure = logLines.map((line) => JSON.parse(line) as { msg: string }).find((line) => line.msg === 'a letter could not be sent');
      expect(failure).toBeDefined();
      expect(logLines.join('\n')).not.toContain('/user/reset-password/completion/');
    });
  });

  describe('to the outbox folder', () => {
    let context: AccountsContext;
    const logLines: string[] = [];

    beforeAll(async () => {
      context = await startAccountsApp('pglite', { logLines });
    });

    afterAll(async () => {
      await context?.close();
    });

    it('writes one .eml file per letter and one log line with its link, never the password', async () => {
      const payload = signupPayload();
      await post(context.app, '/api/v1/users/', payload);
      const [letter] = await waitForLetters(context.outbox, 1);
      expect(letter!.file).toMatch(/^\d{4}-\d\d-\d\dT[\d-]+Z-[0-9a-f]{8}\.eml$/);
      const link = linkIn(letter!, '/user/confirm-signup/').href;
      const mailLines = logLines.map((line) => JSON.parse(line) as { msg: string; mail?: { links: string[]; to: string } }).filter((line) => line.mail);
      expect(mailLines).toHaveLength(1);
      expect(mailLines[0]).toMatchObject({ msg: 'mail written to the outbox', mail: { to: payload.email, links: [link] } });
      expect(logLines.join('\n')).not.toContain(payload.password1);
    });
  });

  describe('configuration', () => {
    it('takes MAIL_FROM, or makes one from OPERATOR_NAME and the PUBLIC_URL host', () => {
      expect(loadConfig({ JWT_SECRET: 'x'.repeat(32), PUBLIC_URL: 'https://mutabor.example/' }).mailFrom).toBe('"Мутабор" <noreply@mutabor.example>');
      expect(loadConfig({ JWT_SECRET: 'x'.repeat(32), MAIL_FROM: 'school@example.org' }).mailFrom).toBe('school@example.org');
      expect(loadConfig({ JWT_SECRET: 'x'.repeat(32), MAIL_FROM: 'Школа <school@example.org>' }).mailFrom).toBe('Школа <school@example.org>');
      for (const wrong of ['not an address', 'Школа <school>', 'a@b.co\r\nBcc: x@y.z']) {
        expect(() => loadConfig({ JWT_SECRET: 'x'.repeat(32), MAIL_FROM: wrong })).toThrow(ConfigError);
      }
      expect(() => loadConfig({ JWT_SECRET: 'x'.repeat(32), MAIL_FROM: 'x' })).toThrow('Invalid configuration: MAIL_FROM must be an e-mail address or Name <address> (got "x")');
    });

    it('makes a mailer that writes .eml files without SMTP_URL, logging the links only on the embedded database', async () => {
      const dataDir = mkdtempSync(path.join(os.tmpdir(), 'mailer-'));
      const lines: string[] = [];
      const log = { info: (object: unknown) => lines.push(JSON.stringify(object)) } as unknown as Parameters<typeof createMailer>[1];
      const letter = { to: 'a@example.org', subject: 'Тема', text: 'Ссылка: https://x.example/a?b=1', html: '<p>x</p>' };
      const mailer = createMailer({ smtpUrl: null, mailFrom: 'school@example.org', dataDir, databaseUrl: null }, log);
      await mailer.send(letter);
      const [written] = readOutbox(path.join(dataDir, 'outbox'));
      expect(written).toMatchObject({ to: 'a@example.org', subject: 'Тема', from: 'school@example.org' });
      expect(lines[0]).toContain('https://x.example/a?b=1');
      mailer.close();
      // On PostgreSQL the links are live links to real accounts: the line names the letter and its file only.
      const production = createMailer({ smtpUrl: null, mailFrom: 'school@example.org', dataDir, databaseUrl: 'postgres://db/app' }, log);
      await production.send(letter);
      expect(readOutbox(path.join(dataDir, 'outbox'))).toHaveLength(2);
      expect(lines[1]).toContain('a@example.org');
      expect(lines[1]).not.toContain('x.example');
      production.close();
      rmSync(dataDir, { recursive: true, force: true });
    });
  });
});
