// Uploaded files: checked by content and size, stored in the database under an address made of their hash and
// name; an image over STORED_IMAGE_SIDE (or over the old 5 MB) is stored smaller, and every image gets a smaller WebP
// copy for course cards.
import { createHash } from 'node:crypto';
import { mutaboMessages as m } from '../../../../common/mutabo/fields.ts';
import {
  MAX_DOCUMENT_BYTES,
  MAX_IMAGE_BYTES,
  MAX_IMAGE_PIXELS,
  STORED_IMAGE_SIDE,
  THUMBNAIL_WIDTH,
  type UploadResult,
} from '../../../../common/mutabo/uploads.ts';
import type { Db, Tx } from '../../db/client.ts';
import { HttpError, notFound } from '../../http/errors.ts';
import { messages } from '../../http/messages.ts';
import { findUploadByKey, insertUpload, uploadsOfUserSince, type UploadRow } from '../../repositories/content/uploadsRepository.ts';
import { insertAuditRecord } from '../../repositories/history/auditRepository.ts';
import type { Caller } from '../caller.ts';
import { detectFileType, storedName, type FileType } from './fileTypes.ts';

/** A refused file or image, under the form's field. */
const fieldError = (field: string, message: string) => new HttpError(400, { [field]: [message] });

const MEDIA_PREFIX = '/media/';

/** The file at MEDIA_PREFIX + `prefix/name` (GET /media/…); 404 when there is none. */
export async function mediaFile(db: Db, prefix: string, name: string): Promise<UploadRow> {
  const upload = await findUploadByKey(db, `${prefix}/${name}`);
  if (!upload) throw notFound(messages.notFound);
  return upload;
}

/**
 * The bounds of decoding one image: its pixels (width × height, read from the header before any decoding) and the
 * time libvips may take over it.
 */
export const IMAGE_LIMITS = { pixels: MAX_IMAGE_PIXELS, seconds: 10 };

/**
 * An image at most this large and STORED_IMAGE_SIDE on its long side is stored byte for byte as sent (what the 5 MB
 * rule took before); a larger one is stored made smaller.
 */
const KEPT_AS_SENT_BYTES = 5 * 1024 * 1024;

export const imageMessages = {
  tooManyPixels: 'Изображение больше 40 мегапикселей: уменьшите его и загрузите снова.',
  tooSlow: 'Изображение обрабатывается слишком долго: уменьшите его и загрузите снова.',
};

/**
 * What one user may store in a day (thumbnails included): files are kept in the database, so an author's account, or a
 * token stolen from one, must not be able to fill it.
 */
export const UPLOAD_QUOTA = { files: 200, bytes: 1024 * 1024 * 1024, windowMs: 24 * 60 * 60 * 1000 };

/** 429 when the quota is used up; `retryAfterSeconds` is when its oldest upload leaves the window. */
export class UploadQuotaError extends HttpError {
  constructor(readonly retryAfterSeconds: number) {
    super(429, { detail: m.uploadQuota });
  }
}

/** Refuses an upload of `size` bytes that would go beyond the quota. */
async function checkQuota(tx: Db | Tx, userId: number, size: number, lock: boolean): Promise<void> {
  const now = Date.now();
  const used = await uploadsOfUserSince(tx, userId, new Date(now - UPLOAD_QUOTA.windowMs), lock);
  if (used.files + 1 <= UPLOAD_QUOTA.files && used.bytes + size <= UPLOAD_QUOTA.bytes) return;
  const lifting = (used.oldest?.getTime() ?? now) + UPLOAD_QUOTA.windowMs;
  throw new UploadQuotaError(Math.max(1, Math.ceil((lifting - now) / 1000)));
}

interface UploadsContext {
  db: Db;
}

const WEBP: FileType = { contentType: 'image/webp', kind: 'image', extension: 'webp' };
const thumbnailName = (name: string) => storedName(name.replace(/\.[^.]+$/, '-thumb'), WEBP);

const keyOf = (data: Buffer, name: string) => `${createHash('sha256').update(data).digest('hex').slice(0, 16)}/${name}`;
const urlOf = (key: string) => MEDIA_PREFIX + key.split('/').map(encodeURIComponent).join('/');

