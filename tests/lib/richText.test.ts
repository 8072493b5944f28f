import { parseRichText, richTextParagraphs } from '../../src/lib/richText.ts';

const raw = JSON.stringify({
  blocks: [
    { key: 'a', text: 'Первый абзац', type: 'unstyled', depth: 0, inlineStyleRanges: [], entityRanges: [], data: {} },
    { key: 'b', text: '', type: 'unstyled', depth: 0, inlineStyleRanges: [], entityRanges: [], data: {} },
    { key: 'c', text: 'Второй абзац', type: 'unstyled', depth: 0, inlineStyleRanges: [], entityRanges: [], data: {} },
  ],
  entityMap: {},
});

describe('rich text parsing', () => {
  it('reads Draft.js raw content', () => {
    const parsed = parseRichText(raw);
    expect(parsed.kind).toBe('raw');
    expect(richTextParagraphs(raw)).toEqual(['Первый абзац', 'Второй абзац']);
  });

  it('falls back to plain text for anything that does not parse as raw content', () => {
    expect(parseRichText('Просто текст')).toEqual({ kind: 'plain', text: 'Просто текст' });
    expect(parseRichText('{broken json')).toEqual({ kind: 'plain', text: '{broken json' });
    expect(parseRichText('{"blocks": "nope"}').kind).toBe('plain');
    expect(parseRichText(null)).toEqual({ kind: 'plain', text: '' });
    expect(richTextParagraphs('Строка один\n\nСтрока два')).toEqual(['Строка один', 'Строка два']);
  });
});
