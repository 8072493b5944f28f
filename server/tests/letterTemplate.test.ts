// How letters look: the site's template around the plain text, with the logo inline, a button for the main link, a
// footer, user text escaped; as written to the outbox and as sent over SMTP.
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, describe, expect, it } from 'vitest';
import { LETTER_LOGO_SIZE, renderLetterLogo } from '../../scripts/letterLogo.ts';
import { loadConfig } from '../src/config.ts';
import { createMailer } from '../src/services/letters/mail.ts';
import { LOGO_CID, logoPng, renderLetter } from '../src/services/letters/template.ts';
import { promotionLetter } from '../src/services/places/enrollmentLetters.ts';
import { readOutbox } from './mailbox.ts';
import { startSmtpStandIn } from './smtpStandIn.ts';

const config = { publicUrl: 'https://mutabor.example', operatorName: 'Мутабор', operatorEmail: null, jwtSecret: 'letter-template-test-secret-0123456789abcdef' };
const silent = { info() {}, warn() {}, error() {} } as never;

describe('the letter template', () => {
  const dirs: string[] = [];
  afterAll(() => {
    for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  });

  it('keeps the plain text as written and shows its paragraphs, the logo and a button for the main link in HTML', () => {
    const url = 'https://mutabor.example/user/confirm-signup/NDI/abc-def/';
    const letter = renderLetter(config, {
      to: 'reader@example.org',
      subject: 'Подтверждение <регистрации>',
      text: `Здравствуйте, <b>Мария</b> & Co!\n\nЧтобы подтвердить адрес, откройте ссылку:\n${url}\n\n— Мутабор`,
      action: { label: 'Подтвердить адрес', url },
    });
    expect(letter.text).toBe(`Здравствуйте, <b>Мария</b> & Co!\n\nЧтобы подтвердить адрес, откройте ссылку:\n${url}\n\n— Мутабор`);
    expect(letter.html).toContain('<title>Подтверждение &#60;регистрации&#62;</title>');
    expect(letter.html).toContain('Здравствуйте, &#60;b&#62;Мария&#60;/b&#62; &#38; Co!');
    expect(letter.html).not.toContain('<b>');
    expect(letter.html).toContain(`<img src="cid:${LOGO_CID}"`);
    expect(letter.html).toMatch(new RegExp(`<a href="${url}"[^>]*>Подтвердить адрес</a>`));
    // The link that ended its paragraph moves under the button as a fallback.
    expect(letter.html).toContain('Чтобы подтвердить адрес, откройте ссылку:</p>');
    expect(letter.html).toMatch(/Если кнопка не открывается, скопируйте ссылку в браузер:<br><a href="https:\/\/mutabor\.example\/user\/confirm-signup\/NDI\/abc-def\/"/);
    expect(letter.html).toContain('Письмо отправлено с сайта «Мутабор»: <a href="https://mutabor.example"');
    expect(letter.html).toContain('max-width:600px');
  });

  it('puts the button after a paragraph whose link is inside the text, which stays as it is', () => {
    const letter = promotionLetter(config, { email: 'reader@example.org', firstName: 'Мария' }, { id: 7, title: 'Курс' }, [{ number: 1, title: 'Занятие' }]);
    expect(letter.html).toMatch(/странице курса: <a href="https:\/\/mutabor\.example\/courses\/7"[^>]*>https:\/\/mutabor\.example\/courses\/7<\/a><br>Если вы передумали/);
    expect(letter.html).toMatch(/<a href="https:\/\/mutabor\.example\/courses\/7"[^>]*>Открыть страницу курса<\/a>/);
  });

  it('adds the footer lines to both parts', () => {
    const letter = renderLetter(config, { to: 'a@example.org', subject: 'Новости', text: 'Текст.', footer: ['Отписаться: https://mutabor.example/news/unsubscribe/x'] });
    expect(letter.text).toBe('Текст.\n\nОтписаться: https://mutabor.example/news/unsubscribe/x');
    expect(letter.html).toMatch(/Отписаться: <a href="https:\/\/mutabor\.example\/news\/unsubscribe\/x"/);
  });

  it('shows the site\'s logo: the PNG made ahead is public/logo.svg at 96 px (else: npx tsx scripts/letterLogo.ts)', async () => {
    const pixels = (png: Buffer) => sharp(png).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
    const [kept, fresh] = await Promise.all([pixels(await logoPng()), pixels(await renderLetterLogo())]);
    expect(kept.info).toMatchObject({ width: LETTER_LOGO_SIZE, height: LETTER_LOGO_SIZE });
    expect(kept.info).toEqual(fresh.info);
    // The same drawing, whatever libvips version renders it: no channel of any pixel more than a few steps apart.
    expect(kept.data.reduce((most, value, index) => Math.max(most, Math.abs(value - fresh.data[index]!)), 0)).toBeLessThanOrEqual(8);
  });

  it('attaches the logo as an inline PNG in the outbox and over SMTP, beside the plain text', async () => {
    const png = await logoPng();
    expect(png.subarray(1, 4).toString()).toBe('PNG');
    const letter = renderLetter(config, { to: 'reader@example.org', subject: 'Тема', text: 'Текст.', action: { label: 'Открыть', url: 'https://mutabor.example/' } });

    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'letter-template-'));
    dirs.push(dataDir);
    const outbox = createMailer(loadConfig({ DATA_DIR: dataDir, PUBLIC_URL: config.publicUrl }), silent);
    await outbox.send(letter);
    const [written] = readOutbox(path.join(dataDir, 'outbox'));
    expect(written!.parts).toEqual(['text/plain', 'text/html', 'image/png']);
    expect(written!.text).toBe('Текст.');

    const smtp = await startSmtpStandIn();
    try {
      const mailer = createMailer(loadConfig({ DATA_DIR: dataDir, SMTP_URL: smtp.url, PUBLIC_URL: config.publicUrl }), silent);
      await mailer.send(letter);
      mailer.close();
      expect(smtp.received[0]!.data).toMatch(/Content-ID: <logo@mutabor>/i);
    } finally {
      await smtp.close();
    }
  });
});
