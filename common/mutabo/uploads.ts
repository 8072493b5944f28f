// The files the authors upload (`POST /api/v1/mutabo/uploads/`): what is taken, how large, and what the upload answers.
/**
 * `POST /api/v1/mutabo/uploads/` (multipart/form-data, one file): the file's address on this site,
 * `/media/<first 16 hex digits of its SHA-256>/<name>`, served with a year-long immutable cache. For an image,
 * `thumbnail` is the address of a smaller WebP copy (at most THUMBNAIL_WIDTH pixels wide) for course cards.
 */
export interface UploadResult {
  url: string;
  thumbnail?: string;
}

/** An image up to this size and MAX_IMAGE_PIXELS is taken; one over STORED_IMAGE_SIDE is stored smaller (server/README.md). */
export const MAX_IMAGE_BYTES = 30 * 1024 * 1024;
export const MAX_IMAGE_PIXELS = 40_000_000;
/** The longest side of an image as it is stored. */
export const STORED_IMAGE_SIDE = 2400;
export const MAX_DOCUMENT_BYTES = 50 * 1024 * 1024;
export const THUMBNAIL_WIDTH = 640;
/** What the upload accepts, by content (the file name does not count): images for courses and author photos, documents for the library. */
export const IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const;
export const DOCUMENT_TYPES = ['application/pdf', 'application/epub+zip', 'audio/mpeg', 'application/zip'] as const;
/** For a file input's `accept`. */
export const UPLOAD_ACCEPT = {
  image: '.jpg,.jpeg,.png,.webp,image/jpeg,image/png,image/webp',
  document: '.pdf,.epub,.mp3,.zip,application/pdf,application/epub+zip,audio/mpeg,application/zip',
} as const;
