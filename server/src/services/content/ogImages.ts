// The link-preview picture (og:image) of a course: a 1200×630 JPEG under 300 kB cut from the middle of its cover.
// Made with sharp by the first process that renders the course page after the cover is set, kept in the database
// (table og_images: every process behind the proxy reads the same picture, and it survives a redeploy, like the
// uploads it is made from) under a key made of the recipe and the cover's content hash, and served at /og/<key>.jpg
// with a year-long immutable cache. A new cover is new content, so a new key: an old picture is never served for it.
// A cover that cannot be read or decoded gives no picture (the page then shows the site's own).
import { createHash } from 'node:crypto';
import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import { OG_IMAGE_SIZE } from '../../../../common/pageMeta.ts';
import { isSitePath } from '../../../../common/sitePaths.ts';
import type { Executor } from '../../db/client.ts';
import { findOgImage, insertOgImage, ogImageExists, uploadData, uploadDigest } from '../../repositories/content/ogImagesRepository.ts';
import { IMAGE_LIMITS, mediaKey } from './uploads.ts';

/** At most this many bytes: some preview bots skip larger pictures, and 300 kB loads fast on a phone. */
const OG_IMAGE_MAX_BYTES = 300_000;
/** Tried in turn until the picture fits under OG_IMAGE_MAX_BYTES. */
const QUALITIES = [82, 72, 60, 45];
/** Behind a cover's transparent parts: the site's page colour. */
const BACKGROUND = '#fbf9f4';
/** Part of every key: change it when the picture is made differently, so every course gets a new one. */
const RECIPE = `og-v1 ${OG_IMAGE_SIZE.width}x${OG_IMAGE_SIZE.height} cover centre jpeg ${QUALITIES.join(',')} ${BACKGROUND}`;
/** The site's files a cover may be (the demo's covers are SVG). */
const IMAGE_FILE = /\.(svg|png|jpe?g|webp|gif|avif)$/i;
/** How long a process trusts what it found for a cover that may change under the same address (a file of the site), or that failed. */
const RECHECK_MS = 60_000;
/** How many covers a process remembers. */
const MEMO_LIMIT = 1_000;

const OG_IMAGE_PREFIX = '/og/';
const ogImagePath = (key: string) => `${OG_IMAGE_PREFIX}${key}.jpg`;

/** The key of the picture made from a cover whose content has this SHA-256 (hex). */
function ogImageKey(coverSha256: string): string {
  return createHash('sha256').update(`${RECIPE}\n${coverSha256}`).digest('hex').slice(0, 16);
}

/** The picture: the cover scaled to cover 1200×630 and cut around its centre, as a JPEG under OG_IMAGE_MAX_BYTES. */
async function renderOgImage(cover: Buffer): Promise<Buffer> {
  // Loaded with the first picture made, as for the uploads' thumbnails: a server that never makes one does without.
  const { default: sharp } = await import('sharp');
  const { width, height } = OG_IMAGE_SIZE;
  const limits = { limitInputPixels: IMAGE_LIMITS.pixels };
  const info = await sharp(cover, limits).metadata();
  // A vector cover is drawn large enough for the picture rather than drawn small and blown up.
  const density =
    info.format === 'svg' && info.width && info.height
      ? Math.min(2400, Math.max(72, Math.ceil(72 * Math.max(width / info.width, height / info.height))))
      : undefined;
  for (const quality of QUALITIES) {
    const jpeg = await sharp(cover, { ...limits, ...(density ? { density } : {}) })
      .timeout({ seconds: IMAGE_LIMITS.seconds })
      .rotate()
      .resize(width, height, { fit: 'cover', position: 'centre' })
      .flatten({ background: BACKGROUND })
      .jpeg({ quality, mozjpeg: true })
      .toBuffer();
    if (jpeg.length < OG_IMAGE_MAX_BYTES) return jpeg;
  }
  throw new Error(`the preview picture stays over ${OG_IMAGE_MAX_BYTES} bytes`);
}

interface OgImagesContext {
  db: Executor;
  /** The built site, where a cover that is one of its files is read (null: only uploaded covers). */
  siteRoot: string | null;
  log: FastifyBaseLogger;
}

export interface OgImages {
  /** The site path of the cover's picture, made now if it is not there yet; null when the cover gives none. */
  forCover(cover: string): Promise<string | null>;
  /** A picture by key; null when there is none. */
  read(key: string): Promise<Buffer | null>;
}

interface Cover {
  sha256: string;
  data: () => Promise<Buffer | null>;
  /** Whether the same address always holds the same content (an upload's address is made of its hash). */
  immutable: boolean;
}

export function createOgImages(ctx: OgImagesContext): OgImages {
  const memo = new Map<string, { path: string | null; until: number }>();
  const running = new Map<string, Promise<string | null>>();

  /** The cover's content hash and a way to its bytes; null for an address that is no image here. */
  async function findCover(cover: string): Promise<Cover | null> {
    const uploadKey = mediaKey(cover);
    if (uploadKey !== null) {
      const digest = await uploadDigest(ctx.db, uploadKey);
      if (!digest || !digest.contentType.startsWith('image/')) return null;
      return { sha256: digest.sha256, data: () => uploadData(ctx.db, uploadKey), immutable: true };
    }
    if (!ctx.siteRoot) return null;
    let pathname: string;
    try {
      pathname = decodeURIComponent(new URL(cover, 'http://site.invalid').pathname);
    } catch {
      return null;
    }
    if (!IMAGE_FILE.test(pathname)) return null;
    const file = path.resolve(ctx.siteRoot, `.${pathname}`);
    if (!file.startsWith(path.resolve(ctx.siteRoot) + path.sep)) return null;
    const stats = await stat(file).catch(() => null);
    if (!stats?.isFile() || stats.size > 20 * 1024 * 1024) return null;
    const data = await readFile(file);
    return { sha256: createHash('sha256').update(data).digest('hex'), data: async () => data, immutable: false };
  }

  async function make(cover: string): Promise<string | null> {
    let found: Cover | null = null;
    let result: string | null = null;
    try {
      found = await findCover(cover);
      if (found) {
        const key = ogImageKey(found.sha256);
        if (await ogImageExists(ctx.db, key)) {
          result = ogImagePath(key);
        } else {
          const data = await found.data();
          if (data) {
            await insertOgImage(ctx.db, key, await renderOgImage(data));
            result = ogImagePath(key);
          }
        }
      }
    } catch (error) {
      ctx.log.warn({ err: error, cover }, 'no preview picture could be made from the course cover');
      result = null;
    }
    if (memo.size >= MEMO_LIMIT) memo.clear();
    memo.set(cover, { path: result, until: result !== null && found?.immutable ? Infinity : Date.now() + RECHECK_MS });
    return result;
  }

  return {
    async forCover(cover) {
      if (!cover || !isSitePath(cover)) return null;
      const known = memo.get(cover);
      if (known && known.until > Date.now()) return known.path;
      let pending = running.get(cover);
      if (!pending) {
        pending = make(cover).finally(() => running.delete(cover));
        running.set(cover, pending);
      }
      return pending;
    },
    read: (key) => findOgImage(ctx.db, key),
  };
}
