// The wire contract of the API (spec section 3): shared by the site (type-only imports) and the server.
import type { LessonHomeworkBadge } from './homework.ts';
import type { CourseFormat } from './recordings.ts';
import type {
  COURSE_STATES,
  CURRENCIES,
  DISCIPLES_AGES,
  LESSON_STATES,
  MAIN_LANGUAGES,
  PARTICIPATION_STATES,
  PAYMENT_STATES,
  PAYMENT_SYSTEMS,
} from './enums.ts';

export type CourseState = (typeof COURSE_STATES)[number];
export type DisciplesAge = (typeof DISCIPLES_AGES)[number];
export type Currency = (typeof CURRENCIES)[number];
export type ParticipationState = (typeof PARTICIPATION_STATES)[number];
export type MainLanguage = (typeof MAIN_LANGUAGES)[number];
export type PaymentSystem = (typeof PAYMENT_SYSTEMS)[number];
export type PaymentState = (typeof PAYMENT_STATES)[number];
/** Lesson states; only `draft` has a meaning the site shows (it is hidden). */
export type LessonState = (typeof LESSON_STATES)[number];

/** Error bodies the server answers: `{"field": ["message"]}`, `{"nonFieldErrors": [...]}` or `{"detail": "..."}`. */
export type ErrorBody = { [field: string]: string | string[] | ErrorBody };

export interface Paged<T> {
  count: number;
  next: string | null;
  results: T[];
}

export interface User {
  id: number;
  email: string;
  firstName: string;
  lastName: string;
  /** 0 or null means «earlier than the oldest option». */
  yearOfBirth: number | null;
  disciple: number | null;
  /** Truthy for authors: the author's id. */
  author: number | null;
}

export interface DiscipleProfile {
  country: string;
  mainLanguage: MainLanguage;
  /** null: not answered (shown «не указано»). */
  visitSchool: boolean | null;
  /** '': not answered (shown «не указано»). */
  readWriteProblems: string;
  otherInfo: string;
  timezone: string;
}

export interface Disciple {
  id: number;
  email: string;
  firstName: string;
  lastName: string;
  yearOfBirth: number | null;
  profile: DiscipleProfile;
}

export interface DisciplePatch {
  /** A new address is only requested: it takes effect from the link the server sends to it. */
  email?: string;
  /** Needed with a new e-mail address. */
  currentPassword?: string;
  firstName?: string;
  lastName?: string;
  yearOfBirth?: number | null;
  profile?: Partial<DiscipleProfile>;
}

export interface Author {
  id: number;
  firstName: string;
  lastName: string;
  email: string;
  user: number | null;
  /** The full name in the genitive case: «Анны Петровой». */
  genitive: string;
  description: string;
  photo: string;
  /** A saying of the author's for the about page; sent by `GET /api/v1/authors/` only (not in course details). */
  quote?: string;
}

export interface Price {
  coursePrice: number;
  lessonPrice: number;
  lessonWholesalePrice: number;
  currency: Currency;
}

export interface LessonParticipant {
  id: number;
  participated_at: string | null;
  expired_at: string | null;
  state: ParticipationState;
}

export interface Lesson {
  id: number;
  course: number;
  number: number;
  title: string;
  /** Draft.js raw content serialised as JSON; may be plain text. */
  content: string;
  duration: number;
  state: LessonState;
  hasFreePlaces: boolean;
  /** Only for a logged-in caller; null when the caller has no participation. */
  participationState: ParticipationState | null;
  participant: LessonParticipant | null;
  /** The start, ISO 8601 UTC; null while the lesson is not scheduled. */
  startsAt: string | null;
  /**
   * The webinar room: only in a personal answer, for an approved participant of this lesson, from 30 minutes before
   * the start to the end (common/lessonSchedule.ts). Never in a public answer.
   */
  roomUrl?: string;
  /** The recording: as roomUrl, from the start on, once the authors have set it. */
  recordingUrl?: string;
  /**
   * The lesson has a ready uploaded recording (issue 34): watched on the site by those entitled
   * (`GET /api/v1/lessons/{id}/recording/`), and sold as a recording once the lesson has begun.
   */
  hasRecording: boolean;
  /** The ready recording's length in seconds; null without one. */
  recordingDuration: number | null;
  /**
   * The lesson's homework (issue 35): only in a personal answer, for an approved participant, once the assignment is
   * open to them (from the lesson's start; at once in a course in recordings). Absent otherwise.
   */
  homework?: LessonHomeworkBadge;
}

interface CourseCommon {
  id: number;
  title: string;
  subtitle: string;
  start: string | null;
  end: string | null;
  disciplesAge: DisciplesAge;
  image: string;
  thumbnail: string;
  state: CourseState;
  participantsLimit: number;
  url: string;
  prices: Price[];
  fullYear: boolean;
  lessonsBlockSize: number;
  subscribedForMailouts: boolean;
  /** 'live' (webinars) or 'recorded' («в записи»: lessons without times, watched as recordings). */
  format: CourseFormat;
  /** Days a lesson's recording stays open for a participant; null: always. */
  recordingDays: number | null;
}

/** The short form of the course list: authors and lessons as ids. */
export interface CourseShort extends CourseCommon {
  authors: number[];
  lessons: number[];
}

/** The full form of the course details. */
export interface CourseDetails extends CourseCommon {
  /** The IANA zone the authors enter lesson times in (`Europe/Moscow` by default). */
  timeZone: string;
  /** Draft.js raw content serialised as JSON. */
  description: string;
  authors: Author[];
  lessons: Lesson[];
  /** Only for a caller with a personal discount on the course: `prices` then carry a percent's discounted figures. */
  discount?: CourseDiscount;
}

