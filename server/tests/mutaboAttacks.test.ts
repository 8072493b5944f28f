// Attacks on the authors' area (/api/v1/mutabo/..., /media/...): another author or a participant at every route of a
// course they do not lead, ids of other courses inside bodies, fields a client must not set, two saves of one
// version at once, hostile uploads. Each attack must be refused and change nothing.
import { deflateRawSync } from 'node:zlib';
import { eq } from 'drizzle-orm';
import type { FastifyInstance, LightMyRequestResponse, RouteOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MutaboCourse, MutaboCourseListItem } from '../../common/mutabo/courses.ts';
import { mutaboMessages } from '../../common/mutabo/fields.ts';
import type { MutaboLesson } from '../../common/mutabo/lessons.ts';
import type { UploadResult } from '../../common/mutabo/uploads.ts';
import { auditLog, courses, lessons, uploads } from '../src/db/schema.ts';
import { courseAuthorMessages } from '../src/services/mutabo/courseAuthors.ts';
import { imageMessages, UPLOAD_QUOTA } from '../src/services/content/uploads.ts';
import { bearer, buildTestApp, ids, seedFixture } from './fixtures.ts';
import { createTestDatabase, dbModes, type TestDatabase } from './testDb.ts';

type Who = 'anna' | 'boris' | 'pupil';

/** Bodies each route would accept from the course's own author (so a refusal is about who asks, not what). */
const plausibleBody = (method: string, url: string, version: number, lessonIds: number[]): object | undefined => {
  if (method === 'GET' || method === 'DELETE') return undefined;
  if (url.endsWith('/lessons/order/')) return { lessons: [...lessonIds].reverse() };
  if (url.endsWith('/lessons/') && method === 'POST') return { title: 'Подкинутое занятие', duration: 60 };
  if (url.endsWith('/mailings/') && method === 'POST') return { subject: 'Подкинутое письмо', text: 'Текст.', to: 'subscribers' };
  return { title: 'Захвачено', state: 'draft', version };
};

