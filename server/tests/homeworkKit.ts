// Shared pieces of the homework tests (homework*.test.ts): a lesson with an assignment and approved participants, the
// multipart bodies the site's form sends, and real files made here: a pdf, a docx and an odt built as zips, a zip bomb
// dressed as a docx, a JPEG with EXIF GPS.
import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { crc32, deflateRawSync } from 'node:zlib';
import { eq } from 'drizzle-orm';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import sharp from 'sharp';
import type { Db } from '../src/db/client.ts';
import { courses, lessons, participants } from '../src/db/schema.ts';
import { createCourse, type TestCourse, type TestUser } from './enrollmentKit.ts';

export const ASSIGNMENT = JSON.stringify({ blocks: [{ key: 'a', text: 'Прочитайте главу и ответьте на вопросы.', type: 'unstyled', depth: 0, inlineStyleRanges: [], entityRanges: [] }], entityMap: {} });

export interface FilePart {
  name: string;
  data: Buffer;
  field?: string;
  type?: string;
}

/** A multipart/form-data body: fields (a repeated one as an array) and files. */
export function multipart(fields: Record<string, string | string[]>, files: FilePart[] = []) {
  const boundary = '----homework-test-boundary-7f3a';
  const chunks: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) {
    for (const one of Array.isArray(value) ? value : [value]) chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${one}\r\n`));
  }
  for (const file of files) {
    chunks.push(
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${file.field ?? 'files'}"; filename="${file.name}"\r\nContent-Type: ${file.type ?? 'application/octet-stream'}\r\n\r\n`),
      file.data,
      Buffer.from('\r\n'),
    );
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

export const homeworkUrl = (lessonId: number) => `/api/v1/lessons/${lessonId}/homework/`;
export const answersUrl = (lessonId: number) => `/api/v1/lessons/${lessonId}/homework/answers/`;
export const answerUrl = (answerId: number) => `/api/v1/homework/answers/${answerId}/`;

export function send(app: FastifyInstance, method: 'POST' | 'PATCH', url: string, user: TestUser | null, fields: Record<string, string | string[]>, files: FilePart[] = []): Promise<LightMyRequestResponse> {
  const body = multipart(fields, files);
  return app.inject({ method, url, headers: { accept: 'application/json', ...body.headers, ...(user ? user.headers : {}) }, payload: body.payload });
}

/** A course of the given authors whose first lesson has an assignment and began an hour ago. */
export async function courseWithAssignment(db: Db, spec: Parameters<typeof createCourse>[1] = {}): Promise<TestCourse & { lessonId: number }> {
  const course = await createCourse(db, spec);
  const lessonId = course.lessonIds[0]!;
  await db.update(lessons).set({ assignment: ASSIGNMENT, startsAt: new Date(Date.now() - 3_600_000) }).where(eq(lessons.id, lessonId));
  return { ...course, lessonId };
}

export async function approve(db: Db, userId: number, lessonId: number): Promise<void> {
  await db.insert(participants).values({ userId, lessonId, state: 'approved', participatedAt: new Date() });
}

export async function setFormat(db: Db, courseId: number, format: 'live' | 'recorded'): Promise<void> {
  await db.update(courses).set({ format }).where(eq(courses.id, courseId));
}

/** Every file under the storage's homework folder (relative paths). */
export function storedFiles(dataDir: string): string[] {
  const root = path.join(dataDir, 'recordings', 'homework');
  const found: string[] = [];
  const walk = (dir: string) => {
    let names: string[];
    try {
      names = readdirSync(dir);
    } catch {
      return;
    }
    for (const name of names) {
      const full = path.join(dir, name);
      if (statSync(full).isDirectory()) walk(full);
      else found.push(path.relative(root, full));
    }
  };
  walk(root);
  return found.sort();
}

// ---- Real files

export const pdfFile = (): Buffer =>
  Buffer.from(
    '%PDF-1.4\n1 0 obj <</Type /Catalog /Pages 2 0 R>> endobj\n2 0 obj <</Type /Pages /Kids [3 0 R] /Count 1>> endobj\n3 0 obj <</Type /Page /Parent 2 0 R /MediaBox [0 0 200 200]>> endobj\nxref\n0 4\n0000000000 65535 f \ntrailer <</Size 4 /Root 1 0 R>>\nstartxref\n0\n%%EOF\n',
  );

interface ZipEntry {
  name: string;
  data: Buffer;
  /** Store without compression (an ODF's `mimetype` must be). */
  stored?: boolean;
  /** A size to declare other than the true one (a lying entry). */
  declaredSize?: number;
}

