// Turns paragraphs of plain text into Draft.js raw content (serialised JSON), the rich-text form the API sends.

interface RawBlock {
  key: string;
  text: string;
  type: 'unstyled';
  depth: 0;
  inlineStyleRanges: [];
  entityRanges: [];
  data: Record<string, never>;
}

/** Draft.js keys only need to be unique within one document; deterministic keys keep seeds reproducible. */
function blockKey(index: number): string {
  return `p${index.toString(36).padStart(4, '0')}`;
}

export function paragraphsToDraftRaw(paragraphs: readonly string[]): string {
  // Draft.js cannot build an editor state from zero blocks: empty text is one empty paragraph.
  const texts = paragraphs.length > 0 ? paragraphs : [''];
  const blocks: RawBlock[] = texts.map((text, index) => ({
    key: blockKey(index),
    text,
    type: 'unstyled',
    depth: 0,
    inlineStyleRanges: [],
    entityRanges: [],
    data: {},
  }));
  return JSON.stringify({ blocks, entityMap: {} });
}
