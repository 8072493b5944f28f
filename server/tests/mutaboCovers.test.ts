// Big covers (issue 22, item 7): images up to 30 MB and 40 megapixels are taken and stored at most 2400 px on the long
// side (a JPEG or WebP as itself, a transparent PNG as PNG, an opaque PNG as JPEG); larger ones, in bytes or in pixels,
// get a Russian error under `file`, a small file that claims a huge picture included.
import { randomBytes } from 'node:crypto';
import { deflateRawSync } from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { mutaboMessages } from '../../common/mutabo/fields.ts';
import { MAX_IMAGE_BYTES, STORED_IMAGE_SIDE, type UploadResult } from '../../common/mutabo/uploads.ts';
import { imageMessages } from '../src/services/content/uploads.ts';
import { bearer, buildTestApp, ids, seedFixture } from './fixtures.ts';
import { createTestDatabase, dbModes, type TestDatabase } from './testDb.ts';

vi.setConfig({ testTimeout: 60_000 });

function multipart(name: string, data: Buffer) {
  const boundary = '----covers-boundary';
  const payload = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\nContent-Type: application/octet-stream\r\n\r\n`),
    data,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

const solid = (width: number, height: number) => sharp({ create: { width, height, channels: 3, background: { r: 30, g: 90, b: 140 } } });

/** Random noise does not compress: a PNG of it without compression is as large as its pixels. */
function noisePng(width: number, height: number, channels: 3 | 4 = 3) {
  return sharp(randomBytes(width * height * channels), { raw: { width, height, channels } }).png({ compressionLevel: 0 }).toBuffer();
}

function pngChunk(type: string, body: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(body.length);
  // libvips does not check the CRC of the header it reads the size from; zero is enough for this test.
  return Buffer.concat([length, Buffer.from(type, 'ascii'), body, Buffer.alloc(4)]);
}

/** A PNG of a few kilobytes whose header says `width` × `height`: what a decompression bomb looks like from outside. */
function claimedPng(width: number, height: number): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 0, 0, 0, 0], 8);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', header),
    pngChunk('IDAT', deflateRawSync(Buffer.alloc(64 * 1024))),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}

describe.each(dbModes())('big covers (%s)', (mode) => {
  let testDb: TestDatabase;
  let app: FastifyInstance;
  let anna: string;

  beforeAll(async () => {
    testDb = await createTestDatabase(mode);
    await seedFixture(testDb.database.db);
    app = await buildTestApp({ database: testDb.database });
    anna = await app.deps.tokens.sign(ids.users.anna, 'access');
  });

  afterAll(async () => {
    await app?.close();
    await testDb?.destroy();
  });

  const upload = (name: string, data: Buffer) => {
    const body = multipart(name, data);
    return app.inject({ method: 'POST', url: '/api/v1/mutabo/uploads/', payload: body.payload, headers: { ...body.headers, ...bearer(anna) } });
  };

  /** Uploads, then reads back what the site serves at the answered addresses. */
  async function stored(name: string, data: Buffer) {
    const response = await upload(name, data);
    expect(response.statusCode, response.body).toBe(201);
    const result = response.json<UploadResult>();
    const served = await app.inject(result.url);
    expect(served.statusCode).toBe(200);
    const thumbnail = await app.inject(result.thumbnail!);
    return {
      url: result.url,
      contentType: served.headers['content-type'],
      bytes: served.rawPayload,
      meta: await sharp(served.rawPayload).metadata(),
      thumbnail: await sharp(thumbnail.rawPayload).metadata(),
    };
  }

  it('takes a 7000 × 5000 photo and stores it as a JPEG 2400 px wide, with its card copy', async () => {
    const photo = await solid(7000, 5000).jpeg().toBuffer();
    const cover = await stored('Фото с камеры.jpg', photo);
    expect(cover.contentType).toBe('image/jpeg');
    expect(decodeURIComponent(cover.url)).toMatch(/\/Фото-с-камеры\.jpg$/);
    expect(cover.meta).toMatchObject({ format: 'jpeg', width: STORED_IMAGE_SIDE, height: 1714 });
    expect(cover.thumbnail).toMatchObject({ format: 'webp', width: 640 });
  });

  it('takes exactly 40 megapixels and refuses one row more, in Russian', async () => {
    const limit = await stored('limit.jpg', await solid(8000, 5000).jpeg().toBuffer());
    expect(limit.meta).toMatchObject({ width: STORED_IMAGE_SIDE, height: 1500 });
    const over = await upload('over.jpg', await solid(8000, 5001).jpeg().toBuffer());
    expect(over.statusCode).toBe(400);
    expect(over.json()).toEqual({ file: [imageMessages.tooManyPixels] });
  });

  it('refuses a small file that claims a huge picture before decoding it', async () => {
    const bomb = claimedPng(50_000, 50_000);
    expect(bomb.length).toBeLessThan(10 * 1024);
    const started = Date.now();
    const response = await upload('bomb.png', bomb);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ file: [imageMessages.tooManyPixels] });
    expect(Date.now() - started).toBeLessThan(5_000);
  });

  it('takes a photo saved as a PNG of almost 30 MB and stores it as a JPEG', async () => {
    const png = await noisePng(3150, 3150);
    expect(png.length).toBeGreaterThan(28 * 1024 * 1024);
    expect(png.length).toBeLessThanOrEqual(MAX_IMAGE_BYTES);
    const cover = await stored('скан.png', png);
    expect(cover.contentType).toBe('image/jpeg');
    expect(cover.url).toMatch(/\.jpg$/);
    expect(cover.meta).toMatchObject({ format: 'jpeg', width: STORED_IMAGE_SIDE, height: STORED_IMAGE_SIDE });
    expect(cover.bytes.length).toBeLessThan(png.length / 4);
  });

  it('refuses an image over 30 MB before decoding it', async () => {
    const big = Buffer.concat([await solid(10, 10).png().toBuffer(), Buffer.alloc(MAX_IMAGE_BYTES)]);
    const response = await upload('big.png', big);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ file: [mutaboMessages.uploadImageTooLarge] });
    expect(mutaboMessages.uploadImageTooLarge).toBe('Изображение больше 30 МБ: уменьшите его и загрузите снова.');
  });

  it('keeps a transparent PNG a PNG with its transparency, and a WebP a WebP', async () => {
    const transparent = await sharp({ create: { width: 3000, height: 1000, channels: 4, background: { r: 0, g: 0, b: 0, alpha: 0 } } })
      .composite([{ input: await solid(1000, 500).png().toBuffer(), left: 1000, top: 250 }])
      .png()
      .toBuffer();
    const logo = await stored('logo.png', transparent);
    expect(logo.contentType).toBe('image/png');
    expect(logo.meta).toMatchObject({ format: 'png', width: STORED_IMAGE_SIDE, height: 800, hasAlpha: true });
    expect((await sharp(logo.bytes).stats()).isOpaque).toBe(false);

    // An alpha channel that every pixel leaves opaque is no reason to keep a PNG.
    const opaqueWithAlpha = await solid(3000, 1000).ensureAlpha().png().toBuffer();
    expect((await stored('opaque.png', opaqueWithAlpha)).contentType).toBe('image/jpeg');

    const webp = await stored('cover.webp', await solid(4000, 3000).webp().toBuffer());
    expect(webp.meta).toMatchObject({ format: 'webp', width: STORED_IMAGE_SIDE, height: 1800 });
  });

  it('turns a sideways camera photo upright and drops its metadata', async () => {
    const sideways = await solid(3000, 2000).jpeg().withMetadata({ orientation: 6 }).toBuffer();
    const cover = await stored('sideways.jpg', sideways);
    expect(cover.meta).toMatchObject({ width: 1600, height: STORED_IMAGE_SIDE });
    expect(cover.meta.orientation).toBeUndefined();
    expect(cover.meta.exif).toBeUndefined();
  });

  it('stores an image within 2400 px and 5 MB byte for byte, as before', async () => {
    const small = await solid(2400, 1200).png().toBuffer();
    const cover = await stored('small.png', small);
    expect(Buffer.compare(cover.bytes, small)).toBe(0);
  });
});
