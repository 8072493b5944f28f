// Rich text as the API sends it: Draft.js raw content serialised as JSON, or plain text when it does not parse.
import type { RawDraftContentState } from 'draft-js';

type ParsedRichText = { kind: 'raw'; raw: RawDraftContentState } | { kind: 'plain'; text: string };

function isRawContent(value: unknown): value is RawDraftContentState {
  if (value === null || typeof value !== 'object') return false;
  const { blocks, entityMap } = value as Partial<RawDraftContentState>;
  return (
    Array.isArray(blocks) &&
    blocks.every((block) => block !== null && typeof block === 'object' && typeof block.text === 'string') &&
    (entityMap === undefined || (entityMap !== null && typeof entityMap === 'object'))
  );
}

export function parseRichText(source: string | null | undefined): ParsedRichText {
  const text = source ?? '';
  const trimmed = text.trim();
  if (trimmed.startsWith('{')) {
    try {
      const value: unknown = JSON.parse(trimmed);
      if (isRawContent(value)) return { kind: 'raw', raw: { ...value, entityMap: value.entityMap ?? {} } };
    } catch {
      // not JSON: plain text
    }
  }
  return { kind: 'plain', text };
}

/** The text of rich content without formatting, paragraph by paragraph (for previews and fallbacks). */
export function richTextParagraphs(source: string | null | undefined): string[] {
  const parsed = parseRichText(source);
  const lines = parsed.kind === 'raw' ? parsed.raw.blocks.map((block) => block.text) : parsed.text.split(/\n+/);
  return lines.filter((line) => line.trim() !== '');
}

/** The block types a document may hold and still show the same without draft-js: paragraphs and section headings. */
const SIMPLE_BLOCK_TYPES = new Set(['unstyled', 'header-two']);

/**
 * Whether raw content is only paragraphs and headings, with no bold or italic, links or pictures: then it shows the
 * same as plain elements, and the page need not load draft-js (about 58 kB) for it.
 */
export function isSimpleRichText(raw: RawDraftContentState): boolean {
  return raw.blocks.every(
    (block) => SIMPLE_BLOCK_TYPES.has(block.type) && (block.inlineStyleRanges?.length ?? 0) === 0 && (block.entityRanges?.length ?? 0) === 0,
  );
}
