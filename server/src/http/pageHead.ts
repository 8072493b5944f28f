// The head of a page's first HTML as people, search engines and link previews read it: the title, description,
// canonical link, Open Graph and Twitter fields of common/pageMeta.ts, and schema.org JSON-LD (a course page's Course,
// the home page's Organization). Everything is escaped here: the values come from the authors' records.
import type { CourseDetails, Currency, Seller } from '../../../common/wireTypes.ts';
import { absoluteUrl, clipText, metaFields, richTextPlain, SITE_NAME, type PageMeta } from '../../../common/pageMeta.ts';
import { escapeHtml } from './html.ts';

/** JSON inside a `<script>`: no `<` at all (so no `</script>` or `<!--`), and the two line separators JS once refused. */
export const escapeScriptJson = (json: string) => json.replace(/</g, '\\u003c').replace(/\u2028/g, '\\u2028').replace(/\u2029/g, '\\u2029');

/** The `<title>`, canonical link and `<meta>` elements of a page. */
export function metaHtml(meta: PageMeta, publicUrl: string): string[] {
  const lines = [`<title>${escapeHtml(meta.title)}</title>`];
  if (meta.path !== null) lines.push(`<link rel="canonical" href="${escapeHtml(absoluteUrl(publicUrl, meta.path))}">`);
  for (const [attribute, key, value] of metaFields(meta, publicUrl)) lines.push(`<meta ${attribute}="${key}" content="${escapeHtml(value)}">`);
  return lines;
}

/** A JSON-LD block. */
export function jsonLdHtml(data: Record<string, unknown>): string {
  return `<script type="application/ld+json">${escapeScriptJson(JSON.stringify(data))}</script>`;
}

const ISO_CURRENCIES: Record<Currency, string> = {
  CURRENCY_CHOICE_RUB: 'RUB',
  CURRENCY_CHOICE_EURO: 'EUR',
  CURRENCY_CHOICE_USD: 'USD',
};

/** The school as schema.org's Organization: the seller's name once the authors have filled it in, else the site's. */
export function organization(seller: Seller | undefined, publicUrl: string): Record<string, unknown> {
  const name = seller?.name.trim() || SITE_NAME;
  return {
    '@type': 'Organization',
    name,
    ...(name !== SITE_NAME ? { alternateName: SITE_NAME } : {}),
    url: absoluteUrl(publicUrl, '/'),
    logo: absoluteUrl(publicUrl, '/logo.svg'),
    ...(seller?.email.trim() ? { email: seller.email.trim() } : {}),
    ...(seller?.phone.trim() ? { telephone: seller.phone.trim() } : {}),
  };
}

/** The home page's JSON-LD. */
export function organizationJsonLd(seller: Seller | undefined, publicUrl: string): Record<string, unknown> {
  return { '@context': 'https://schema.org', ...organization(seller, publicUrl) };
}

/** When the course starts: its start date, or else its first scheduled lesson's start; undefined when neither is set. */
function courseStart(course: CourseDetails): string | undefined {
  if (course.start) return course.start;
  const starts = course.lessons.map((lesson) => lesson.startsAt).filter((start): start is string => start !== null).sort();
  return starts[0];
}

/**
 * A course page's JSON-LD (schema.org Course): the provider (the seller), an Offer for each of its prices (the whole
 * course's, or a lesson's when the course is sold by the lesson only), and the online CourseInstance with its start
 * and the authors as instructors.
 */
export function courseJsonLd(course: CourseDetails, seller: Seller | undefined, publicUrl: string, meta: PageMeta): Record<string, unknown> {
  const url = absoluteUrl(publicUrl, meta.path ?? `/courses/${course.id}`);
  const offers = course.prices
    .map((price) => ({ price: price.coursePrice > 0 ? price.coursePrice : price.lessonPrice, currency: ISO_CURRENCIES[price.currency] }))
    .filter((offer) => offer.price > 0)
    .map((offer) => ({ '@type': 'Offer', category: 'Paid', price: offer.price, priceCurrency: offer.currency, url }));
  const start = courseStart(course);
  const description = clipText(richTextPlain(course.description) || meta.description, 1000);
  return {
    '@context': 'https://schema.org',
    '@type': 'Course',
    name: course.title,
    description,
    url,
    image: absoluteUrl(publicUrl, meta.image),
    inLanguage: 'ru',
    provider: organization(seller, publicUrl),
    ...(offers.length > 0 ? { offers } : {}),
    hasCourseInstance: {
      '@type': 'CourseInstance',
      courseMode: 'online',
      ...(start ? { startDate: start } : {}),
      ...(course.end ? { endDate: course.end } : {}),
      instructor: course.authors.map((author) => ({ '@type': 'Person', name: `${author.firstName} ${author.lastName}`.trim() })),
    },
  };
}
