// Uploads of the authors' area (POST /api/v1/mutabo/uploads/) and their addresses (/media/...).
import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MutaboCourse } from '../../common/mutabo/courses.ts';
import { mutaboMessages } from '../../common/mutabo/fields.ts';
import { MAX_IMAGE_BYTES, type UploadResult } from '../../common/mutabo/uploads.ts';
import { openPostgres } from '../src/db/client.ts';
import { detectFileType, storedName } from '../src/services/content/fileTypes.ts';
import { bearer, buildTestApp, ids, seedFixture, testConfig } from './fixtures.ts';
import { createTestDatabase, dbModes, type TestDatabase } from './testDb.ts';

interface FilePart {
  field?: string;
  name: string;
  type?: string;
  data: Buffer;
}

/** A multipart/form-data body with the given files (and a text field, as forms send). */
function multipart(files: FilePart[]) {
  const boundary = '----mutabo-test-boundary';
  const chunks: Buffer[] = [Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="purpose"\r\n\r\ncourse\r\n`)];
  for (const file of files) {
    chunks.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${file.field ?? 'file'}"; filename="${file.name}"\r\nContent-Type: ${file.type ?? 'application/octet-stream'}\r\n\r\n`,
      ),
      file.data,
      Buffer.from('\r\n'),
    );
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

const png = (width: number, height: number) => sharp({ create: { width, height, channels: 3, background: { r: 200, g: 80, b: 40 } } }).png().toBuffer();
const pdf = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');
const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>');

describe('file types', () => {
  it('are told by their first bytes, whatever the name says', async () => {
    expect(detectFileType(await png(2, 2))?.contentType).toBe('image/png');
    expect(detectFileType(await sharp(await png(2, 2)).jpeg().toBuffer())?.contentType).toBe('image/jpeg');
    expect(detectFileType(await sharp(await png(2, 2)).webp().toBuffer())?.contentType).toBe('image/webp');
    expect(detectFileType(pdf)?.contentType).toBe('application/pdf');
    const zipHeader = Buffer.from([0x50, 0x4b, 0x03, 0x04, ...Array<number>(26).fill(0)]);
    expect(detectFileType(Buffer.concat([zipHeader, Buffer.from('mimetypeapplication/epub+zip')]))?.contentType).toBe('application/epub+zip');
    expect(detectFileType(Buffer.concat([zipHeader, Buffer.from('readme.txt')]))?.contentType).toBe('application/zip');
    expect(detectFileType(Buffer.from('ID3\x04\x00rest'))?.contentType).toBe('audio/mpeg');
    expect(detectFileType(Buffer.from([0xff, 0xfb, 0x90, 0x64]))?.contentType).toBe('audio/mpeg');
    expect(detectFileType(svg)).toBeNull();
    expect(detectFileType(Buffer.from('GIF89a'))).toBeNull();
    expect(detectFileType(Buffer.from([0x3c, 0x3f, 0x78, 0x6d, 0x6c]))).toBeNull();
  });

  it('give the stored name the real extension and only safe characters', () => {
    const image = { contentType: 'image/png', kind: 'image', extension: 'png' } as const;
    expect(storedName('Фото курса (1).JPG', image)).toBe('Фото-курса-1.png');
    expect(storedName('../../etc/passwd', image)).toBe('passwd.png');
    expect(storedName('C:\\Мои документы\\план.урока.docx', image)).toBe('план.урока.png');
    expect(storedName('', image)).toBe('file.png');
  });
});

