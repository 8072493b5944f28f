// The shape of the Russian demo content: plain data that the seed inserts into an empty database.
import type { Currency, CourseState, DisciplesAge, MainLanguage, Seller } from '../../../../common/wireTypes.ts';

/** Rich text is written as paragraphs (`## ` starts a heading); the seed turns them into Draft.js raw content. */
export type DemoRichText = string[];

export interface DemoAccount {
  key: string;
  email: string;
  /** Development password, documented in README.md. */
  password: string;
  firstName: string;
  lastName: string;
  yearOfBirth: number | null;
  profile: { country: string; mainLanguage: MainLanguage; visitSchool: boolean | null; readWriteProblems: string; otherInfo: string; timezone: string };
}

export interface DemoAuthor {
  key: string;
  /** The account key of DemoAccount that this author logs in with. */
  account: string;
  firstName: string;
  lastName: string;
  genitive: string;
  /** What the texts that speak of the author agree with (common/authorGender.ts). */
  gender?: 'female' | 'male';
  email: string;
  description: string;
  /** Site-relative URL of a generated portrait under public/, e.g. /demo/author-anna.svg */
  photo: string;
  /** A quote shown on the about page. */
  quote: string;
}

export interface DemoLesson {
  title: string;
  content: DemoRichText;
  duration: number;
  draft?: boolean;
  /** When set, the lesson is shown fully occupied (the seed fills it with participants). */
  full?: boolean;
  /**
   * The lesson's homework (issue 35): its text, when it is due (days after the lesson's start; none when not given) and
   * whether it is a «стоп-занятие» (the next lesson's recording waits for an answer).
   */
  assignment?: { text: DemoRichText; dueDaysAfterStart?: number; required?: boolean };
}

/**
 * When a course's lessons take place, relative to the moment the demo database is created (demo/schedule.ts), so the
 * demo always has past lessons with recordings, this week's and the coming weeks'. All times are Moscow time.
 * `weekly`: the first lesson in the week `firstWeek` weeks from this one (negative: the course began earlier), on
 * `weekday` (1 Monday … 7 Sunday) at `time`; `soon`: lesson `lesson` (from 1) starts `inMinutes` from now, with its
 * room already open. The others follow every `everyDays` days (7 unless given).
 */
export type DemoSchedule =
  | { kind: 'weekly'; firstWeek: number; weekday: number; time: string; everyDays?: number }
  | { kind: 'soon'; lesson: number; inMinutes: number; everyDays?: number };

/** The demo participant's paid places: lessons (numbers from 1) of a course, approved and paid in the course's first currency. */
export interface DemoPurchase {
  account: string;
  course: string;
  lessons: number[];
}

export interface DemoCourse {
  key: string;
  title: string;
  subtitle: string;
  description: DemoRichText;
  /** Author keys, first author first. */
  authors: string[];
  /** ISO dates (YYYY-MM-DD); with a `schedule`, the seed moves them to the first and last lessons' dates. */
  start: string | null;
  end: string | null;
  disciplesAge: DisciplesAge;
  state: CourseState;
  participantsLimit: number;
  fullYear: boolean;
  lessonsBlockSize: number;
  /** Site-relative URLs of generated images under public/. */
  image: string;
  thumbnail: string;
  prices: { currency: Currency; coursePrice: number; lessonPrice: number; lessonWholesalePrice: number }[];
  lessons: DemoLesson[];
  /** Without one, the lessons have no time yet. */
  schedule?: DemoSchedule;
}

export interface DemoFeedback {
  author: string;
  authorAge: number | null;
  course: string;
  text: DemoRichText;
  footer: string;
}

export interface DemoQuotation {
  source: string;
  text: string;
  course: string | null;
}

export interface DemoLibraryItem {
  title: string;
  author: string;
  categories: string[];
  courses: string[];
  externalLink: string | null;
  /** Site-relative URL of a file under public/, or null. */
  file: string | null;
}

export interface DemoContent {
  accounts: DemoAccount[];
  authors: DemoAuthor[];
  courses: DemoCourse[];
  feedback: DemoFeedback[];
  quotations: DemoQuotation[];
  libraryCategories: { key: string; name: string }[];
  library: DemoLibraryItem[];
  /** The timetable page's text: `intro`, then `outro`; the page lists the coming weeks' lessons below it by itself. */
  timetable: { name: string; intro: DemoRichText; outro: DemoRichText };
  purchases: DemoPurchase[];
  /** The seller's details (the site's footer, the offer and the letters); numbers that pass common/sellerNumbers.ts. */
  seller: Seller;
  /** The public offer (договор-оферта): the text of the page /offer. */
  offer: { name: string; text: DemoRichText };
}
