// What a public page says about itself to the browser's tab, search engines and link previews: its title, description,
// canonical address and Open Graph fields. The server puts them into the page's first HTML (server/src/http/
// pageHead.ts), and the site's tab titles after a navigation come from the same functions (src/components/
// usePageTitle.ts), so the two never differ. Plain functions without React or the server: the site's first bundle
// imports the title functions.
import type { CourseDetails } from './wireTypes.ts';

export const SITE_NAME = 'Мутабор';
export const SITE_DESCRIPTION = 'Курсы-вебинары для взрослых и подростков';
/** The home page's description, and the fallback of every other page. */
export const SITE_SUMMARY = 'Курсы-вебинары для взрослых и подростков 11–17 лет: живые занятия с авторами, отзывы, библиотека материалов и расписание.';

/** The headings of the public pages (their h1), and so the first part of their tab titles. */
export const PAGE_HEADINGS = {
  feedbacks: 'Отзывы',
  library: 'Библиотека',
  about: 'О проекте',
  /** The personal-data policy while it loads, and when the authors left its name empty. */
  policy: 'Политика конфиденциальности',
  /** While the timetable loads, and when the authors left its name empty. */
  timetable: 'Расписание занятий',
  /** While the offer loads, and when the authors left its name empty. */
  offer: 'Договор-оферта',
  /** A course page while its course loads. */
  course: 'Курс',
  notFound: 'Страница не найдена',
  /** A course page whose course does not exist or is a draft. */
  courseNotFound: 'Курс не найден',
} as const;

/** The timetable's heading: the name the authors gave it, or the default. */
export const timetableHeading = (name: string | null | undefined) => name?.trim() || PAGE_HEADINGS.timetable;
/** The offer's heading: the name the authors gave it, or the default. */
export const offerHeading = (name: string | null | undefined) => name?.trim() || PAGE_HEADINGS.offer;
/** The policy's heading: the name the authors gave it, or the default. */
const policyHeading = (name: string | null | undefined) => name?.trim() || PAGE_HEADINGS.policy;

/** `documentTitle('Отзывы')` is «Отзывы — Мутабор»; no heading gives the home page's «Мутабор — курсы-вебинары …». */
export function documentTitle(heading?: string): string {
  return heading ? `${heading} — ${SITE_NAME}` : `${SITE_NAME} — ${SITE_DESCRIPTION.toLowerCase()}`;
}

/** The size of every og:image: the 1.91:1 picture Telegram, VK and the others show large. */
export const OG_IMAGE_SIZE = { width: 1200, height: 630 } as const;
/** The site's own preview picture (public/og-image.jpg, made by scripts/ogSiteImage.ts). */
export const SITE_OG_IMAGE = '/og-image.jpg';

/** The course fields a course page's meta is made of. */
export type MetaCourse = Pick<CourseDetails, 'id' | 'title' | 'subtitle' | 'description'>;

/** A page the first HTML is made for; `other` is any page that is not public (the account, the area, the forms). */
export type MetaPage =
  | { page: 'home' }
  | { page: 'course'; course: MetaCourse }
  | { page: 'feedbacks' }
  | { page: 'library' }
  | { page: 'timetable'; name?: string | null }
  | { page: 'about' }
  | { page: 'policy'; name?: string | null }
  | { page: 'offer'; name?: string | null }
  | { page: 'notFound'; heading?: string }
  | { page: 'other' };

export interface PageMeta {
  /** The `<title>` and og:title's source: «Отзывы — Мутабор». */
  title: string;
  /** og:title: the page's own heading (the site's name is og:site_name). */
  ogTitle: string;
  description: string;
  /** The canonical path (`/courses/2`); null for a page that is not public (no canonical link, noindex). */
  path: string | null;
  /** The site path of the og:image (1200×630 JPEG). */
  image: string;
  /** Search engines keep out: the not-found page, a missing or draft course, the pages that are not public. */
  noindex: boolean;
}

const DESCRIPTIONS = {
  feedbacks: 'Отзывы участников о курсах-вебинарах «Мутабора»: что взрослые и подростки говорят о занятиях с авторами.',
  library: 'Библиотека «Мутабора»: статьи, книги, видео и рабочие материалы к курсам-вебинарам по литературе, философии и истории культуры.',
  timetable: 'Расписание живых занятий «Мутабора»: ближайшие вебинары каждого открытого курса со временем в вашем часовом поясе.',
  about: 'О школе «Мутабор»: кто ведёт курсы, как проходят занятия-вебинары в небольших группах и какие бывают скидки.',
  policy: 'Политика обработки персональных данных «Мутабора»: какие данные мы собираем, зачем, где храним и как их удалить.',
  offer: 'Договор-оферта на участие в онлайн-курсах «Мутабора» и реквизиты исполнителя.',
};

/** How long a description may be: search engines show about 160 characters, previews about 200. */
export const DESCRIPTION_LIMIT = 200;

/** Text cut at a word to at most `limit` characters, with «…» when cut. */
export function clipText(text: string, limit = DESCRIPTION_LIMIT): string {
  const clean = text.replace(/\s+/g, ' ').trim();
  if (clean.length <= limit) return clean;
  const cut = clean.slice(0, limit - 1);
  const space = cut.lastIndexOf(' ');
  return `${(space > limit / 2 ? cut.slice(0, space) : cut).replace(/[\s,;:.—–-]+$/, '')}…`;
}

