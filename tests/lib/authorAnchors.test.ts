// The anchors of the authors' sections and the footer's word about an author, both made from the records.
import { authorBlurb } from '../../src/lib/authorBlurb.ts';
import { authorAnchors, transliterate } from '../../src/lib/authorAnchors.ts';

const author = (id: number, firstName: string, lastName = 'Орлов') => ({ id, firstName, lastName });

describe('authorAnchors', () => {
  it('transliterates a Russian first name into a Latin anchor', () => {
    expect(authorAnchors([author(1, 'Анна'), author(2, 'Михаил'), author(3, 'Щедрина Юлия')])).toEqual(['anna', 'mikhail', 'shchedrina-yuliya']);
    expect(transliterate('  Жанна-Мари Ёлкина ')).toBe('zhanna-mari-elkina');
    expect(transliterate('José')).toBe('jose');
  });

  it('uses the full name for authors who share a first name, and the id when nothing else is free', () => {
    expect(authorAnchors([author(1, 'Анна', 'Мельникова'), author(2, 'Анна', 'Орлова')])).toEqual(['anna-melnikova', 'anna-orlova']);
    expect(authorAnchors([author(1, 'Анна', 'Орлова'), author(2, 'Anna', 'Orlova')])).toEqual(['anna-orlova', 'author-2']);
    expect(authorAnchors([author(7, '—', '')])).toEqual(['author-7']);
  });

  it('gives an author the same anchor however the list around them changes', () => {
    expect(authorAnchors([author(2, 'Михаил'), author(1, 'Анна')])).toEqual(['mikhail', 'anna']);
    expect(authorAnchors([author(1, 'Анна')])).toEqual(['anna']);
  });
});

describe('authorBlurb', () => {
  it('takes the first sentence of the first paragraph, past initials', () => {
    expect(authorBlurb('Филолог, преподаёт литературу. Ведёт мастерскую.\nВторой абзац.')).toBe('Филолог, преподаёт литературу.');
    expect(authorBlurb('Ученица А. С. Иванова! Потом ещё.')).toBe('Ученица А. С. Иванова!');
    expect(authorBlurb('Без точки в конце')).toBe('Без точки в конце');
    expect(authorBlurb('')).toBe('');
  });

  it('cuts a very long sentence at a word and marks the cut', () => {
    const blurb = authorBlurb(`${'слово '.repeat(60)}конец.`);
    expect(blurb.length).toBeLessThanOrEqual(161);
    expect(blurb.endsWith('слово…')).toBe(true);
  });
});
