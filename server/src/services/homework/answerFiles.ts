// An answer's files as they arrive (docs/HOMEWORK.md, «Files»): what each one is, decided by its content and never by
// its name; a document that is a zip (docx, odt) is opened entry by entry with caps, so a zip bomb in its clothes is
// refused without ever being inflated whole; images are re-encoded (turned upright by their EXIF orientation, every
// metadata left behind: no GPS, no camera); names are cleaned and cut. The route has written each part to a file of
// its own (at most HOMEWORK_FILE_MAX_BYTES); what is kept is a file next to it.
import { open, readFile, rm, stat } from 'node:fs/promises';
import { promisify } from 'node:util';
import { crc32, inflateRaw } from 'node:zlib';
import sharp from 'sharp';
import { HOMEWORK_FILE_NAME_MAX, homeworkMessages as hm, homeworkText, type HomeworkFileKind } from '../../../../common/homework.ts';
import { MediaError } from '../recordings/mediaLimits.ts';
import { runTool } from '../recordings/mediaProcess.ts';

const inflate = promisify(inflateRaw) as (buffer: Buffer, options: { maxOutputLength: number }) => Promise<Buffer>;

/** A part as the route received it. */
export interface IncomingFile {
  /** The name the browser sent (anything). */
  name: string;
  /** Where its bytes are (a temporary file). */
  path: string;
  size: number;
}

/** A file checked and ready to store. */
export interface PreparedFile {
  name: string;
  kind: HomeworkFileKind;
  /** The file to store: the received one, or its re-encoded copy. */
  path: string;
  size: number;
}

export type FileCheck = { ok: true; file: PreparedFile } | { ok: false; message: string };

/** Where a stored file's key ends (the kind decides, never the name). */
export const KIND_EXTENSIONS: Record<HomeworkFileKind, string> = { pdf: 'pdf', docx: 'docx', odt: 'odt', txt: 'txt', jpeg: 'jpg', png: 'png', heic: 'heic' };

export const KIND_CONTENT_TYPES: Record<HomeworkFileKind, string> = {
  pdf: 'application/pdf',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  odt: 'application/vnd.oasis.opendocument.text',
  txt: 'text/plain; charset=utf-8',
  jpeg: 'image/jpeg',
  png: 'image/png',
  heic: 'image/heic',
};

// ---- Names

const CONTROL = /[\p{Cc}\p{Cf}\p{Zl}\p{Zp}]/gu;

/**
 * The name as kept: its last path part only, without control or format characters (a right-to-left override among
 * them), spaces squeezed, at most HOMEWORK_FILE_NAME_MAX characters with its extension kept; a name left empty
 * becomes «файл.<the kind's extension>».
 */
export function cleanFileName(raw: string, kind: HomeworkFileKind): string {
  const base = raw.normalize('NFC').split(/[/\\]/).pop() ?? '';
  let name = base.replace(/[\t\r\n]/g, ' ').replace(CONTROL, '').replace(/\s+/g, ' ').trim().replace(/^\.+/, '');
  if (name === '') name = `файл.${KIND_EXTENSIONS[kind]}`;
  const chars = [...name];
  if (chars.length <= HOMEWORK_FILE_NAME_MAX) return name;
  const dot = name.lastIndexOf('.');
  const extension = dot > 0 ? [...name.slice(dot)] : [];
  const keep = extension.length > 0 && extension.length <= 16 ? extension : [];
  return [...chars.slice(0, HOMEWORK_FILE_NAME_MAX - keep.length), ...keep].join('').trim();
}

// ---- Zip containers (docx, odt)

/** The caps on what a document's zip may hold: entries, their inflated bytes in all, and how much one may swell. */
export const ZIP_LIMITS = { entries: 2_000, totalBytes: 100 * 1024 * 1024, ratio: 200, ratioFromBytes: 1024 * 1024 } as const;

class ZipRefused extends Error {}

