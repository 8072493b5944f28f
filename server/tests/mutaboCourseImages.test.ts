// A course save and its image (services/mutabo/courses.ts, uploads.ts): a save that will be refused (a stale version,
// another author's course, an unknown author) decodes no image, and decoding is bounded in pixels and in time. sharp is
// counted through a pass-through mock, so "no decoding" is checked exactly, not by timing.
import { createHash } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { MutaboCourse } from '../../common/mutabo/courses.ts';
import { mutaboMessages } from '../../common/mutabo/fields.ts';
import type { UploadResult } from '../../common/mutabo/uploads.ts';
import { insertUpload } from '../src/repositories/content/uploadsRepository.ts';
import { IMAGE_LIMITS, imageMessages } from '../src/services/content/uploads.ts';
import { bearer, buildTestApp, ids, seedFixture } from './fixtures.ts';
import { createTestDatabase, dbModes, type TestDatabase } from './testDb.ts';

const sharpCalls = vi.hoisted(() => ({ count: 0, options: [] as unknown[], timeouts: [] as unknown[] }));

vi.mock('sharp', async (importOriginal) => {
  const real = (await importOriginal<typeof import('sharp')>()).default;
  const counted = (...args: Parameters<typeof real>) => {
    sharpCalls.count += 1;
    sharpCalls.options.push(args[1]);
    const instance = real(...args);
    const timeout = instance.timeout.bind(instance);
    instance.timeout = (options) => {
      sharpCalls.timeouts.push(options);
      return timeout(options);
    };
    return instance;
  };
  return { default: Object.assign(counted, real) };
});

// Imported after the mock is declared (vi.mock is hoisted anyway): the test's own images are made with the same sharp.
const { default: sharp } = await import('sharp');

const png = (width: number, height: number) => sharp({ create: { width, height, channels: 3, background: { r: 200, g: 80, b: 40 } } }).png().toBuffer();

function multipart(name: string, data: Buffer) {
  const boundary = '----course-images-boundary';
  const payload = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\nContent-Type: image/png\r\n\r\n`),
    data,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

describe.each(dbModes())('a course save and its image (%s)', (mode) => {
  let testDb: TestDatabase;
  let app: FastifyInstance;
  let anna: string;
  let boris: string;

  beforeAll(async () => {
    testDb = await createTestDatabase(mode);
    await seedFixture(testDb.database.db);
    app = await buildTestApp({ database: testDb.database });
    anna = await app.deps.tokens.sign(ids.users.anna, 'access');
    boris = await app.deps.tokens.sign(ids.users.boris, 'access');
  });

  afterAll(async () => {
    await app?.close();
    await testDb?.destroy();
  });

  const upload = (name: string, data: Buffer) => {
    const body = multipart(name, data);
    return app.inject({ method: 'POST', url: '/api/v1/mutabo/uploads/', payload: body.payload, headers: { ...body.headers, ...bearer(anna) } });
  };
  const createCourse = (payload: Record<string, unknown>) =>
    app.inject({ method: 'POST', url: '/api/v1/mutabo/courses/', headers: bearer(anna), payload: { title: 'Курс с картинкой', disciplesAge: 'DISCIPLES_AGE_ADULTS', ...payload } });
  const patchCourse = (id: number, payload: Record<string, unknown>, token = anna) =>
    app.inject({ method: 'PATCH', url: `/api/v1/mutabo/courses/${id}/`, headers: bearer(token), payload });

  it('decodes no image for a save that will be refused, and a bounded one for a save that goes through', async () => {
    const { url } = (await upload('cover.png', await png(1200, 800))).json<UploadResult>();
    const course = (await createCourse({})).json<MutaboCourse>();
    const before = sharpCalls.count;

    const stale = await patchCourse(course.id, { image: url, thumbnail: '', version: course.version + 1 });
    expect(stale.statusCode, stale.body).toBe(409);
    expect(stale.json()).toEqual({ detail: mutaboMessages.staleCourse });
    const notTheirs = await patchCourse(course.id, { image: url, thumbnail: '', version: course.version }, boris);
    expect(notTheirs.statusCode).toBe(404);
    const endBeforeStart = await patchCourse(course.id, { image: url, thumbnail: '', start: '2031-02-01', end: '2031-01-01', version: course.version });
    expect(endBeforeStart.json()).toEqual({ end: [mutaboMessages.endBeforeStart] });
    const unknownAuthor = await patchCourse(course.id, { image: url, thumbnail: '', authors: [ids.authors.anna, 9999], version: course.version });
    expect(unknownAuthor.json()).toEqual({ authors: [mutaboMessages.authorUnknown] });
    const createdWithUnknownAuthor = await createCourse({ image: url, authors: [9999] });
    expect(createdWithUnknownAuthor.json()).toEqual({ authors: [mutaboMessages.authorUnknown] });
    expect(sharpCalls.count).toBe(before);

    const saved = await patchCourse(course.id, { image: url, thumbnail: '', version: course.version });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json<MutaboCourse>().thumbnail).toMatch(/\/cover-thumb\.webp$/);
    expect(sharpCalls.count).toBe(before + 1);
    expect(sharpCalls.options.at(-1)).toMatchObject({ limitInputPixels: IMAGE_LIMITS.pixels });
    expect(sharpCalls.timeouts.at(-1)).toEqual({ seconds: IMAGE_LIMITS.seconds });
  });

  it('refuses an image over the pixel bound under its field, in Russian, on upload and on a course save', async () => {
    expect(IMAGE_LIMITS.pixels).toBe(40_000_000);
    // 20000 × 2001 is just over 40 megapixels, and half a megabyte as a PNG of one colour.
    const big = await png(20_000, 2001);
    const uploaded = await upload('big.png', big);
    expect(uploaded.statusCode).toBe(400);
    expect(uploaded.json()).toEqual({ file: [imageMessages.tooManyPixels] });
    expect(imageMessages.tooManyPixels).toMatch(/мегапиксел/);

    // One stored before the bound existed: a course saved with it and no thumbnail is told, not answered 500.
    const key = `${createHash('sha256').update(big).digest('hex').slice(0, 16)}/big.png`;
    await testDb.database.db.transaction((tx) =>
      insertUpload(tx, { key, sha256: createHash('sha256').update(big).digest('hex'), name: 'big.png', contentType: 'image/png', size: big.length, data: big, userId: ids.users.anna }),
    );
    const course = (await createCourse({})).json<MutaboCourse>();
    const saved = await patchCourse(course.id, { image: `/media/${key}`, thumbnail: '', version: course.version });
    expect(saved.statusCode, saved.body).toBe(400);
    expect(saved.json()).toEqual({ image: [imageMessages.tooManyPixels] });
  });
});
