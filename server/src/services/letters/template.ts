// How every letter looks: the plain text as written, and beside it an HTML part in the site's colours with the logo
// (an inline image, so it shows without loading anything), the text's paragraphs, a button for the letter's main link
// and a footer. User text is escaped; only absolute http(s) links of the text become links.
//
// The HTML is a whole mail template, not a fragment: styles for phones in its head, Outlook's fixed width, and a footer
// that says where the letter comes from and links the reader's pages and the privacy policy. Mail filters count it:
// SpamAssassin's HTML_IMAGE_ONLY_* rules score any HTML part with an image and under 3,200 characters in all (2.2 to
// 2.8 points of the 5 that make spam), which a short letter in a bare template with the logo was
// (tests/spamScore.test.ts scores every kind of letter).
import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { SITE_ROUTES } from '../../../../common/sitePaths.ts';
import type { AppConfig } from '../../config.ts';
import { escapeHtml } from '../../http/html.ts';
import type { MailMessage } from './mailMessage.ts';

/** The logo's Content-ID: the HTML part shows it as `cid:…`, the transport attaches it (inlineLogo). */
export const LOGO_CID = 'logo@mutabor';

/** The site's colours (src/app/theme.ts), written out here: a letter cannot read the site's theme. */
const COLORS = { text: '#1f2a30', muted: '#55626a', background: '#fbf9f4', surface: '#ffffff', border: '#d9d3c6', primary: '#1f4e5f', onPrimary: '#ffffff' };
const FONT = "Arial, 'Helvetica Neue', Helvetica, sans-serif";

export type LetterConfig = Pick<AppConfig, 'publicUrl' | 'operatorName'>;

/**
 * The head's styles, for the clients that read them (Gmail, Apple Mail, most phone apps; the inline styles are what
 * the others see): less padding and a full-width button on a phone, no blue of their own on dates and addresses.
 */
const HEAD_STYLE =
  'body{margin:0;padding:0;-webkit-text-size-adjust:100%;-ms-text-size-adjust:100%;}' +
  'table,td{border-collapse:collapse;mso-table-lspace:0pt;mso-table-rspace:0pt;}' +
  'img{border:0;outline:none;text-decoration:none;-ms-interpolation-mode:bicubic;}' +
  'a[x-apple-data-detectors]{color:inherit !important;text-decoration:none !important;}' +
  '@media only screen and (max-width:480px){' +
  '.letter-outer{padding:12px 4px !important;}' +
  '.letter-pad{padding-left:16px !important;padding-right:16px !important;}' +
  '.letter-button-table{width:100% !important;}' +
  '.letter-button,.letter-button a{display:block !important;text-align:center !important;}' +
  '}';

/** The letter's main link, shown as a button in the HTML part (the plain text keeps the link where it is). */
export interface LetterAction {
  label: string;
  url: string;
}

interface LetterParts {
  to: string;
  subject: string;
  /** The plain text: paragraphs split by empty lines. */
  text: string;
  action?: LetterAction;
  /** Lines under the letter (a news letter's unsubscribe link); added to the plain text too. */
  footer?: string[];
  headers?: Record<string, string>;
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
    `<table class="letter-button-table" role="presentation" cellpadding="0" cellspacing="0" border="0" style="margin:8px 0 24px;"><tr>` +
    `<td class="letter-button" bgcolor="${COLORS.primary}" style="border-radius:6px;background:${COLORS.primary};">` +
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
  const muted = `color:${COLORS.muted};`;
  const footerHtml = [
    ...footer.map((line) => paragraphHtml(line, muted)),
    `Письмо отправлено с сайта «${name}»: <a href="${site}" style="${muted}">${site}</a>`,
  ].join('<br>');
  // The reader's own pages and the policy, as the site's footer has them.
  const pages = (
    [
      ['Мои курсы', SITE_ROUTES.accountCourses],
      ['Профиль', SITE_ROUTES.profile],
      ['Политика конфиденциальности', SITE_ROUTES.policy],
    ] as const
  )
    .map(([label, route]) => `<a href="${site}${route}" style="${muted}text-decoration:underline;">${label}</a>`)
    .join(' &#183; ');
  // Its address is on the policy page: every Latin «e» of an address in the text counts toward SpamAssassin's MIXED_ES
  // (Latin and Cyrillic «е» mixed), which Russian letters with a few links already come close to.
  const operator = `Оператор персональных данных — ${name}.`;
  const html =
    `<!doctype html><html lang="ru" xmlns="http://www.w3.org/1999/xhtml"><head><meta charset="utf-8">` +
    `<meta name="viewport" content="width=device-width, initial-scale=1"><meta name="x-apple-disable-message-reformatting">` +
    `<meta name="color-scheme" content="light"><meta name="supported-color-schemes" content="light">` +
    `<title>${escapeHtml(parts.subject)}</title><style>${HEAD_STYLE}</style></head>` +
    `<body style="margin:0;padding:0;background:${COLORS.background};">` +
    `<table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0" bgcolor="${COLORS.background}" style="background:${COLORS.background};"><tr><td class="letter-outer" align="center" style="padding:24px 12px;">` +
    // Outlook on Windows ignores max-width: a table 600 wide holds the card there.
    `<!--[if mso]><table role="presentation" width="600" align="center" cellpadding="0" cellspacing="0" border="0"><tr><td><![endif]-->` +
    `<table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0" bgcolor="${COLORS.surface}" style="max-width:600px;background:${COLORS.surface};border:1px solid ${COLORS.border};border-radius:8px;">` +
    `<tr><td class="letter-pad" style="padding:24px 24px 8px;"><a href="${site}" style="text-decoration:none;">` +
    `<img src="cid:${LOGO_CID}" width="48" height="48" alt="" style="border:0;vertical-align:middle;">` +
    `<span style="margin-left:12px;font:600 20px/48px Georgia, 'Times New Roman', serif;color:${COLORS.primary};vertical-align:middle;">${name}</span></a></td></tr>` +
    // A long link breaks where it must rather than widen the letter past a phone's screen.
    `<tr><td class="letter-pad" style="padding:16px 24px 8px;font:16px/1.5 ${FONT};color:${COLORS.text};word-wrap:break-word;overflow-wrap:anywhere;">${body.join('')}</td></tr>` +
    `<tr><td class="letter-pad" style="padding:16px 24px 8px;border-top:1px solid ${COLORS.border};font:13px/1.5 ${FONT};color:${COLORS.muted};word-wrap:break-word;overflow-wrap:anywhere;">${footerHtml}</td></tr>` +
    `<tr><td class="letter-pad" style="padding:8px 24px 24px;font:13px/1.5 ${FONT};color:${COLORS.muted};">${pages}<br>${operator}</td></tr>` +
    `</table>` +
    `<!--[if mso]></td></tr></table><![endif]-->` +
    `</td></tr></table></body></html>`;
  return { to: parts.to, subject: parts.subject, text, html, ...(parts.headers ? { headers: parts.headers } : {}) };
}

let logo: Promise<Buffer> | null = null;

/**
 * The site's logo (public/logo.svg) as a 96 px PNG: mail clients do not show SVG. Rendered ahead by
 * scripts/letterLogo.ts, so that letters do not load sharp into the server.
 */
export function logoPng(): Promise<Buffer> {
  logo ??= readFile(fileURLToPath(new URL('../../../assets/letter-logo.png', import.meta.url))).catch((error: unknown) => {
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