function multipart(name: string, data: Buffer, type = 'application/octet-stream') {
  const boundary = '----attack-boundary';
  const payload = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\nContent-Type: ${type}\r\n\r\n`),
    data,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k += 1) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
function crc32(bytes: Buffer): number {
  let c = 0xffffffff;
  for (const byte of bytes) c = CRC_TABLE[(c ^ byte) & 0xff]! ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}
function pngChunk(type: string, data: Buffer): Buffer {
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}
/** A PNG that claims width × height pixels in a few hundred bytes: a decompression bomb for a naive decoder. */
function pixelBomb(width: number, height: number): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 0, 0, 0, 0], 8);
  const rows = deflateRawSync(Buffer.alloc(64 * 1024));
  return Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), pngChunk('IHDR', header), pngChunk('IDAT', rows), pngChunk('IEND', Buffer.alloc(0))]);
}

/** A ZIP whose one entry inflates to `size` zero bytes: stored as sent, never opened. */
function zipBomb(size: number): Buffer {
  const compressed = deflateRawSync(Buffer.alloc(size), { level: 9 });
  const local = Buffer.alloc(30);
  local.writeUInt32LE(0x04034b50, 0);
  local.writeUInt16LE(20, 4);
  local.writeUInt16LE(8, 8);
  local.writeUInt32LE(compressed.length, 18);
  local.writeUInt32LE(size, 22);
  local.writeUInt16LE(5, 26);
  return Buffer.concat([local, Buffer.from('zeros'), compressed]);
}

describe.each(dbModes())('attacks on the authors’ area (%s)', (mode) => {
  let testDb: TestDatabase;
  let app: FastifyInstance;
  const areaRoutes: { method: string; url: string }[] = [];
  const tokens: Partial<Record<Who, string>> = {};

  beforeAll(async () => {
    testDb = await createTestDatabase(mode);
    await seedFixture(testDb.database.db);
    app = await buildTestApp({
      database: testDb.database,
      onRoute: (route: RouteOptions) => {
        if (!route.url.startsWith('/api/v1/mutabo/')) return;
        for (const method of [route.method].flat()) if (method !== 'HEAD') areaRoutes.push({ method, url: route.url });
      },
    });
    for (const who of ['anna', 'boris', 'pupil'] as const) tokens[who] = await app.deps.tokens.sign(ids.users[who], 'access');
  });

  afterAll(async () => {
    await app?.close();
    await testDb?.destroy();
  });

  const call = (method: string, url: string, who: Who | null, payload?: object): Promise<LightMyRequestResponse> =>
    app.inject({ method: method as 'GET', url, headers: who ? bearer(tokens[who]!) : {}, ...(payload === undefined ? {} : { payload }) });

  /** A course Anna alone leads, with two lessons. */
  async function annasCourse() {
    const created = await call('POST', '/api/v1/mutabo/courses/', 'anna', { title: 'Курс Анны', disciplesAge: 'DISCIPLES_AGE_ADULTS' });
    expect(created.statusCode, created.body).toBe(201);
    const course = created.json<MutaboCourse>();
    const lessonIds: number[] = [];
    for (const title of ['Первое', 'Второе']) {
      const lesson = await call('POST', `/api/v1/mutabo/courses/${course.id}/lessons/`, 'anna', { title, duration: 60 });
      lessonIds.push(lesson.json<MutaboLesson>().id);
    }
    return { courseId: course.id, lessonIds };
  }

  const snapshot = async (courseId: number) => ({
    course: await testDb.database.db.select().from(courses).where(eq(courses.id, courseId)),
    lessons: await testDb.database.db.select().from(lessons).where(eq(lessons.courseId, courseId)).orderBy(lessons.id),
  });

  describe('a course the caller does not lead', () => {
    it('is refused at every route of the area that names a course or a lesson, and nothing changes', async () => {
      const { courseId, lessonIds } = await annasCourse();
      const course = (await call('GET', `/api/v1/mutabo/courses/${courseId}/`, 'anna')).json<MutaboCourse>();
      const before = await snapshot(courseId);
      const targeted = areaRoutes.filter((route) => /\/(courses|lessons)\/:id\//.test(route.url));
      expect(targeted.length).toBeGreaterThanOrEqual(9);
      for (const route of targeted) {
        const url = route.url.replace(':id', String(route.url.includes('/lessons/:id') ? lessonIds[0] : courseId));
        const body = plausibleBody(route.method, route.url, course.version, lessonIds);
        const asAuthor = await call(route.method, url, 'boris', body);
        expect(asAuthor.statusCode, `boris ${route.method} ${url}`).toBe(404);
        expect(asAuthor.json()).toEqual({ detail: expect.stringMatching(/не найден/) });
        const asParticipant = await call(route.method, url, 'pupil', body);
        expect(asParticipant.statusCode, `pupil ${route.method} ${url}`).toBe(403);
        const asGuest = await call(route.method, url, null, body);
        expect(asGuest.statusCode, `guest ${route.method} ${url}`).toBe(401);
      }
      expect(await snapshot(courseId)).toEqual(before);
      const borisWrites = await testDb.database.db.select().from(auditLog).where(eq(auditLog.userId, ids.users.boris));
      expect(borisWrites).toEqual([]);
      // Nor does it show in the other author's list, or as a draft on the public page.
      const list = (await call('GET', '/api/v1/mutabo/courses/', 'boris')).json<MutaboCourseListItem[]>();
      expect(list.map((item) => item.id)).not.toContain(courseId);
      expect((await call('GET', `/api/v1/courses/${courseId}/`, 'boris')).statusCode).toBe(404);
    });

    it('does no work for another author’s save: no thumbnail is made from an image named in a refused PATCH', async () => {
      const { courseId } = await annasCourse();
      const course = (await call('GET', `/api/v1/mutabo/courses/${courseId}/`, 'anna')).json<MutaboCourse>();
      const sharp = (await import('sharp')).default;
      const image = await sharp({ create: { width: 800, height: 600, channels: 3, background: '#a33' } }).png().toBuffer();
      const body = multipart('cover.png', image);
      const uploaded = await app.inject({ method: 'POST', url: '/api/v1/mutabo/uploads/', payload: body.payload, headers: { ...body.headers, ...bearer(tokens.anna!) } });
      // The thumbnail itself is an uploaded image with no thumbnail of its own yet.
      const { thumbnail } = uploaded.json<UploadResult>();
      const refused = await call('PATCH', `/api/v1/mutabo/courses/${courseId}/`, 'boris', { image: thumbnail, thumbnail: '', version: course.version });
      expect(refused.statusCode).toBe(404);
      expect(await testDb.database.db.select({ id: uploads.id }).from(uploads).where(eq(uploads.userId, ids.users.boris))).toEqual([]);
      expect(await testDb.database.db.select().from(auditLog).where(eq(auditLog.userId, ids.users.boris))).toEqual([]);
    });

    it('cannot be reached through ids in a body: reordering with another course’s lessons is refused', async () => {
      const mine = await annasCourse();
      const theirs = await call('POST', '/api/v1/mutabo/courses/', 'boris', { title: 'Курс Бориса', disciplesAge: 'DISCIPLES_AGE_ADULTS' });
      const borisCourse = theirs.json<MutaboCourse>();
      const borisLesson = (await call('POST', `/api/v1/mutabo/courses/${borisCourse.id}/lessons/`, 'boris', { title: 'Его', duration: 30 })).json<MutaboLesson>();
      const before = await snapshot(mine.courseId);
      const response = await call('POST', `/api/v1/mutabo/courses/${borisCourse.id}/lessons/order/`, 'boris', { lessons: [...mine.lessonIds, borisLesson.id] });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ lessons: [mutaboMessages.lessonOrderInvalid] });
      expect(await snapshot(mine.courseId)).toEqual(before);
    });
  });

  describe('fields a client must not set', () => {
    it('are ignored on creation: id, version, createdAt, course of a lesson', async () => {
      const created = await call('POST', '/api/v1/mutabo/courses/', 'boris', {
        id: ids.courses.draft,
        version: 77,
        createdAt: '2000-01-01T00:00:00Z',
        url: 'https://evil.example/',
        title: 'Подмена',
        disciplesAge: 'DISCIPLES_AGE_ADULTS',
      });
      expect(created.statusCode, created.body).toBe(201);
      const course = created.json<MutaboCourse>();
      expect(course.id).not.toBe(ids.courses.draft);
      expect(course.version).toBe(1);
      expect(course.url).not.toContain('evil');
      const [draft] = await testDb.database.db.select().from(courses).where(eq(courses.id, ids.courses.draft));
      expect(draft).toMatchObject({ title: 'Секретный черновик', version: 1 });

      const lesson = await call('POST', `/api/v1/mutabo/courses/${course.id}/lessons/`, 'boris', { title: 'Занятие', duration: 45, id: ids.lessons.draftCourse, course: ids.courses.draft, courseId: ids.courses.draft, version: 9 });
      expect(lesson.statusCode, lesson.body).toBe(201);
      expect(lesson.json<MutaboLesson>()).toMatchObject({ version: 1 });
      expect(lesson.json<MutaboLesson>().id).not.toBe(ids.lessons.draftCourse);
      const [stored] = await testDb.database.db.select().from(lessons).where(eq(lessons.id, lesson.json<MutaboLesson>().id));
      expect(stored!.courseId).toBe(course.id);
    });

    it('are ignored on change: a lesson cannot be moved to another course, a version cannot be set', async () => {
      const { courseId, lessonIds } = await annasCourse();
      const lesson = (await call('GET', `/api/v1/mutabo/lessons/${lessonIds[0]}/`, 'anna')).json<MutaboLesson>();
      const changed = await call('PATCH', `/api/v1/mutabo/lessons/${lesson.id}/`, 'anna', { title: 'Новое', version: lesson.version, course: ids.courses.draft, courseId: ids.courses.draft, id: 1 });
      expect(changed.statusCode, changed.body).toBe(200);
      expect(changed.json<MutaboLesson>()).toMatchObject({ id: lesson.id, version: lesson.version + 1 });
      const [stored] = await testDb.database.db.select().from(lessons).where(eq(lessons.id, lesson.id));
      expect(stored!.courseId).toBe(courseId);
      // The author list is never left empty: a course cannot be made nobody's (services/mutabo/courseAuthors.ts).
      const course = (await call('GET', `/api/v1/mutabo/courses/${courseId}/`, 'anna')).json<MutaboCourse>();
      const orphaned = await call('PATCH', `/api/v1/mutabo/courses/${courseId}/`, 'anna', { authors: [], version: course.version });
      expect(orphaned.statusCode).toBe(400);
      expect(orphaned.json()).toEqual({ authors: [courseAuthorMessages.lastAuthor] });
    });

    it('refuses a body that tries to reach the prototype', async () => {
      const response = await app.inject({
        method: 'POST',
        url: '/api/v1/mutabo/courses/',
        headers: { ...bearer(tokens.anna!), 'content-type': 'application/json' },
        payload: '{"title":"x","disciplesAge":"DISCIPLES_AGE_ADULTS","__proto__":{"version":5}}',
      });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ detail: expect.any(String) });
    });
  });

  describe('saves of one version at once', () => {
    it('let exactly one of several lesson saves win; the rest get 409 and the winner’s text stays', async () => {
      const { lessonIds } = await annasCourse();
      const lesson = (await call('GET', `/api/v1/mutabo/lessons/${lessonIds[0]}/`, 'anna')).json<MutaboLesson>();
      const results = await Promise.all(Array.from({ length: 6 }, (_, index) => call('PATCH', `/api/v1/mutabo/lessons/${lesson.id}/`, 'anna', { title: `Версия ${index}`, version: lesson.version })));
      const statuses = results.map((result) => result.statusCode).sort();
      expect(statuses).toEqual([200, 409, 409, 409, 409, 409]);
      expect(results.find((result) => result.statusCode === 409)!.json()).toEqual({ detail: mutaboMessages.staleLesson });
      const winner = results.find((result) => result.statusCode === 200)!.json<MutaboLesson>();
      const stored = (await call('GET', `/api/v1/mutabo/lessons/${lesson.id}/`, 'anna')).json<MutaboLesson>();
      expect(stored).toMatchObject({ title: winner.title, version: lesson.version + 1 });
    });

    it('let exactly one of several course saves win', async () => {
      const { courseId } = await annasCourse();
      const course = (await call('GET', `/api/v1/mutabo/courses/${courseId}/`, 'anna')).json<MutaboCourse>();
      const results = await Promise.all(Array.from({ length: 6 }, (_, index) => call('PATCH', `/api/v1/mutabo/courses/${courseId}/`, 'anna', { subtitle: `Версия ${index}`, version: course.version })));
      expect(results.filter((result) => result.statusCode === 200)).toHaveLength(1);
      expect(results.filter((result) => result.statusCode === 409)).toHaveLength(5);
    });
  });

  describe('hostile uploads', () => {
    const upload = (name: string, data: Buffer, type?: string) => {
      const body = multipart(name, data, type);
      return app.inject({ method: 'POST', url: '/api/v1/mutabo/uploads/', payload: body.payload, headers: { ...body.headers, ...bearer(tokens.anna!) } });
    };
    const html = Buffer.from('<html><body><script>alert(document.cookie)</script></body></html>');

    it('refuses SVG in every disguise and HTML behind an image header', async () => {
      for (const [name, data, type] of [
        ['a.svg', Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"/>'), 'image/svg+xml'],
        ['a.png', Buffer.from('<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'), 'image/png'],
        ['a.jpg', Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from('<svg/>')]), 'image/jpeg'],
        ['a.html', html, 'text/html'],
      ] as const) {
        const response = await upload(name, data, type);
        expect(response.statusCode, name).toBe(400);
        expect(response.json()).toEqual({ file: [mutaboMessages.uploadType] });
      }
      for (const header of [[0xff, 0xd8, 0xff, 0xe0], [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a], [...Buffer.from('RIFF\0\0\0\0WEBP')]]) {
        const response = await upload('page.jpg', Buffer.concat([Buffer.from(header), html]), 'image/jpeg');
        expect(response.statusCode).toBe(400);
        expect(response.json()).toEqual({ file: [mutaboMessages.uploadBrokenImage] });
      }
    });

    it('serves a document that hides HTML as what it claims to be, not to be sniffed, as an attachment', async () => {
      const response = await upload('report.html', Buffer.concat([Buffer.from('%PDF-1.4\n'), html]), 'text/html');
      expect(response.statusCode, response.body).toBe(201);
      const { url } = response.json<UploadResult>();
      expect(url).toMatch(/\/report\.pdf$/);
      const served = await app.inject({ url, headers: { accept: 'text/html' } });
      expect(served.headers['content-type']).toBe('application/pdf');
      expect(served.headers['x-content-type-options']).toBe('nosniff');
      expect(served.headers['content-security-policy']).toContain("default-src 'none'");
      expect(served.headers['content-disposition']).toMatch(/^attachment; filename\*=UTF-8''report\.pdf$/);
      // Images are shown in the page, still never sniffed.
      const image = await upload('x.png', await import('sharp').then(({ default: sharp }) => sharp({ create: { width: 4, height: 4, channels: 3, background: '#fff' } }).png().toBuffer()));
      const shown = await app.inject(image.json<UploadResult>().url);
      expect(shown.headers['content-disposition']).toMatch(/^inline;/);
      expect(shown.headers['x-content-type-options']).toBe('nosniff');
    });

    it('keeps names inside /media/<hash>/: folders, dots and control characters are dropped', async () => {
      const pdf = (text: string) => Buffer.from(`%PDF-1.4\n${text}\n%%EOF\n`);
      for (const [index, name] of ['../../../etc/passwd', '..\\..\\windows\\win.ini', '/absolute/path.pdf', '....//x.pdf', '%2e%2e%2fx.pdf', 'a\u0001b.pdf', '.htaccess'].entries()) {
        const response = await upload(name, pdf(String(index)));
        expect(response.statusCode, name).toBe(201);
        const { url } = response.json<UploadResult>();
        const stored = decodeURIComponent(url.replace(/^\/media\/[0-9a-f]{16}\//, ''));
        expect(url, name).toMatch(/^\/media\/[0-9a-f]{16}\/[^/]+\.pdf$/);
        expect(stored, name).not.toMatch(/^\.|\.\.|[/\\]|\p{Cc}/u);
        expect((await app.inject(url)).statusCode).toBe(200);
      }
    });

    it('stores a ZIP bomb as sent without opening it, and refuses a PNG that claims billions of pixels', async () => {
      const bomb = zipBomb(40 * 1024 * 1024);
      expect(bomb.length).toBeLessThan(100 * 1024);
      const started = Date.now();
      const response = await upload('bomb.zip', bomb);
      expect(response.statusCode, response.body).toBe(201);
      expect(Date.now() - started).toBeLessThan(5_000);
      const [row] = await testDb.database.db.select({ size: uploads.size, contentType: uploads.contentType }).from(uploads).where(eq(uploads.sha256, (await import('node:crypto')).createHash('sha256').update(bomb).digest('hex')));
      expect(row).toEqual({ size: bomb.length, contentType: 'application/zip' });

      const pixels = await upload('bomb.png', pixelBomb(100_000, 100_000));
      expect(pixels.statusCode).toBe(400);
      expect(pixels.json()).toEqual({ file: [imageMessages.tooManyPixels] });
    });
    it('stops an author’s uploads at the daily quota, exactly, however many arrive at once', async () => {
      const boris = (name: string, data: Buffer) => {
        const body = multipart(name, data);
        return app.inject({ method: 'POST', url: '/api/v1/mutabo/uploads/', payload: body.payload, headers: { ...body.headers, ...bearer(tokens.boris!) } });
      };
      const pdf = (text: string) => Buffer.from(`%PDF-1.4\n${text}\n%%EOF\n`);
      const stored = async () => (await testDb.database.db.select({ id: uploads.id }).from(uploads).where(eq(uploads.userId, ids.users.boris))).length;
      // Earlier uploads that leave room for three more files.
      const filler = Array.from({ length: UPLOAD_QUOTA.files - 3 }, (_, index) => ({ key: `filler/${index}`, sha256: 'x', name: 'f.pdf', contentType: 'application/pdf', size: 1, data: Buffer.from('x'), userId: ids.users.boris }));
      await testDb.database.db.insert(uploads).values(filler);
      const before = await stored();
      const results = await Promise.all(Array.from({ length: 8 }, (_, index) => boris(`parallel-${index}.pdf`, pdf(`parallel ${index}`))));
      expect(results.map((result) => result.statusCode).sort()).toEqual([201, 201, 201, 429, 429, 429, 429, 429]);
      const refused = results.find((result) => result.statusCode === 429)!;
      expect(refused.json()).toEqual({ detail: mutaboMessages.uploadQuota });
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
      expect(await stored()).toBe(before + 3);
      // Bytes count too: another author with one huge file behind them is refused a small one.
      await testDb.database.db.insert(uploads).values({ key: 'filler/huge', sha256: 'x', name: 'h.pdf', contentType: 'application/pdf', size: UPLOAD_QUOTA.bytes - 10, data: Buffer.from('x'), userId: ids.users.anna });
      const big = await upload('over.pdf', pdf('over the byte quota'));
      expect(big.statusCode).toBe(429);
      await testDb.database.db.delete(uploads).where(eq(uploads.key, 'filler/huge'));
      expect((await upload('under.pdf', pdf('under the byte quota'))).statusCode).toBe(201);
    });
  });
});
