// The anchors of the authors' sections on the about page (/about#anna), made from their records' names.

const CYRILLIC_TO_LATIN: Record<string, string> = {
  а: 'a', б: 'b', в: 'v', г: 'g', д: 'd', е: 'e', ё: 'e', ж: 'zh', з: 'z', и: 'i', й: 'y', к: 'k', л: 'l', м: 'm',
  н: 'n', о: 'o', п: 'p', р: 'r', с: 's', т: 't', у: 'u', ф: 'f', х: 'kh', ц: 'ts', ч: 'ch', ш: 'sh', щ: 'shch',
  ъ: '', ы: 'y', ь: '', э: 'e', ю: 'yu', я: 'ya',
};

/** «Михаил Орлов» → `mikhail-orlov`: Latin letters and digits, words joined by hyphens. */
export function transliterate(text: string): string {
  return [...text.toLowerCase()]
    .map((char) => CYRILLIC_TO_LATIN[char] ?? char)
    .join('')
    .normalize('NFKD')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}

interface NamedAuthor {
  id: number;
  firstName: string;
  lastName: string;
}

/**
 * The anchor of each author, in the order given: the first name (`anna`); the full name when another author
 * shares the first name; `author-{id}` when neither gives a free one. The same records always give the same
 * anchors, so the header's links and the page's sections agree.
 */
export function authorAnchors(authors: readonly NamedAuthor[]): string[] {
  const firstNames = authors.map((author) => transliterate(author.firstName));
  const taken = new Set<string>();
  return authors.map((author, index) => {
    const first = firstNames[index]!;
    const shared = firstNames.filter((name) => name === first).length > 1;
    const candidates = [shared ? '' : first, transliterate(`${author.firstName} ${author.lastName}`), `author-${author.id}`];
    const anchor = candidates.find((candidate) => candidate !== '' && !taken.has(candidate)) ?? `author-${author.id}`;
    taken.add(anchor);
    return anchor;
  });
}
