// Uploaded files: checked by content and size, stored in the database under an address made of their hash and
// name, and, for images, a smaller WebP copy for course cards.
import { createHash } from 'node:crypto';
import { MAX_DOCUMENT_BYTES, MAX_IMAGE_BYTES, mutaboMessages as m, THUMBNAIL_WIDTH, type UploadResult } from '../../../../common/mutabo.ts';
import type { Db } from '../../db/client.ts';
import { HttpError } from '../../http/errors.ts';
import type { Tx } from '../../repositories/mutaboCoursesRepository.ts';
import { insertUpload, uploadsOfUserSince, type UploadsRepository } from '../../repositories/uploadsRepository.ts';
import { recordWrite } from './audit.ts';
import { mutaboErrors, type Caller } from './context.ts';
import { detectFileType, storedName, type FileType } from './fileTypes.ts';

export const MEDIA_PREFIX = '/media/';

/**
 * The bounds of decoding one image: its pixels (width × height, read from the header before any decoding) and the
 * time libvips may take over it.
 */
export const IMAGE_LIMITS = { pixels: 40_000_000, seconds: 10 };

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

export interface UploadsContext {
  db: Db;
  uploads: UploadsRepository;
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
      await recordWrite(tx, { userId: caller.userId, entity: 'upload', entityId: id, courseId: null, action: 'create', before: null, after: { url: urlOf(key), contentType: type.contentType, size: data.length, sha256 } });
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

/** Stores one uploaded file; 400 under `file` for a type that is not accepted or an image over 5 MB. */
export async function uploadFile(ctx: UploadsContext, caller: Caller, uploadedName: string, data: Buffer): Promise<UploadResult> {
  const type = detectFileType(data);
  if (!type) throw mutaboErrors.field('file', m.uploadType);
  if (data.length > (type.kind === 'image' ? MAX_IMAGE_BYTES : MAX_DOCUMENT_BYTES)) {
    throw mutaboErrors.field('file', type.kind === 'image' ? m.uploadImageTooLarge : m.uploadTooLarge);
  }
  // A first look without the lock, so a flood over the quota costs no image decoding.
  await checkQuota(ctx.db, caller.userId, data.length, false);
  const name = storedName(uploadedName, type);
  if (type.kind === 'document') return { url: await store(ctx, caller, data, name, type, true) };
  let thumbnail: Buffer;
  try {
    thumbnail = await thumbnailOf(data);
  } catch (error) {
    if (error instanceof ImageRefused) throw mutaboErrors.field('file', error.message);
    throw error;
  }
  return { url: await store(ctx, caller, data, name, type, true), thumbnail: await store(ctx, caller, thumbnail, thumbnailName(name), WEBP) };
}

/**
 * The thumbnail of an image uploaded here, for a course saved with an image and no thumbnail: made (or found, the
 * address being the same) from the stored image; null for an image elsewhere or one that cannot be read; 400 under
 * `image` for one beyond IMAGE_LIMITS (stored before they were set). Call it only for a save that is otherwise
 * going through: it is the one costly step of a save.
 */
export async function thumbnailForImage(ctx: UploadsContext, caller: Caller, imageUrl: string): Promise<string | null> {
  const key = mediaKey(imageUrl);
  const image = key === null ? null : await ctx.uploads.findByKey(key);
  if (!image || !image.contentType.startsWith('image/')) return null;
  let thumbnail: Buffer;
  try {
    thumbnail = await thumbnailOf(image.data);
  } catch (error) {
    if (error instanceof ImageRefused && error.overBound) throw mutaboErrors.field('image', error.message);
    return null;
  }
  try {
    return await store(ctx, caller, thumbnail, thumbnailName(image.name), WEBP);
  } catch {
    return null;
  }
}