/** The entries' names and the few contents that decide the kind (`mimetype`), every entry inflated under the caps. */
async function readZip(data: Buffer): Promise<{ names: Set<string>; mimetype: string | null }> {
  const fail = (why: string): never => {
    throw new ZipRefused(why);
  };
  // The end of the central directory: within the last 64 KiB and 22 bytes (a comment may follow it).
  let end = -1;
  for (let at = data.length - 22; at >= Math.max(0, data.length - 22 - 0xffff); at -= 1) {
    if (data.readUInt32LE(at) === 0x06054b50) {
      end = at;
      break;
    }
  }
  if (end < 0) fail('no end of central directory');
  const count = data.readUInt16LE(end + 10);
  const directorySize = data.readUInt32LE(end + 12);
  const directoryAt = data.readUInt32LE(end + 16);
  if (count === 0xffff || directoryAt === 0xffffffff) fail('zip64');
  if (count === 0 || count > ZIP_LIMITS.entries) fail('entries');
  if (directoryAt + directorySize > end) fail('directory out of bounds');
  const names = new Set<string>();
  let mimetype: string | null = null;
  let total = 0;
  let at = directoryAt;
  for (let index = 0; index < count; index += 1) {
    if (at + 46 > end || data.readUInt32LE(at) !== 0x02014b50) fail('central entry');
    const flags = data.readUInt16LE(at + 8);
    const method = data.readUInt16LE(at + 10);
    const crc = data.readUInt32LE(at + 16);
    const packed = data.readUInt32LE(at + 20);
    const size = data.readUInt32LE(at + 24);
    const nameLength = data.readUInt16LE(at + 28);
    const extraLength = data.readUInt16LE(at + 30);
    const commentLength = data.readUInt16LE(at + 32);
    const localAt = data.readUInt32LE(at + 42);
    const name = data.subarray(at + 46, at + 46 + nameLength).toString('utf8');
    at += 46 + nameLength + extraLength + commentLength;
    if (flags & 1) fail('encrypted');
    if (names.has(name)) fail('duplicate entry');
    names.add(name);
    if (localAt + 30 > data.length || data.readUInt32LE(localAt) !== 0x04034b50) fail('local header');
    const start = localAt + 30 + data.readUInt16LE(localAt + 26) + data.readUInt16LE(localAt + 28);
    if (start + packed > data.length) fail('entry out of bounds');
    total += size;
    if (total > ZIP_LIMITS.totalBytes) fail('too large inflated');
    if (size > ZIP_LIMITS.ratioFromBytes && size > packed * ZIP_LIMITS.ratio) fail('swells too much');
    const raw = data.subarray(start, start + packed);
    let content: Buffer;
    if (method === 0) content = raw;
    else if (method === 8) {
      // The declared size is the cap: an entry that inflates to more than it says stops there and is refused.
      content = await inflate(raw, { maxOutputLength: Math.max(size, 1) }).catch(() => fail('inflate'));
    } else content = fail('method');
    if (content.length !== size || crc32(content) !== crc) fail('content');
    if (name === 'mimetype') mimetype = content.toString('latin1');
  }
  return { names, mimetype };
}

// ---- Kinds

const startsWith = (head: Buffer, bytes: number[]) => bytes.every((byte, index) => head[index] === byte);
const HEIC_BRANDS = new Set(['heic', 'heix', 'mif1', 'msf1']);

type Sniffed = HomeworkFileKind | 'zip' | null;

