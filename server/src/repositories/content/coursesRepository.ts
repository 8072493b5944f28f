// Published courses and their lessons in the public form: identical for every caller, without per-user fields.
import { and, asc, eq, inArray, ne, sql } from 'drizzle-orm';
import type { CourseDetails, CourseShort, Lesson, Price } from '../../../../common/wireTypes.ts';
import { CURRENCIES } from '../../../../common/enums.ts';
import { lessonSale, placeFree } from '../../../../common/lessonBlocks.ts';
import type { Executor } from '../../db/client.ts';
import { readyRecordingsOf } from '../recordings/readyRecordings.ts';
import { authors, courseAuthors, courses, lessons, participants, prices } from '../../db/schema.ts';
import { toAuthor } from './authorsRepository.ts';
import { countedPlace } from '../places/placesRepository.ts';

/** A course's and a lesson's rows as stored (the authors' writes and the letters about a change read them whole). */
export type CourseRow = typeof courses.$inferSelect;
export type LessonRow = typeof lessons.$inferSelect;

type PriceRow = typeof prices.$inferSelect;

interface PublicCourseDetails {
  course: CourseDetails;
  /** When a counted reservation lapses and hasFreePlaces may change without any write (ms since the epoch). */
  validUntil: number | null;
}

function toPrice(row: PriceRow): Price {
  return {
    coursePrice: Number(row.coursePrice),
    lessonPrice: Number(row.lessonPrice),
    lessonWholesalePrice: Number(row.lessonWholesalePrice),
    currency: row.currency,
  };
}

function commonFields(row: CourseRow, coursePrices: Price[]) {
  return {
    id: row.id,
    title: row.title,
    subtitle: row.subtitle,
    start: row.start,
    end: row.end,
    disciplesAge: row.disciplesAge,
    image: row.image,
    thumbnail: row.thumbnail,
    state: row.state,
    participantsLimit: row.participantsLimit,
    url: row.url,
    prices: coursePrices,
    fullYear: row.fullYear,
    lessonsBlockSize: row.lessonsBlockSize,
    subscribedForMailouts: false,
    format: row.format,
    recordingDays: row.recordingDays,
  };
}

function groupBy<T, K>(rows: T[], key: (row: T) => K): Map<K, T[]> {
  const groups = new Map<K, T[]>();
  for (const row of rows) {
    const group = groups.get(key(row));
    if (group) group.push(row);
    else groups.set(key(row), [row]);
  }
  return groups;
}

const currencyOrder: readonly string[] = CURRENCIES;

async function pricesOf(db: Executor, courseIds: number[]) {
  const rows = courseIds.length === 0 ? [] : await db.select().from(prices).where(inArray(prices.courseId, courseIds));
  rows.sort((a, b) => currencyOrder.indexOf(a.currency) - currencyOrder.indexOf(b.currency));
  return groupBy(rows, (row) => row.courseId);
}

/** Per lesson: places taken (approved, or reserved and not lapsed) and the next lapse of a counted reservation. */
async function occupancyOf(db: Executor, lessonIds: number[]) {
  if (lessonIds.length === 0) return new Map<number, { taken: number; nextExpiry: number | null }>();
  const rows = await db
    .select({
      lessonId: participants.lessonId,
      taken: sql<number>`count(*) FILTER (WHERE ${countedPlace})`.mapWith(Number),
      nextExpiry: sql<number | null>`(extract(epoch FROM min(${participants.expiredAt}) FILTER (WHERE ${participants.state} = 'reserved' AND ${participants.expiredAt} > now())) * 1000)::float8`,
    })
    .from(participants)
    .where(inArray(participants.lessonId, lessonIds))
    .groupBy(participants.lessonId);
  return new Map(rows.map((row) => [row.lessonId, { taken: row.taken, nextExpiry: row.nextExpiry === null ? null : Number(row.nextExpiry) }]));
}

/** What of a lesson only its authors (and, in part, its approved participants) get: never part of the public form. */
export interface LessonPrivateFields {
  roomUrl: string;
  recordingUrl: string;
  heldAt?: string | null;
  assignment: string;
  assignmentDueAt: string | null;
  assignmentRequired: boolean;
}

export interface CourseDetailsWithVersions extends PublicCourseDetails {
  /** The versions the course row and each lesson row were read at (the authors' API sends them). */
  versions: { course: number; lessons: Map<number, number> };
  /** Each lesson's room and recording links: never part of `course`, which visitors may get. */
  links: Map<number, LessonPrivateFields>;
  /** The course's own room link (the authors' form): never part of `course` either. */
  roomUrl: string;
}

/**
 * The full form of a course with its lessons in order. Drafts (of the course, of lessons) are left out unless asked
 * for: visitors never get them; the course's authors preview a draft course, and edit draft lessons.
 */
