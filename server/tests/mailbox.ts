// Reading letters as a recipient would: the .eml files of the outbox (or raw SMTP data), decoded enough for tests.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

export interface Letter {
  file: string;
  from: string;
  /** The recipient's address (from `To: "Имя Фамилия" <address>`, or a bare address). */
  to: string;
  /** The recipient's name in To, '' without one. */
  toName: string;
  subject: string;
  text: string;
  html: string;
  /** Content types of the parts, in order. */
  parts: string[];
  /** Every header of the message, by lower-case name (folded lines joined). */
  headers: Map<string, string>;
  /** The parts sent as attachments (not inline), decoded as UTF-8 text. */
  attachments: { filename: string; contentType: string; content: string }[];
}

/** RFC 2047 encoded words (=?UTF-8?B?...?= and =?UTF-8?Q?...?=) as text. */
function decodeWords(value: string): string {
  return value
    .replace(/\?=\s+=\?/g, '?==?')
    .replace(/=\?([^?]+)\?([BbQq])\?([^?]*)\?=/g, (_match, _charset: string, encoding: string, data: string) =>
      encoding.toUpperCase() === 'B'
        ? Buffer.from(data, 'base64').toString('utf8')
        : Buffer.from(data.replace(/_/g, ' ').replace(/=([0-9A-F]{2})/gi, (_hex, code: string) => String.fromCharCode(parseInt(code, 16))), 'latin1').toString('utf8'),
    );
}

function parseHeaders(block: string): Map<string, string> {
  const headers = new Map<string, string>();
  for (const line of block.replace(/\r?\n[ \t]+/g, ' ').split(/\r?\n/)) {
    const colon = line.indexOf(':');
    if (colon > 0) headers.set(line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim());
  }
  return headers;
}

function decodeBody(body: string, encoding: string | undefined): string {
  switch ((encoding ?? '').toLowerCase()) {
    case 'base64':
      return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
    case 'quoted-printable':
      return Buffer.from(
        body.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/gi, (_hex, code: string) => String.fromCharCode(parseInt(code, 16))),
        'latin1',
      ).toString('utf8');
    default:
      return body;
  }
}

function splitHead(source: string): [string, string] {
  const match = /\r?\n\r?\n/.exec(source);
  return match ? [source.slice(0, match.index), source.slice(match.index + match[0].length)] : [source, ''];
}

interface Part {
  headers: Map<string, string>;
  body: string;
}

/** The leaf parts of a MIME body, depth first (multipart/alternative, /related and /mixed nest). */
function leafParts(part: Part): Part[] {
  const type = part.headers.get('content-type') ?? 'text/plain';
  const boundary = /^multipart\//i.test(type) ? /boundary="?([^";]+)"?/i.exec(type)?.[1] : undefined;
  if (!boundary) return [part];
  return part.body
    .split(`--${boundary}`)
    .slice(1)
    .filter((chunk) => !chunk.startsWith('--'))
    .flatMap((chunk) => {
      const [head, body] = splitHead(chunk.replace(/^\r?\n/, ''));
      return leafParts({ headers: parseHeaders(head), body: body.replace(/\r?\n$/, '') });
    });
}

/** A decoded address header's name and address: `"Name" <address>`, `Name <address>` or `address`. */
function mailbox(value: string): { name: string; address: string } {
  const named = /^(.*?)\s*<([^<>]+)>\s*$/.exec(value);
  if (!named) return { name: '', address: value.trim() };
  return { name: named[1]!.trim().replace(/^"(.*)"$/, '$1'), address: named[2]!.trim() };
}

/** Parses one message: headers, its text/plain and text/html parts, and the content types of every part. */
export function parseLetter(source: string, file = ''): Letter {
  const [head, body] = splitHead(source);
  const headers = parseHeaders(head);
  const to = mailbox(decodeWords(headers.get('to') ?? ''));
  const letter: Letter = {
    file,
    from: decodeWords(headers.get('from') ?? ''),
    to: to.address,
    toName: to.name,
    subject: decodeWords(headers.get('subject') ?? ''),
    text: '',
    html: '',
    parts: [],
    headers,
    attachments: [],
  };
  for (const part of leafParts({ headers, body })) {
    const partType = (part.headers.get('content-type') ?? 'text/plain').split(';')[0]!.trim();
    letter.parts.push(partType);
    const disposition = part.headers.get('content-disposition') ?? '';
    if (/^attachment/i.test(disposition)) {
      const filename = decodeWords(/filename="?([^";]+)"?/i.exec(disposition)?.[1] ?? '');
      letter.attachments.push({ filename, contentType: part.headers.get('content-type') ?? '', content: decodeBody(part.body, part.headers.get('content-transfer-encoding')) });
      continue;
    }
    if (partType !== 'text/plain' && partType !== 'text/html') continue;
    const decoded = decodeBody(part.body, part.headers.get('content-transfer-encoding'));
    if (partType === 'text/plain') letter.text = decoded;
    if (partType === 'text/html') letter.html = decoded;
  }
  return letter;
}

/** Every letter in the outbox folder, oldest first (file names start with the time). */
export function readOutbox(dir: string): Letter[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .filter((name) => name.endsWith('.eml'))
    .sort()
    .map((name) => parseLetter(readFileSync(path.join(dir, name), 'utf8'), name));
}

/** Waits until the outbox holds at least `count` letters (some are sent in the background). */
export async function waitForLetters(dir: string, count: number, timeoutMs = 5000): Promise<Letter[]> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const letters = readOutbox(dir);
    if (letters.length >= count) return letters;
    if (Date.now() > deadline) throw new Error(`expected ${count} letters in ${dir}, found ${letters.length}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/**
 * Waits for the newest letter that matches: letters are sent by the queue's workers in the background, by whichever
 * process claims them, and in no promised order.
 */
export async function waitForLetter(dir: string, matches: (letter: Letter) => boolean, timeoutMs = 5000): Promise<Letter> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const found = readOutbox(dir).filter(matches).at(-1);
    if (found) return found;
    if (Date.now() > deadline) throw new Error(`no such letter in ${dir}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** The letter's link whose path starts with `prefix` (e.g. /user/confirm-signup/). */
export function linkIn(letter: Letter, prefix: string): URL {
  const found = (letter.text.match(/https?:\/\/[^\s<>"]+/g) ?? []).map((link) => new URL(link)).find((url) => url.pathname.startsWith(prefix));
  if (!found) throw new Error(`no ${prefix} link in the letter «${letter.subject}»:\n${letter.text}`);
  return found;
}

/** `{uidb64, token}` of a confirmation or reset link: its last two path segments. */
export function linkParams(url: URL): { uidb64: string; token: string } {
  const segments = url.pathname.split('/').filter(Boolean);
  return { uidb64: segments.at(-2)!, token: segments.at(-1)! };
}
