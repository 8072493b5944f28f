// What an uploaded file is, by its first bytes (a name or a declared type proves nothing): the accepted images and
// documents, each with the extension its address gets. SVG (a document that can carry scripts) is not among them.
import type { DOCUMENT_TYPES, IMAGE_TYPES } from '../../../../common/mutabo/uploads.ts';

export interface FileType {
  contentType: (typeof IMAGE_TYPES)[number] | (typeof DOCUMENT_TYPES)[number];
  kind: 'image' | 'document';
  extension: string;
}

const startsWith = (bytes: Buffer, signature: number[], offset = 0) => signature.every((byte, index) => bytes[offset + index] === byte);
const ascii = (text: string) => [...text].map((char) => char.charCodeAt(0));

export function detectFileType(bytes: Buffer): FileType | null {
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return { contentType: 'image/jpeg', kind: 'image', extension: 'jpg' };
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return { contentType: 'image/png', kind: 'image', extension: 'png' };
  if (startsWith(bytes, ascii('RIFF')) && startsWith(bytes, ascii('WEBP'), 8)) return { contentType: 'image/webp', kind: 'image', extension: 'webp' };
  if (startsWith(bytes, ascii('%PDF-'))) return { contentType: 'application/pdf', kind: 'document', extension: 'pdf' };
  if (startsWith(bytes, [0x50, 0x4b, 0x03, 0x04]) || startsWith(bytes, [0x50, 0x4b, 0x05, 0x06])) {
    // An EPUB is a ZIP whose first entry is the uncompressed file «mimetype» (OCF 3.0, section 4.3).
    if (startsWith(bytes, ascii('mimetypeapplication/epub+zip'), 30)) return { contentType: 'application/epub+zip', kind: 'document', extension: 'epub' };
    return { contentType: 'application/zip', kind: 'document', extension: 'zip' };
  }
  // MP3: an ID3v2 tag, or an MPEG audio frame header (11 sync bits, layer III).
  if (startsWith(bytes, ascii('ID3')) || (bytes[0] === 0xff && bytes.length > 1 && (bytes[1]! & 0xe6) === 0xe2)) {
    return { contentType: 'audio/mpeg', kind: 'document', extension: 'mp3' };
  }
  return null;
}

/**
 * The name in the file's address: the letters, digits, dots, dashes and underscores of the uploaded name without its
 * folders and extension (others become dashes), at most 80 characters, with the extension of what the file really is.
 */
export function storedName(uploadedName: string, type: FileType): string {
  const base = (uploadedName.split(/[/\\]/).pop() ?? '')
    .normalize('NFC')
    .replace(/\.[\p{L}\p{N}]{1,10}$/u, '')
    .replace(/[^\p{L}\p{N}._-]+/gu, '-')
    .replace(/^[-.]+|[-.]+$/g, '')
    .slice(0, 80);
  return `${base || 'file'}.${type.extension}`;
}
