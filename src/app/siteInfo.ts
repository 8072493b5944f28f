// Who and what the site is: its name, its description and the two authors as the header and footer name them.

export const SITE_NAME = 'Мутабор';
export const SITE_DESCRIPTION = 'Курсы-вебинары для взрослых и подростков';
export const LOGO_SRC = '/logo.svg';

export interface SiteAuthor {
  /** The anchor of the author's section on the about page: `/about#anna`. */
  anchor: string;
  shortName: string;
  blurb: string;
}

/** The blurbs sum up the authors' biographies on the about page (features/about/aboutContent.ts). */
export const SITE_AUTHORS: readonly SiteAuthor[] = [
  {
    anchor: 'anna',
    shortName: 'Анна Мельникова',
    blurb: 'Филолог: медленное чтение русской прозы, творческое письмо, читательский клуб для подростков.',
  },
  {
    anchor: 'mikhail',
    shortName: 'Михаил Орлов',
    blurb: 'Историк культуры: философия для подростков, логика, история культуры от Античности до Возрождения.',
  },
];

export const aboutAuthorPath = (author: SiteAuthor) => `/about#${author.anchor}`;
