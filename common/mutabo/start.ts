// The area's start page: what needs the author now (`GET /api/v1/mutabo/dashboard/`) and a new author's first steps
// (`GET /api/v1/mutabo/first-steps/`).
import type { DiscountCost } from '../discounts.ts';
import type { SellerReadiness } from '../seller.ts';
import type { CourseState } from '../wireTypes.ts';
import type { MutaboPayment, MutaboReceipt, Revenue } from './payments.ts';

/** A refused receipt on the start page: with its payment's course and payer. */
export interface MutaboFailedReceipt extends MutaboReceipt {
  course: { id: number; title: string };
  payer: { firstName: string; lastName: string; email: string };
  lessons: { id: number; number: number; title: string }[];
}

/** A person on the start page, with the lessons (of one course) the line is about. */
export interface MutaboDashboardPerson {
  id: number;
  firstName: string;
  lastName: string;
  email: string;
}

/** A lesson a start-page line names, with the participant row that is about it (what the area's actions take). */
export interface MutaboDashboardLesson {
  participantId: number;
  id: number;
  number: number;
  title: string;
}

/** One person whose places on a free course wait for the author's approval. */
export interface MutaboAwaitingPerson {
  courseId: number;
  courseTitle: string;
  person: MutaboDashboardPerson;
  /** In lesson order. */
  lessons: MutaboDashboardLesson[];
  /** When the oldest of these requests was made (ISO). */
  since: string;
}

/** The holds of one checkout: one person, the lessons one payment in progress holds, and until when. */
export interface MutaboLapsingHold {
  courseId: number;
  courseTitle: string;
  /** The payment in progress that holds them; null for a hold without a payment. */
  paymentId: number | null;
  person: MutaboDashboardPerson;
  /** In lesson order. */
  lessons: MutaboDashboardLesson[];
  /** When the first of them lapses unless paid (ISO). */
  expiresAt: string;
}

/**
 * `GET /api/v1/mutabo/first-steps/`: what a new author has done of their first steps (each true once done). The
 * summary lists the steps while any is left; the site lists an author on `/about` and in the header once they have
 * their page's text and photo.
 */
export interface MutaboFirstSteps {
  /** «О себе» on their author's page. */
  pageText: boolean;
  photo: boolean;
  /** Every detail of the seller (shared by the authors) is filled in. */
  seller: boolean;
  /** They lead a course, a draft too. */
  course: boolean;
}

/** `GET /api/v1/mutabo/dashboard/`: what needs the author now, over the courses they lead. */
export interface MutaboDashboard {
  /** The seller's details still missing, and whether that stops payments through YooKassa or PayPal now. */
  seller?: SellerReadiness;
  /** Receipts YooKassa refused, until they are resent: oldest first. */
  failedReceipts?: MutaboFailedReceipt[];
  /** Published lessons with a start time in the future, soonest first (at most 20). */
  upcomingLessons: { id: number; courseId: number; courseTitle: string; number: number; title: string; startsAt: string; taken: number; limit: number }[];
  /** Every course the caller leads that is not a draft. */
  courses: {
    id: number;
    title: string;
    state: CourseState;
    participantsLimit: number;
    /** Free places in the course's fullest published lesson (limit − taken, at least 0). */
    placesLeft: number;
    /** Free places in its emptiest published lesson: 0 only when no lesson has a free place. */
    mostPlacesLeft: number;
    /** How many published lessons it has. */
    publishedLessons: number;
    /** The numbers of its published lessons without a free place. */
    fullLessons: number[];
    /** People on the waiting lists of its lessons (a person waiting for two lessons counts once). */
    waiting: number;
    /** People of a free course whose places wait for the author's approval (one person with four lessons is one). */
    awaitingApproval: number;
    /** Approved participants (a person with four lessons is one). */
    participants: number;
    /** Of them, those with Telegram bound (issue 36): reachable there. */
    inTelegram: number;
  }[];
  /** The people awaiting approval, each with their lessons: per course, oldest request first (at most 50 people). */
  awaitingPeople: MutaboAwaitingPerson[];
  /** Holds that lapse unless paid, one per checkout (the lessons one payment in progress holds), soonest first (at most 50). */
  lapsingHolds: MutaboLapsingHold[];
  /** Per lesson with a queue, longest first. */
  waitingLists: { courseId: number; courseTitle: string; lessonId: number; lessonNumber: number; lessonTitle: string; waiting: number }[];
  /** Payments marked `refundRequired`, newest first. */
  refundsRequired: MutaboPayment[];
  revenue: Revenue[];
  /** What discounts cost, per course and currency. */
  discountCosts: DiscountCost[];
  /** Homework answers waiting for a decision (state submitted) over the caller's courses (issue 35). */
  homeworkWaiting: number;
}