export async function loadCourseDetails(
  db: Executor,
  id: number,
  include: { draftCourse: boolean; draftLessons: boolean },
): Promise<CourseDetailsWithVersions | null> {
  const [row] = await db
    .select()
    .from(courses)
    .where(and(eq(courses.id, id), include.draftCourse ? undefined : ne(courses.state, 'draft')));
  if (!row) return null;
  const [authorRows, lessonRows, priceGroups] = await Promise.all([
    db
      .select({ author: authors })
      .from(courseAuthors)
      .innerJoin(authors, eq(authors.id, courseAuthors.authorId))
      .where(eq(courseAuthors.courseId, id))
      .orderBy(asc(courseAuthors.position)),
    db
      .select()
      .from(lessons)
      .where(and(eq(lessons.courseId, id), include.draftLessons ? undefined : ne(lessons.state, 'draft')))
      .orderBy(asc(lessons.number)),
    pricesOf(db, [id]),
  ]);
  const [occupancy, recordings] = await Promise.all([occupancyOf(db, lessonRows.map((lesson) => lesson.id)), readyRecordingsOf(db, lessonRows.map((lesson) => lesson.id))]);
  let validUntil: number | null = null;
  const until = (at: number) => {
    if (validUntil === null || at < validUntil) validUntil = at;
  };
  const now = Date.now();
  const courseLessons: Lesson[] = lessonRows.map((lesson) => {
    const taken = occupancy.get(lesson.id);
    if (taken?.nextExpiry != null) until(taken.nextExpiry);
    const hasRecording = recordings.has(lesson.id);
    // A live lesson with a ready recording is sold as it, without a place limit, from its start: the form changes then.
    if (hasRecording && lesson.startsAt && lesson.startsAt.getTime() > now) until(lesson.startsAt.getTime());
    return {
      id: lesson.id,
      course: lesson.courseId,
      number: lesson.number,
      title: lesson.title,
      content: lesson.content,
      duration: lesson.duration,
      state: lesson.state,
      hasFreePlaces: placeFree(taken?.taken ?? 0, row.participantsLimit, lessonSale({ startsAt: lesson.startsAt, hasRecording }, row.format, now)),
      participationState: null,
      participant: null,
      startsAt: lesson.startsAt?.toISOString() ?? null,
      hasRecording,
      recordingDuration: recordings.get(lesson.id) ?? null,
    };
  });
  return {
    course: {
      ...commonFields(row, (priceGroups.get(id) ?? []).map(toPrice)),
      description: row.description,
      timeZone: row.timeZone,
      authors: authorRows.map(({ author }) => toAuthor(author)),
      lessons: courseLessons,
    },
    validUntil,
    versions: { course: row.version, lessons: new Map(lessonRows.map((lesson) => [lesson.id, lesson.version])) },
    links: new Map(
      lessonRows.map((lesson) => [
        lesson.id,
        {
          roomUrl: lesson.roomUrl,
          recordingUrl: lesson.recordingUrl,
          heldAt: lesson.heldAt?.toISOString() ?? null,
          assignment: lesson.assignment,
          assignmentDueAt: lesson.assignmentDueAt?.toISOString() ?? null,
          assignmentRequired: lesson.assignmentRequired,
        },
      ]),
    ),
    roomUrl: row.roomUrl,
  };
}

/** The short list: every course except drafts; authors and published lessons as ids. */
export async function listPublishedCourses(db: Executor): Promise<CourseShort[]> {
  const rows = await db
    .select()
    .from(courses)
    .where(ne(courses.state, 'draft'))
    .orderBy(sql`${courses.start} ASC NULLS LAST`, asc(courses.id));
  const ids = rows.map((row) => row.id);
  if (ids.length === 0) return [];
  const [authorLinks, lessonRows, priceGroups] = await Promise.all([
    db
      .select({ courseId: courseAuthors.courseId, authorId: courseAuthors.authorId })
      .from(courseAuthors)
      .where(inArray(courseAuthors.courseId, ids))
      .orderBy(asc(courseAuthors.position)),
    db
      .select({ id: lessons.id, courseId: lessons.courseId })
      .from(lessons)
      .where(and(inArray(lessons.courseId, ids), ne(lessons.state, 'draft')))
      .orderBy(asc(lessons.number)),
    pricesOf(db, ids),
  ]);
  const authorsByCourse = groupBy(authorLinks, (link) => link.courseId);
  const lessonsByCourse = groupBy(lessonRows, (lesson) => lesson.courseId);
  return rows.map((row) => ({
    ...commonFields(row, (priceGroups.get(row.id) ?? []).map(toPrice)),
    authors: (authorsByCourse.get(row.id) ?? []).map((link) => link.authorId),
    lessons: (lessonsByCourse.get(row.id) ?? []).map((lesson) => lesson.id),
  }));
}

/** The full form of a course that is not a draft, with its published lessons; null otherwise. */
export async function findPublishedCourse(db: Executor, id: number): Promise<PublicCourseDetails | null> {
  const found = await loadCourseDetails(db, id, { draftCourse: false, draftLessons: false });
  return found && { course: found.course, validUntil: found.validUntil };
}