/** The plain text of rich text as the API sends it (Draft.js raw content as JSON, or plain text), one line. */
export function richTextPlain(source: string | null | undefined): string {
  const text = source ?? '';
  if (text.trim().startsWith('{')) {
    try {
      const value = JSON.parse(text) as { blocks?: unknown };
      if (Array.isArray(value.blocks)) {
        return value.blocks
          .map((block) => (block !== null && typeof block === 'object' && typeof (block as { text?: unknown }).text === 'string' ? (block as { text: string }).text : ''))
          .filter((line) => line.trim() !== '')
          .join(' ');
      }
    } catch {
      // not JSON: plain text
    }
  }
  return text.replace(/\s+/g, ' ').trim();
}

/** A course's description for search engines and previews: its subtitle, then its description, cut. */
function courseDescription(course: MetaCourse): string {
  const subtitle = course.subtitle.trim();
  const text = richTextPlain(course.description);
  const joined = subtitle && text ? `${subtitle}${/[.!?…]$/.test(subtitle) ? '' : '.'} ${text}` : subtitle || text;
  return clipText(joined || SITE_SUMMARY);
}

/** The path of a course page, as the site links it. */
export const coursePath = (id: number) => `/courses/${id}`;

/**
 * Everything the first HTML says about a page. `image` is the course's own picture when it has one (made by the
 * server from its cover); every other page has the site's.
 */
export function pageMeta(page: MetaPage, image: string = SITE_OG_IMAGE): PageMeta {
  const common = { image, noindex: false };
  switch (page.page) {
    case 'home':
      return { ...common, title: documentTitle(), ogTitle: SITE_NAME, description: SITE_SUMMARY, path: '/' };
    case 'course':
      return {
        ...common,
        title: documentTitle(page.course.title),
        ogTitle: page.course.title,
        description: courseDescription(page.course),
        path: coursePath(page.course.id),
      };
    case 'timetable': {
      const heading = timetableHeading(page.name);
      return { ...common, title: documentTitle(heading), ogTitle: heading, description: DESCRIPTIONS.timetable, path: '/timetable' };
    }
    case 'offer': {
      const heading = offerHeading(page.name);
      return { ...common, title: documentTitle(heading), ogTitle: heading, description: DESCRIPTIONS.offer, path: '/offer' };
    }
    case 'policy': {
      const heading = policyHeading(page.name);
      return { ...common, title: documentTitle(heading), ogTitle: heading, description: DESCRIPTIONS.policy, path: '/policy' };
    }
    case 'feedbacks':
    case 'library':
    case 'about': {
      const heading = PAGE_HEADINGS[page.page];
      return { ...common, title: documentTitle(heading), ogTitle: heading, description: DESCRIPTIONS[page.page], path: `/${page.page}` };
    }
    case 'notFound': {
      const heading = page.heading ?? PAGE_HEADINGS.notFound;
      return { image: SITE_OG_IMAGE, noindex: true, title: documentTitle(heading), ogTitle: heading, description: SITE_SUMMARY, path: null };
    }
    case 'other':
      return { image: SITE_OG_IMAGE, noindex: true, title: documentTitle(), ogTitle: SITE_NAME, description: SITE_SUMMARY, path: null };
  }
}

/**
 * An absolute address on the site: PUBLIC_URL (with or without a path of its own) followed by the site path, the host
 * in its ASCII form (an international name as punycode), as crawlers and link previews need it.
 */
export function absoluteUrl(publicUrl: string, sitePath: string): string {
  return `${new URL(publicUrl).href.replace(/\/+$/, '')}${sitePath}`;
}

/**
 * The page's `<meta>` fields as [attribute, key, value]: the description, Open Graph (ogp.me: type, title,
 * description, url, image with its size, site name, locale) and the Twitter card, with absolute addresses.
 */
export function metaFields(meta: PageMeta, publicUrl: string): ['name' | 'property', string, string][] {
  const fields: ['name' | 'property', string, string][] = [
    ['name', 'description', meta.description],
    ['property', 'og:type', 'website'],
    ['property', 'og:site_name', SITE_NAME],
    ['property', 'og:locale', 'ru_RU'],
    ['property', 'og:title', meta.ogTitle],
    ['property', 'og:description', meta.description],
  ];
  if (meta.path !== null) fields.push(['property', 'og:url', absoluteUrl(publicUrl, meta.path)]);
  fields.push(
    ['property', 'og:image', absoluteUrl(publicUrl, meta.image)],
    ['property', 'og:image:type', 'image/jpeg'],
    ['property', 'og:image:width', String(OG_IMAGE_SIZE.width)],
    ['property', 'og:image:height', String(OG_IMAGE_SIZE.height)],
    ['property', 'og:image:alt', meta.ogTitle],
    ['name', 'twitter:card', 'summary_large_image'],
  );
  if (meta.noindex) fields.push(['name', 'robots', 'noindex']);
  return fields;
}