describe.each(dbModes())('uploads (%s)', (mode) => {
  let testDb: TestDatabase;
  let app: FastifyInstance;
  let anna: string;
  let pupil: string;

  beforeAll(async () => {
    testDb = await createTestDatabase(mode);
    await seedFixture(testDb.database.db);
    app = await buildTestApp({ database: testDb.database });
    anna = await app.deps.tokens.sign(ids.users.anna, 'access');
    pupil = await app.deps.tokens.sign(ids.users.pupil, 'access');
  });

  afterAll(async () => {
    await app?.close();
    await testDb?.destroy();
  });

  const upload = (files: FilePart[], token: string | null = anna) => {
    const body = multipart(files);
    return app.inject({ method: 'POST', url: '/api/v1/mutabo/uploads/', payload: body.payload, headers: { ...body.headers, ...(token ? bearer(token) : {}) } });
  };

  it('is for authors only', async () => {
    const file = [{ name: 'a.pdf', data: pdf }];
    expect((await upload(file, null)).statusCode).toBe(401);
    const asPupil = await upload(file, pupil);
    expect(asPupil.statusCode).toBe(403);
    expect(asPupil.json()).toEqual({ detail: mutaboMessages.notAuthor });
  });

  it('stores an image, serves the same bytes for a year, and makes a thumbnail', async () => {
    const image = await png(1600, 900);
    const response = await upload([{ name: 'Обложка курса.png', type: 'image/png', data: image }]);
    expect(response.statusCode, response.body).toBe(201);
    const { url, thumbnail } = response.json<UploadResult>();
    expect(url).toMatch(/^\/media\/[0-9a-f]{16}\/.+\.png$/);
    expect(decodeURIComponent(url)).toMatch(/\/Обложка-курса\.png$/);

    const served = await app.inject(url);
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
    expect(served.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(served.headers['x-content-type-options']).toBe('nosniff');
    expect(Buffer.compare(served.rawPayload, image)).toBe(0);

    const small = await app.inject(thumbnail!);
    expect(small.headers['content-type']).toBe('image/webp');
    expect(await sharp(small.rawPayload).metadata()).toMatchObject({ format: 'webp', width: 640, height: 360 });

    // The same file again has the same address.
    expect((await upload([{ name: 'Обложка курса.png', data: image }])).json<UploadResult>().url).toBe(url);
    expect((await app.inject(url.replace(/\/media\/[0-9a-f]{16}\//, '/media/0000000000000000/'))).statusCode).toBe(404);
  });

  it('stores documents and serves them byte for byte', async () => {
    const response = await upload([{ name: 'Статья.pdf', type: 'application/pdf', data: pdf }]);
    expect(response.statusCode).toBe(201);
    const result = response.json<UploadResult>();
    expect(result.thumbnail).toBeUndefined();
    const served = await app.inject(result.url);
    expect(served.headers['content-type']).toBe('application/pdf');
    expect(Buffer.compare(served.rawPayload, pdf)).toBe(0);

    // Byte ranges, as an audio player asks for them.
    const part = await app.inject({ url: result.url, headers: { range: 'bytes=5-9' } });
    expect(part.statusCode).toBe(206);
    expect(part.headers['content-range']).toBe(`bytes 5-9/${pdf.length}`);
    expect(Buffer.compare(part.rawPayload, pdf.subarray(5, 10))).toBe(0);
    const tail = await app.inject({ url: result.url, headers: { range: 'bytes=-6' } });
    expect(Buffer.compare(tail.rawPayload, pdf.subarray(pdf.length - 6))).toBe(0);
    const open = await app.inject({ url: result.url, headers: { range: `bytes=${pdf.length - 3}-` } });
    expect(open.headers['content-range']).toBe(`bytes ${pdf.length - 3}-${pdf.length - 1}/${pdf.length}`);
    const beyond = await app.inject({ url: result.url, headers: { range: `bytes=${pdf.length}-` } });
    expect(beyond.statusCode).toBe(416);
    expect((await app.inject({ url: result.url, headers: { range: 'lines=1-2' } })).statusCode).toBe(200);
  });

  it('answers a file name with a control character 404, as any unknown file, and logs no error', async () => {
    const lines: string[] = [];
    const logged = await buildTestApp({ database: testDb.database, config: testConfig({ LOG_LEVEL: 'info' }), logStream: { write: (line: string) => void lines.push(line) } });
    try {
      const { url } = (await upload([{ name: 'a.pdf', data: pdf }])).json<UploadResult>();
      const prefix = url.split('/')[2]!;
      for (const name of ['a%00b.png', '%00', 'a%01b.pdf', '%7F', '%C2%85', 'a.pdf%0A']) {
        const response = await logged.inject(`/media/${prefix}/${name}`);
        expect(response.statusCode, name).toBe(404);
        expect(response.json()).toEqual({ detail: 'Не найдено.' });
      }
      // A bare or broken percent sign is a bad address, answered in the same shape.
      for (const name of ['%', 'a%zz.pdf', '%E2%82']) {
        const response = await logged.inject(`/media/${prefix}/${name}`);
        expect(response.statusCode, name).toBe(400);
        expect(response.json()).toEqual({ detail: 'Некорректный запрос.' });
      }
    } finally {
      await logged.close();
    }
    const errors = lines.map((line) => JSON.parse(line) as { level: number; err?: unknown }).filter((line) => line.level >= 50 || line.err !== undefined);
    expect(errors).toEqual([]);
  });

  it('refuses SVG and anything else that is not an accepted type, whatever its name', async () => {
    for (const file of [
      { name: 'logo.svg', type: 'image/svg+xml', data: svg },
      { name: 'photo.png', type: 'image/png', data: svg },
      { name: 'page.pdf', data: Buffer.from('<html><script>alert(1)</script></html>') },
    ]) {
      const response = await upload([file]);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ file: [mutaboMessages.uploadType] });
    }
  });

  it('refuses an image over 30 MB, a file over 50 MB, two files, no file, and a broken body', async () => {
    const bigImage = Buffer.concat([await png(10, 10), Buffer.alloc(MAX_IMAGE_BYTES)]);
    expect((await upload([{ name: 'big.png', data: bigImage }])).json()).toEqual({ file: [mutaboMessages.uploadImageTooLarge] });
    const huge = Buffer.concat([pdf, Buffer.alloc(50 * 1024 * 1024)]);
    const tooLarge = await upload([{ name: 'huge.pdf', data: huge }]);
    expect(tooLarge.statusCode).toBe(400);
    expect(tooLarge.json()).toEqual({ file: [mutaboMessages.uploadTooLarge] });
    const two = await upload([
      { name: 'a.pdf', data: pdf },
      { name: 'b.pdf', data: pdf },
    ]);
    expect(two.json()).toEqual({ file: [mutaboMessages.uploadOneFile] });
    expect((await upload([])).json()).toEqual({ file: [mutaboMessages.uploadMissing] });
    const broken = await app.inject({
      method: 'POST',
      url: '/api/v1/mutabo/uploads/',
      headers: { ...bearer(anna), 'content-type': 'multipart/form-data; boundary=xyz' },
      payload: '--xyz\r\nContent-Disposition: form-data; name="file"; filename="a.pdf"\r\n\r\n%PDF-1.4 unterminated',
    });
    expect(broken.json()).toEqual({ file: [mutaboMessages.uploadUnreadable] });
    const noBoundary = await app.inject({ method: 'POST', url: '/api/v1/mutabo/uploads/', headers: { ...bearer(anna), 'content-type': 'multipart/form-data' }, payload: 'x' });
    expect(noBoundary.json()).toEqual({ file: [mutaboMessages.uploadUnreadable] });
    const json = await app.inject({ method: 'POST', url: '/api/v1/mutabo/uploads/', headers: bearer(anna), payload: { file: 'x' } });
    expect(json.json()).toEqual({ file: [mutaboMessages.uploadMissing] });
  });

  it('gives a course saved with an uploaded image and no thumbnail a thumbnail made from it', async () => {
    const { url } = (await upload([{ name: 'cover.png', data: await png(1200, 800) }])).json<UploadResult>();
    const created = await app.inject({
      method: 'POST',
      url: '/api/v1/mutabo/courses/',
      headers: bearer(anna),
      payload: { title: 'С картинкой', disciplesAge: 'DISCIPLES_AGE_ADULTS', image: url },
    });
    const course = created.json<MutaboCourse>();
    expect(course.image).toBe(url);
    expect(course.thumbnail).toMatch(/^\/media\/[0-9a-f]{16}\/cover-thumb\.webp$/);
    expect(await sharp((await app.inject(course.thumbnail)).rawPayload).metadata()).toMatchObject({ width: 640 });

    // A link elsewhere gets no thumbnail made; a given thumbnail is kept.
    const patched = await app.inject({
      method: 'PATCH',
      url: `/api/v1/mutabo/courses/${course.id}/`,
      headers: bearer(anna),
      payload: { image: 'https://example.org/cover.jpg', thumbnail: '', version: course.version },
    });
    expect(patched.json<MutaboCourse>()).toMatchObject({ image: 'https://example.org/cover.jpg', thumbnail: '' });
  });

  it.runIf(mode === 'postgres')('serves a file uploaded through one process from another', async () => {
    const second = openPostgres(testDb.url!, { poolSize: 2, reconnectDelayMs: 100 });
    const other = await buildTestApp({ database: second });
    try {
      const data = Buffer.concat([pdf, Buffer.from('другой процесс')]);
      const { url } = (await upload([{ name: 'shared.pdf', data }])).json<UploadResult>();
      const served = await other.inject(url);
      expect(served.statusCode).toBe(200);
      expect(Buffer.compare(served.rawPayload, data)).toBe(0);
    } finally {
      await other.close();
      await second.close();
    }
  });
});
