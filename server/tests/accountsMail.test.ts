// Letters: the outbox folder and its log line, real SMTP against a tiny local stand-in, and a mail server that is down.
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { ConfigError, loadConfig } from '../src/config.ts';
import { outboxLetters } from '../src/db/schema.ts';
import { createMailer } from '../src/services/letters/mail.ts';
import { post, PUBLIC_URL, signupPayload, startAccountsApp, type AccountsContext } from './accountsSupport.ts';
import { linkIn, linkParams, parseLetter, readOutbox, waitForLetters } from './mailbox.ts';
import { closedPort, startSmtpStandIn } from './smtpStandIn.ts';

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
      expect(letter.parts).toEqual(['text/plain', 'text/html', 'image/png']);
      const link = linkIn(letter, '/user/confirm-signup/');
      expect(link.origin).toBe(PUBLIC_URL);
      // Nothing went to the outbox folder, and the link works.
      expect(readOutbox(context.outbox)).toEqual([]);
      expect((await post(context.app, '/api/v1/users/registration-confirm/', linkParams(link))).statusCode).toBe(200);
    });

    it('gives other features app.deps.mailer.send for their own letters', async () => {
      await context.app.deps.mailer.send({ to: 'someone@example.org', subject: 'Квитанция', text: 'Оплачено.', html: '<p>Оплачено.</p>' });
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

    /** The queued letters to an address: state, attempts and the last error. */
    const queued = async (to: string) =>
      (await context.testDb.database.db.select().from(outboxLetters).where(eq(outboxLetters.recipient, to))).map((row) => ({
        kind: row.kind,
        state: row.state,
        attempts: row.attempts,
        lastError: row.lastError,
        retryLater: row.nextAttemptAt.getTime() > Date.now(),
      }));

    it('answers signup as usual: the letter waits in the queue with the error, to be sent again later', async () => {
      const payload = signupPayload();
      const response = await post(context.app, '/api/v1/users/', payload);
      expect(response.statusCode).toBe(201);
      await context.app.deps.accounts.lettersSent();
      expect(await queued(payload.email)).toEqual([{ kind: 'confirmation', state: 'pending', attempts: 1, lastError: expect.stringMatching(/ECONNREFUSED/), retryLater: true }]);
    });

    it('answers a reset request as always, and logs the failure without the link', async () => {
      const response = await post(context.app, '/api/v1/users/reset-password/', { email: 'pupil@example.org' });
      expect(response.statusCode).toBe(200);
      await context.app.deps.accounts.lettersSent();
      const failure = logLines.map((line) => JSON.parse(line) as { msg: string }).find((line) => line.msg === 'a letter will be sent again');
      expect(failure).toBeDefined();
      expect(logLines.join('\n')).not.toContain('/user/reset-password/completion/');
      expect(await queued('pupil@example.org')).toEqual([expect.objectContaining({ kind: 'reset', state: 'pending', attempts: 1 })]);
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
      await context.app.deps.accounts.lettersSent();
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