/** The key of a site address under /media/, or null for any other address. */
export function mediaKey(url: string): string | null {
  if (!url.startsWith(MEDIA_PREFIX)) return null;
  try {
    return url.slice(MEDIA_PREFIX.length).split('/').map(decodeURIComponent).join('/');
  } catch {
    return null;
  }
}

async function store(ctx: UploadsContext, caller: Caller, data: Buffer, name: string, type: FileType, quota = false): Promise<string> {
  const sha256 = createHash('sha256').update(data).digest('hex');
  const key = keyOf(data, name);
  await ctx.db.transaction(async (tx) => {
    // Counted and stored under the user's lock: parallel uploads cannot all pass the same count.
    if (quota) await checkQuota(tx, caller.userId, data.length, true);
    const id = await insertUpload(tx, { key, sha256, name, contentType: type.contentType, size: data.length, data, userId: caller.userId });
    if (id !== null) {
      await insertAuditRecord(tx, { userId: caller.userId, entity: 'upload', entityId: id, courseId: null, action: 'create', before: null, after: { url: urlOf(key), contentType: type.contentType, size: data.length, sha256 } });
    }
  });
  return urlOf(key);
}

/** An image that is not made a thumbnail of: broken, or beyond IMAGE_LIMITS (its message says which). */
class ImageRefused extends Error {
  constructor(
    message: string,
    /** Over a bound rather than unreadable: a course save says so instead of going without a thumbnail. */
    readonly overBound: boolean,
  ) {
    super(message);
  }
}

function refusalOf(error: unknown): ImageRefused {
  const message = error instanceof Error ? error.message : '';
  if (/pixel limit/i.test(message)) return new ImageRefused(imageMessages.tooManyPixels, true);
  if (/^timeout/i.test(message)) return new ImageRefused(imageMessages.tooSlow, true);
  return new ImageRefused(m.uploadBrokenImage, false);
}

const JPEG: FileType = { contentType: 'image/jpeg', kind: 'image', extension: 'jpg' };
const PNG: FileType = { contentType: 'image/png', kind: 'image', extension: 'png' };

/**
 * The image as it is stored: as sent when it is within STORED_IMAGE_SIDE and KEPT_AS_SENT_BYTES; otherwise turned
 * upright (its EXIF orientation), scaled to at most STORED_IMAGE_SIDE on the long side (never enlarged), without its
 * metadata (a camera's place and time), and written again at quality 85: a JPEG as JPEG, a WebP as WebP, a PNG that
 * shows transparency as PNG, an opaque PNG (a photo saved as PNG) as JPEG. Refused (ImageRefused) over IMAGE_LIMITS:
 * the pixel count is read from the header, before anything is decoded, and each step has the time bound.
 */
async function storedImage(data: Buffer, type: FileType): Promise<{ data: Buffer; type: FileType }> {
  const { default: sharp } = await import('sharp');
  const bounded = <T extends { timeout: (options: { seconds: number }) => T }>(image: T) => image.timeout({ seconds: IMAGE_LIMITS.seconds });
  try {
    const { width = 0, height = 0, hasAlpha } = await sharp(data, { limitInputPixels: IMAGE_LIMITS.pixels }).metadata();
    // metadata() reads the header only: a pixel count over the bound is refused here, as decoding would refuse it.
    if (width * height > IMAGE_LIMITS.pixels) throw new Error('Input image exceeds pixel limit');
    if (Math.max(width, height) <= STORED_IMAGE_SIDE && data.length <= KEPT_AS_SENT_BYTES) return { data, type };
    const resized = bounded(sharp(data, { limitInputPixels: IMAGE_LIMITS.pixels }))
      .rotate()
      .resize({ width: STORED_IMAGE_SIDE, height: STORED_IMAGE_SIDE, fit: 'inside', withoutEnlargement: true });
    if (type.contentType === 'image/webp') return { data: await resized.webp({ quality: 85 }).toBuffer(), type: WEBP };
    if (type.contentType === 'image/jpeg' || !hasAlpha) return { data: await resized.jpeg({ quality: 85 }).toBuffer(), type: JPEG };
    // A PNG with an alpha channel: looked at once it is small, and kept as PNG only when some pixel is not opaque.
    const { data: pixels, info } = await resized.raw().toBuffer({ resolveWithObject: true });
    const small = () =>
      bounded(sharp(pixels, { raw: { width: info.width, height: info.height, channels: info.channels, premultiplied: info.premultiplied } }));
    if (!(await small().stats()).isOpaque) return { data: await small().png({ compressionLevel: 9 }).toBuffer(), type: PNG };
    return { data: await small().flatten({ background: '#ffffff' }).jpeg({ quality: 85 }).toBuffer(), type: JPEG };
  } catch (error) {
    throw refusalOf(error);
  }
}