export interface CourseRef {
  id: number;
  title: string;
}

export interface AuthorRef {
  id: number;
  firstName: string;
  lastName: string;
  genitive: string;
}

export interface Feedback {
  id: number;
  author: string;
  authorAge: number | null;
  course: CourseRef;
  courseAuthors: AuthorRef[];
  footer: string;
  /** Draft.js raw content or plain text. */
  text: string;
}

export interface FeedbackPage extends Paged<Feedback> {
  currentPage: number;
  nextPage: number | null;
  pages: number;
}

export interface Quotation {
  id: number;
  source: string;
  text: string;
  course: CourseRef | null;
}

export interface LibraryCategory {
  id: number;
  name: string;
}

export interface LibraryItem {
  id: number;
  title: string;
  author: string;
  categories: number[];
  courses: number[];
  externalLink: string | null;
  file: string | null;
}

export interface LibraryPage extends Paged<LibraryItem> {
  currentPage: number;
  pages: number;
}

export interface LibraryQuery {
  page?: number;
  limit?: number;
  categories?: number[];
  courses?: number[];
}

/** `GET /api/v1/lessons/upcoming/`: a lesson of an open course that has not ended, soonest first. */
export interface UpcomingLesson {
  id: number;
  course: CourseRef;
  number: number;
  title: string;
  startsAt: string;
  duration: number;
}

/** `GET /api/v1/calendar/feed/`, `POST` (a new secret; the old address stops working): the personal feed's address. */
export interface CalendarFeed {
  url: string;
}

export interface Timetable {
  name: string;
  /** Draft.js raw content serialised as JSON. */
  text: string;
}

/** `GET /api/v2/user/pages-content/offer/`: the public offer (договор-оферта), in the timetable's shape; 404 while none. */
export type Offer = Timetable;

/**
 * `GET /api/v1/seller/`: who sells the courses, as the authors filled it in: `name` (an organisation's name or the ИП's
 * full name), `inn` (10 or 12 digits), `ogrn` (ОГРН, 13 digits, or ОГРНИП, 15), `address`, `email`, `phone`;
 * '' for what is not filled in.
 */
export interface Seller {
  name: string;
  inn: string;
  ogrn: string;
  address: string;
  email: string;
  phone: string;
}

/** Pairs of [code, name]; countries are shown sorted by name. */
export interface Dictionaries {
  countries: [string, string][];
  timezones: [string, string][];
}

export interface TokenPair {
  access: string;
  refresh: string;
}

export interface LoginPayload {
  username: string;
  password: string;
}

export interface SignupPayload {
  email: string;
  password1: string;
  password2: string;
  firstName: string;
  lastName: string;
  agreement: boolean;
  yearOfBirth: number | null;
  /** The page to come back to after the confirmation and the login (common/landing.ts); put in the letter's link. */
  next?: string | null;
}

export interface ConfirmationPayload {
  uidb64: string;
  token: string;
  /** The address this browser signed up with, when it did: the confirmation then logs in. */
  email?: string;
}

/** The answer of a confirmation: the account's address, and the tokens when it logged in (the browser that signed up). */
export interface ConfirmationResult {
  detail: string;
  email: string;
  access?: string;
  refresh?: string;
}

/** The three segments of `/user/confirm-email/{uidb64}/{address}/{token}/`. */
export interface EmailConfirmationPayload {
  uidb64: string;
  address: string;
  token: string;
}

export interface PasswordUpdatePayload {
  oldPassword: string;
  newPassword1: string;
  newPassword2: string;
}

export interface PasswordResetPayload {
  email: string;
}

export interface PasswordResetCompletionPayload {
  uidb64: string;
  token: string;
  password1: string;
  password2: string;
}

/** A row of the account's course list. */
export interface Participation {
  id: number;
  /** With its format (issue 34): «Мои курсы» names a course sold in recordings. */
  course: CourseRef & { format?: CourseFormat };
  authors: AuthorRef[];
  subscribed: boolean;
  lessons: Lesson[];
}

export interface PaymentCreatePayload {
  system: PaymentSystem;
  currency: Currency;
  lessons: number[];
  /** A promo code (common/discounts.ts); the server charges the better of it and the buyer's personal discount. */
  promoCode?: string;
}

export interface PaymentCreated {
  details: { redirectTo: string };
}

export interface CurrentPayment {
  id: number;
  details: { state: PaymentState };
  /** Beyond the spec, for the result page: the course paid for (null if its lessons are gone), the sum, the lessons. */
  course: { id: number; title: string } | null;
  amount: number;
  currency: Currency;
  lessonCount: number;
}

// ---- Discounts (the rules and the area's types: common/discounts.ts)

export interface DiscountAmount {
  currency: Currency;
  amount: number;
}

/** What a discount takes off: `percent`, or `amounts` per currency (never both). */
export interface DiscountTerms {
  percent?: number;
  amounts?: DiscountAmount[];
}

/**
 * `discount` of `GET /api/v1/courses/{id}/` for a caller with a personal discount on the course: the course's
 * `prices` then carry the figures with a percent off (an amount changes no figure: it comes off the payment, once),
 * and `fullPrices` the prices without it (common/discounts.ts).
 */
export interface CourseDiscount extends DiscountTerms {
  /** Until when it applies (ISO); null: no end. */
  expiresAt: string | null;
  fullPrices: Price[];
}