/** A zip as office programs write it: local headers, deflated data, the central directory, its end. */
export function zip(entries: ZipEntry[]): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const entry of entries) {
    const name = Buffer.from(entry.name);
    const packed = entry.stored ? entry.data : deflateRawSync(entry.data);
    const crc = crc32(entry.data);
    const size = entry.declaredSize ?? entry.data.length;
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(entry.stored ? 0 : 8, 8);
    local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(packed.length, 18);
    local.writeUInt32LE(size, 22);
    local.writeUInt16LE(name.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(entry.stored ? 0 : 8, 10);
    central.writeUInt32LE(crc, 16);
    central.writeUInt32LE(packed.length, 20);
    central.writeUInt32LE(size, 24);
    central.writeUInt16LE(name.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, name, packed);
    centrals.push(central, name);
    offset += local.length + name.length + packed.length;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
}

const xml = (text: string) => Buffer.from(`<?xml version="1.0" encoding="UTF-8"?>${text}`);

export const docxFile = (): Buffer =>
  zip([
    { name: '[Content_Types].xml', data: xml('<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"/>') },
    { name: '_rels/.rels', data: xml('<Relationships/>') },
    { name: 'word/document.xml', data: xml('<w:document><w:body><w:p><w:r><w:t>Мой ответ</w:t></w:r></w:p></w:body></w:document>') },
  ]);

export const odtFile = (): Buffer =>
  zip([
    { name: 'mimetype', data: Buffer.from('application/vnd.oasis.opendocument.text'), stored: true },
    { name: 'content.xml', data: xml('<office:document-content/>') },
    { name: 'META-INF/manifest.xml', data: xml('<manifest:manifest/>') },
  ]);

/** A docx's names around an entry of 150 MB of zeros (about 150 KB packed): it must never be inflated whole. */
export const zipBombDocx = (): Buffer =>
  zip([
    { name: '[Content_Types].xml', data: xml('<Types/>') },
    { name: 'word/document.xml', data: Buffer.alloc(150 * 1024 * 1024) },
  ]);

/** A docx whose entry says it is small and inflates to 50 MB: its declared size is the cap. */
export const lyingZipDocx = (): Buffer =>
  zip([
    { name: '[Content_Types].xml', data: xml('<Types/>') },
    { name: 'word/document.xml', data: Buffer.alloc(50 * 1024 * 1024), declaredSize: 1000 },
  ]);

/** A JPEG with EXIF: a camera and a GPS position (Moscow). */
export async function jpegWithGps(): Promise<Buffer> {
  return sharp({ create: { width: 64, height: 48, channels: 3, background: { r: 200, g: 120, b: 40 } } })
    .jpeg()
    .withMetadata({ orientation: 6 })
    .withExif({ IFD0: { Make: 'TestCam', Model: 'Secret 1' }, IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '55/1 45/1 0/1', GPSLongitudeRef: 'E', GPSLongitude: '37/1 37/1 0/1' } })
    .toBuffer();
}

export async function pngFile(): Promise<Buffer> {
  return sharp({ create: { width: 20, height: 10, channels: 4, background: { r: 0, g: 80, b: 160, alpha: 1 } } })
    .png()
    .withExif({ IFD0: { Make: 'TestCam' } })
    .toBuffer();
}

/**
 * A real HEIC photo of the GPS JPEG (libheif's heif-enc carries its EXIF over), or null where libheif-examples is not
 * installed.
 */
export async function realHeic(dir: string): Promise<Buffer | null> {
  const jpeg = path.join(dir, 'source.jpg');
  const heic = path.join(dir, 'source.heic');
  writeFileSync(jpeg, await jpegWithGps());
  try {
    execFileSync('heif-enc', ['-q', '60', '-o', heic, jpeg], { stdio: 'ignore' });
  } catch {
    return null;
  }
  return readFileSync(heic);
}

/** The first bytes of a HEIC photo: a `ftyp` box of brand heic, and nothing a decoder could open. */
export const heicFile = (): Buffer => {
  const ftyp = Buffer.alloc(24);
  ftyp.writeUInt32BE(24, 0);
  ftyp.write('ftypheic', 4, 'latin1');
  ftyp.writeUInt32BE(0, 12);
  ftyp.write('mif1heic', 16, 'latin1');
  return Buffer.concat([ftyp, Buffer.alloc(2000, 7)]);
};
