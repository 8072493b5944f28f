// What the upload takes, checked before sending so that a wrong file is refused at once with a clear message;
// the server checks again by the file's first bytes.
import { mutaboMessages } from '../../../common/mutabo/fields.ts';
import { sharedContentMessages } from '../../../common/mutabo/sharedContent.ts';
import { DOCUMENT_TYPES, IMAGE_TYPES, MAX_DOCUMENT_BYTES, MAX_IMAGE_BYTES } from '../../../common/mutabo/uploads.ts';

export type UploadKind = 'image' | 'document';

const EXTENSIONS: Record<UploadKind, readonly string[]> = {
  image: ['jpg', 'jpeg', 'png', 'webp'],
  document: ['pdf', 'epub', 'mp3', 'zip'],
};
const TYPES: Record<UploadKind, readonly string[]> = { image: IMAGE_TYPES, document: DOCUMENT_TYPES };

const UPLOAD_TYPE_MESSAGES: Record<UploadKind, string> = {
  image: sharedContentMessages.uploadNotImage,
  document: 'Этот тип файла не принимается: загрузите PDF, EPUB, MP3 или ZIP.',
};

/** The Russian reason a file cannot be sent, or null. */
export function uploadRefusal(file: File, kind: UploadKind): string | null {
  const extension = /\.([^.]+)$/.exec(file.name)?.[1]?.toLowerCase() ?? '';
  // Browsers give no type (or a generic one) for some files: the name decides then, and the server checks the bytes.
  const knownType = file.type !== '' && file.type !== 'application/octet-stream';
  const accepted = knownType ? TYPES[kind].includes(file.type) || (kind === 'document' && EXTENSIONS.document.includes(extension)) : EXTENSIONS[kind].includes(extension);
  if (!accepted) return UPLOAD_TYPE_MESSAGES[kind];
  if (kind === 'image' && file.size > MAX_IMAGE_BYTES) return mutaboMessages.uploadImageTooLarge;
  if (file.size > MAX_DOCUMENT_BYTES) return mutaboMessages.uploadTooLarge;
  return null;
}

const sizeFormat = new Intl.NumberFormat('ru-RU', { maximumFractionDigits: 1 });

/** «2,4 МБ», «310 КБ». */
export function fileSize(bytes: number): string {
  if (bytes >= 1024 * 1024) return `${sizeFormat.format(bytes / (1024 * 1024))} МБ`;
  return `${sizeFormat.format(Math.max(1, Math.round(bytes / 1024)))} КБ`;
}