/**
 * A WebP copy at most THUMBNAIL_WIDTH wide (never enlarged); also proves the image can be decoded. Refused
 * (ImageRefused) over IMAGE_LIMITS: the pixel count is read from the header, before anything is decoded.
 */
async function thumbnailOf(data: Buffer): Promise<Buffer> {
  // Loaded with the first image: sharp and libvips keep some 20 MB resident, which a server that never gets an
  // upload does without.
  const { default: sharp } = await import('sharp');
  try {
    return await sharp(data, { limitInputPixels: IMAGE_LIMITS.pixels })
      .timeout({ seconds: IMAGE_LIMITS.seconds })
      .rotate()
      .resize({ width: THUMBNAIL_WIDTH, withoutEnlargement: true })
      .webp({ quality: 80 })
      .toBuffer();
  } catch (error) {
    throw refusalOf(error);
  }
}

/**
 * Stores one uploaded file; 400 under `file` for a type that is not accepted, an image over MAX_IMAGE_BYTES or
 * IMAGE_LIMITS, or a document over MAX_DOCUMENT_BYTES.
 */
export async function uploadFile(ctx: UploadsContext, caller: Caller, uploadedName: string, data: Buffer): Promise<UploadResult> {
  const type = detectFileType(data);
  if (!type) throw fieldError('file', m.uploadType);
  if (data.length > (type.kind === 'image' ? MAX_IMAGE_BYTES : MAX_DOCUMENT_BYTES)) {
    throw fieldError('file', type.kind === 'image' ? m.uploadImageTooLarge : m.uploadTooLarge);
  }
  // A first look without the lock, so a flood over the quota costs no image decoding.
  await checkQuota(ctx.db, caller.userId, data.length, false);
  if (type.kind === 'document') return { url: await store(ctx, caller, data, storedName(uploadedName, type), type, true) };
  let image: { data: Buffer; type: FileType };
  let thumbnail: Buffer;
  try {
    image = await storedImage(data, type);
    thumbnail = await thumbnailOf(image.data);
  } catch (error) {
    if (error instanceof ImageRefused) throw fieldError('file', error.message);
    throw error;
  }
  const name = storedName(uploadedName, image.type);
  return { url: await store(ctx, caller, image.data, name, image.type, true), thumbnail: await store(ctx, caller, thumbnail, thumbnailName(name), WEBP) };
}

/**
 * The thumbnail of an image uploaded here, for a course saved with an image and no thumbnail: made (or found, the
 * address being the same) from the stored image; null for an image elsewhere or one that cannot be read; 400 under
 * `image` for one beyond IMAGE_LIMITS (stored before they were set). Call it only for a save that is otherwise
 * going through: it is the one costly step of a save.
 */
export async function thumbnailForImage(ctx: UploadsContext, caller: Caller, imageUrl: string): Promise<string | null> {
  const key = mediaKey(imageUrl);
  const image = key === null ? null : await findUploadByKey(ctx.db, key);
  if (!image || !image.contentType.startsWith('image/')) return null;
  let thumbnail: Buffer;
  try {
    thumbnail = await thumbnailOf(image.data);
  } catch (error) {
    if (error instanceof ImageRefused && error.overBound) throw fieldError('image', error.message);
    return null;
  }
  try {
    return await store(ctx, caller, thumbnail, thumbnailName(image.name), WEBP);
  } catch {
    return null;
  }
}
