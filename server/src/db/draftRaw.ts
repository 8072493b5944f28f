// Turns paragraphs of plain text into Draft.js raw content (serialised JSON), the rich-text form the API sends. A
// paragraph written as `## Heading` becomes a heading (header-two).

interface RawBlock {
  key: string;
  text: string;
  type: 'unstyled' | 'header-two';
  depth: 0;
  inlineStyleRanges: [];
  entityRanges: [];
  data: Record<string, never>;
}

/** Draft.js keys only need to be unique within one document; deterministic keys keep seeds reproducible. */
function blockKey(index: number): string {
  return `p${index.toString(36).padStart(4, '0')}`;
}

const HEADING = '## ';

export function paragraphsToDraftRaw(paragraphs: readonly string[]): string {
  // Draft.js cannot build an editor state from zero blocks: empty text is one empty paragraph.
  const texts = paragraphs.length > 0 ? paragraphs : [''];
  const blocks: RawBlock[] = texts.map((text, index) => ({
    key: blockKey(index),
    text: text.startsWith(HEADING) ? text.slice(HEADING.length) : text,
    type: text.startsWith(HEADING) ? 'header-two' : 'unstyled',
    depth: 0,
    inlineStyleRanges: [],
    entityRanges: [],
    data: {},
  }));
  return JSON.stringify({ blocks, entityMap: {} });
}
