// The footer's word about an author: the first sentence of the author's own text about themselves.
import { richTextParagraphs } from './richText.ts';

const MAX_LENGTH = 160;

/** Ends at a full stop, «!», «?» or «…» followed by a space, unless the word before it is a single letter (an initial). */
const SENTENCE = /^.*?[^\s.!?…]{2}[.!?…]+(?=\s|$)/u;

export function authorBlurb(description: string): string {
  const paragraph = richTextParagraphs(description)[0]?.trim() ?? '';
  const sentence = SENTENCE.exec(paragraph)?.[0] ?? paragraph;
  if (sentence.length <= MAX_LENGTH) return sentence;
  const cut = sentence.slice(0, MAX_LENGTH);
  const space = cut.lastIndexOf(' ');
  return `${(space > MAX_LENGTH / 2 ? cut.slice(0, space) : cut).replace(/[\s,;:—-]+$/u, '')}…`;
}