function sniff(head: Buffer): Sniffed {
  if (head.subarray(0, 5).toString('latin1') === '%PDF-') return 'pdf';
  if (startsWith(head, [0xff, 0xd8, 0xff])) return 'jpeg';
  if (startsWith(head, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'png';
  if (startsWith(head, [0x50, 0x4b, 0x03, 0x04])) return 'zip';
  if (head.length >= 12 && head.subarray(4, 8).toString('latin1') === 'ftyp' && HEIC_BRANDS.has(head.subarray(8, 12).toString('latin1'))) return 'heic';
  return null;
}

const utf8 = new TextDecoder('utf-8', { fatal: true });

function isText(data: Buffer): boolean {
  if (data.includes(0)) return false;
  try {
    utf8.decode(data);
    return true;
  } catch {
    return false;
  }
}

/** libheif's converter; a missing one leaves HEIC photos as they came. */
export const HEIF_CONVERT = 'heif-convert';
/** A phone's photo converts in well under a second; a file that takes longer is not one. */
const HEIF_CONVERT_TIMEOUT_MS = 60_000;

/** The HEIC photo as a JPEG beside it, or null when heif-convert is not installed; throws when it cannot convert it. */
async function heicToJpeg(input: string): Promise<string | null> {
  const output = `${input}.heic.jpg`;
  try {
    await runTool(HEIF_CONVERT, ['-q', '95', input, output], HEIF_CONVERT_TIMEOUT_MS);
  } catch (error) {
    await rm(output, { force: true });
    if (error instanceof MediaError && error.reason === 'notInstalled') return null;
    throw error;
  }
  return output;
}

/** Re-encodes an image as the same kind: upright, every metadata left out (sharp keeps none unless asked). */
async function reencode(file: IncomingFile, kind: 'jpeg' | 'png'): Promise<string> {
  const output = `${file.path}.out.${KIND_EXTENSIONS[kind]}`;
  const image = sharp(file.path, { failOn: 'error' }).rotate();
  await (kind === 'jpeg' ? image.jpeg({ quality: 88, mozjpeg: true }) : image.png({ compressionLevel: 9 })).toFile(output);
  return output;
}

async function readHead(filePath: string): Promise<Buffer> {
  const handle = await open(filePath, 'r');
  try {
    const head = Buffer.alloc(64);
    const { bytesRead } = await handle.read(head, 0, head.length, 0);
    return head.subarray(0, bytesRead);
  } finally {
    await handle.close();
  }
}

/**
 * What the file is, by its content: pdf (`%PDF-`), jpeg, png, heic (an ISO-BMFF `ftyp` of heic/heix/mif1/msf1), docx
 * (a zip with [Content_Types].xml and word/document.xml), odt (a zip whose `mimetype` is the ODF text's), txt (UTF-8
 * without NUL); anything else, or a container that does not open within the caps, is refused with a Russian message.
 */
export async function checkHomeworkFile(file: IncomingFile): Promise<FileCheck> {
  const refuse = (message: string): FileCheck => ({ ok: false, message: homeworkText(message, { name: cleanFileName(file.name, 'txt') }) });
  if (file.size === 0) return refuse(hm.fileBroken);
  const head = await readHead(file.path);
  const sniffed = sniff(head);
  const ready = (kind: HomeworkFileKind, path = file.path, size = file.size): FileCheck => ({ ok: true, file: { name: cleanFileName(file.name, kind), kind, path, size } });
  if (sniffed === 'pdf') return ready('pdf');
  if (sniffed === 'jpeg' || sniffed === 'png') {
    try {
      const output = await reencode(file, sniffed);
      const { size } = await stat(output);
      return ready(sniffed, output, size);
    } catch {
      return refuse(hm.fileBroken);
    }
  }
  if (sniffed === 'heic') {
    if (head.readUInt32BE(0) < 16) return refuse(hm.fileBroken);
    // The prebuilt sharp has no HEVC decoder (its libheif does AV1 only). With libheif's heif-convert (Debian's
    // libheif-examples) the photo becomes a JPEG, re-encoded as any other: upright, no metadata, shown in the page.
    // Without it the photo is kept as it came, metadata and all, and offered for download (docs/HOMEWORK.md, «Files»).
    let converted: string | null;
    try {
      converted = await heicToJpeg(file.path);
    } catch {
      return refuse(hm.fileBroken);
    }
    if (converted === null) return ready('heic');
    try {
      const output = await reencode({ ...file, path: converted }, 'jpeg');
      const { size } = await stat(output);
      const name = cleanFileName(file.name, 'jpeg').replace(/\.(heic|heif)$/i, '.jpg');
      return { ok: true, file: { name, kind: 'jpeg', path: output, size } };
    } catch {
      return refuse(hm.fileBroken);
    } finally {
      await rm(converted, { force: true });
    }
  }
  const data = await readFile(file.path);
  if (sniffed === 'zip') {
    try {
      const zip = await readZip(data);
      if (zip.names.has('[Content_Types].xml') && zip.names.has('word/document.xml')) return ready('docx');
      if (zip.mimetype === 'application/vnd.oasis.opendocument.text') return ready('odt');
      return refuse(hm.fileKind);
    } catch (error) {
      if (error instanceof ZipRefused) return refuse(hm.fileBroken);
      throw error;
    }
  }
  return isText(data) ? ready('txt') : refuse(hm.fileKind);
}
