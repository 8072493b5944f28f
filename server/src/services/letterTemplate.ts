// How every letter looks: the plain text as written, and beside it an HTML part in the site's colours with the logo
// (an inline image, so it shows without loading anything), the text's paragraphs, a button for the letter's main link
// and a footer. User text is escaped; only absolute http(s) links of the text become links.
import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import type { AppConfig } from '../config.ts';
import type { MailMessage } from './mail.ts';

/** The logo's Content-ID: the HTML part shows it as `cid:…`, the transport attaches it (inlineLogo). */
export const LOGO_CID = 'logo@mutabor';

/** The site's colours (src/app/theme.ts), written out here: a letter cannot read the site's theme. */
const COLORS = { text: '#1f2a30', muted: '#55626a', background: '#fbf9f4', surface: '#ffffff', border: '#d9d3c6', primary: '#1f4e5f', onPrimary: '#ffffff' };
const FONT = "Arial, 'Helvetica Neue', Helvetica, sans-serif";

export type LetterConfig = Pick<AppConfig, 'publicUrl' | 'operatorName'>;

/** The letter's main link, shown as a button in the HTML part (the plain text keeps the link where it is). */
export interface LetterAction {
  label: string;
  url: string;
}

export interface LetterParts {
  to: string;
  subject: string;
  /** The plain text: paragraphs split by empty lines. */
  text: string;
  action?: LetterAction;
  /** Lines under the letter (a news letter's unsubscribe link); added to the plain text too. */
  footer?: string[];
  headers?: Record<string, string>;
}

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
}

const LINK = /https?:\/\/[^\s<>"]+/g;

/** A paragraph as HTML: escaped, line breaks kept, absolute links clickable. */
function paragraphHtml(paragraph: string, linkStyle: string): string {
  return escapeHtml(paragraph)
    .replace(LINK, (url) => `<a href="${url}" style="${linkStyle}">${url}</a>`)
    .replace(/\n/g, '<br>');
}

function button(action: LetterAction): string {
  const url = escapeHtml(action.url);
  return (
    `<table role="presentation" cellpadding="0" cellspacing="0" border="0" style="margin:8px 0 24px;"><tr>` +
    `<td style="border-radius:6px;background:${COLORS.primary};">` +
    `<a href="${url}" style="display:inline-block;padding:12px 24px;border-radius:6px;font:600 16px/1.25 ${FONT};color:${COLORS.onPrimary};text-decoration:none;">${escapeHtml(action.label)}</a>` +
    `</td></tr></table>`
  );
}

/**
 * The letter with its HTML part. The paragraph that holds the action's link gets the button after it; a link that ends
 * its paragraph moves under the button, as a fallback for a client that shows no buttons.
 */
export function renderLetter(config: LetterConfig, parts: LetterParts): MailMessage {
  const footer = parts.footer ?? [];
  const text = footer.length > 0 ? `${parts.text}\n\n${footer.join('\n')}` : parts.text;
  const linkStyle = `color:${COLORS.primary};`;
  const body = parts.text.split(/\n{2,}/).map((paragraph) => {
    const action = parts.action;
    if (!action || !paragraph.includes(action.url)) return `<p style="margin:0 0 16px;">${paragraphHtml(paragraph, linkStyle)}</p>`;
    // A link inside the text stays there, with the button after the paragraph.
    if (!paragraph.trimEnd().endsWith(action.url)) return `<p style="margin:0 0 16px;">${paragraphHtml(paragraph, linkStyle)}</p>${button(action)}`;
    const words = paragraph.trimEnd().slice(0, -action.url.length).trim();
    return (
      (words ? `<p style="margin:0 0 16px;">${paragraphHtml(words, linkStyle)}</p>` : '') +
      button(action) +
      `<p style="margin:0 0 16px;font-size:13px;color:${COLORS.muted};">Если кнопка не открывается, скопируйте ссылку в браузер:<br>${paragraphHtml(action.url, linkStyle)}</p>`
    );
  });
  const site = escapeHtml(config.publicUrl);
  const name = escapeHtml(config.operatorName);
  const footerHtml = [
    ...footer.map((line) => paragraphHtml(line, `color:${COLORS.muted};`)),
    `Письмо отправлено с сайта «${name}»: <a href="${site}" style="color:${COLORS.muted};">${site}</a>`,
  ].join('<br>');
  const html =
    `<!doctype html><html lang="ru"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">` +
    `<title>${escapeHtml(parts.subject)}</title></head>` +
    `<body style="margin:0;padding:0;background:${COLORS.background};">` +
    `<table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0" style="background:${COLORS.background};"><tr><td align="center" style="padding:24px 12px;">` +
    `<table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0" style="max-width:600px;background:${COLORS.surface};border:1px solid ${COLORS.border};border-radius:8px;">` +
    `<tr><td style="padding:24px 24px 8px;"><a href="${site}" style="text-decoration:none;">` +
    `<img src="cid:${LOGO_CID}" width="48" height="48" alt="" style="border:0;vertical-align:middle;">` +
    `<span style="margin-left:12px;font:600 20px/48px Georgia, 'Times New Roman', serif;color:${COLORS.primary};vertical-align:middle;">${name}</span></a></td></tr>` +
    `<tr><td style="padding:16px 24px 8px;font:16px/1.5 ${FONT};color:${COLORS.text};">${body.join('')}</td></tr>` +
    `<tr><td style="padding:16px 24px 24px;border-top:1px solid ${COLORS.border};font:13px/1.5 ${FONT};color:${COLORS.muted};">${footerHtml}</td></tr>` +
    `</table></td></tr></table></body></html>`;
  return { to: parts.to, subject: parts.subject, text, html, ...(parts.headers ? { headers: parts.headers } : {}) };
}

let logo: Promise<Buffer> | null = null;

/**
 * The site's logo (public/logo.svg) as a 96 px PNG: mail clients do not show SVG. Rendered ahead by
 * scripts/letterLogo.ts, so that letters do not load sharp into the server.
 */
export function logoPng(): Promise<Buffer> {
  logo ??= readFile(fileURLToPath(new URL('../../assets/letter-logo.png', import.meta.url))).catch((error: unknown) => {
    // A failed read is tried again with the next letter.
    logo = null;
    throw error;
  });
  return logo;
}

/** The inline attachment a letter needs when its HTML shows the logo. */
export async function inlineLogo(html: string): Promise<{ filename: string; content: Buffer; cid: string; contentType: string }[]> {
  if (!html.includes(`cid:${LOGO_CID}`)) return [];
  return [{ filename: 'logo.png', content: await logoPng(), cid: LOGO_CID, contentType: 'image/png' }];
}
