// The catalogue's courses as a caller sees them (GET /api/v1/courses/, /courses/{id}/, /lessons/?course=): the shared
// form from the public cache, the caller's own fields (participation, news subscription, a personal discount) merged
// after it and never stored in it.
import type { CourseDetails, CourseShort, Lesson } from '../../../../common/wireTypes.ts';
import type { Db } from '../../db/client.ts';
import { HttpError, notFound } from '../../http/errors.ts';
import { messages } from '../../http/messages.ts';
import { findPublishedCourse, listPublishedCourses } from '../../repositories/content/coursesRepository.ts';
import { discountOfUser } from '../../repositories/payments/discountsRepository.ts';
import { subscribedCourseIds } from '../../repositories/places/enrollmentRepository.ts';
import { courseStateForUser } from '../../repositories/places/participantsRepository.ts';
import { homeworkBadges, withHomeworkBadges } from '../homework/assignmentAccess.ts';
import { withDiscount } from '../payments/discounts.ts';
import { joinCourse, withdrawFromCourse, type EnrollmentDeps } from '../places/enrollment.ts';
import { personalizeCourse, personalizeCourseList, personalizeLessons, stateValidUntil } from './coursePersonalization.ts';
import { PersonalCache } from './personalCache.ts';
import { draftPreview } from './preview.ts';
import type { Cached, PublicCache } from './publicCache.ts';

interface CourseReadDeps {
  db: Db;
  publicCache: PublicCache;
}

/** The public form of a course that is not a draft; 404 otherwise (a 404 is not cached). */
function cachedCourseDetails(deps: CourseReadDeps, id: number): Promise<Cached<CourseDetails>> {
  return deps.publicCache.get(`course:${id}`, async () => {
    const found = await findPublishedCourse(deps.db, id);
    if (!found) throw notFound(messages.courseNotFound);
    return { value: found.course, validUntil: found.validUntil };
  });
}

/** A course as its page shows it: from a cache, or a draft shown to one of its authors, never cached. */
type CourseAnswer = { kind: 'cached'; cached: Cached<CourseDetails> } | { kind: 'preview'; course: CourseDetails };

interface CourseReads {
  /** The catalogue; a logged-in caller's with their news subscriptions. */
  list(userId: number | null): Promise<Cached<CourseShort[]>>;
  /**
   * A course; a logged-in caller's with their participation and personal discount. A draft is no public page: it is
   * shown only to its own authors whose token also passes the full check (`passesFullCheck`: a password changed since
   * refuses it), and is a 404 for everyone else.
   */
  details(courseId: number, userId: number | null, passesFullCheck: () => Promise<boolean>): Promise<CourseAnswer>;
}

/** A logged-in caller's forms are kept too, while the public entry they were made from is current (personalCache.ts). */
export function createCourseReads(deps: CourseReadDeps): CourseReads {
  const personal = new PersonalCache();
  return {
    async list(userId) {
      const cached = await deps.publicCache.get('courses', async () => ({ value: await listPublishedCourses(deps.db) }));
      if (userId === null) return cached;
      return personal.get(`courses:${userId}`, cached, async () => ({ value: personalizeCourseList(cached.value, await subscribedCourseIds(deps.db, userId)) }));
    },

    async details(id, userId, passesFullCheck) {
      let cached: Cached<CourseDetails>;
      try {
        cached = await cachedCourseDetails(deps, id);
      } catch (error) {
        const preview = userId !== null && error instanceof HttpError && error.statusCode === 404 && (await passesFullCheck()) ? await draftPreview(deps.db, userId, id) : null;
        if (!preview) throw error;
        const course = withDiscount(personalizeCourse(preview, await courseStateForUser(deps.db, userId!, id)), await discountOfUser(deps.db, userId!, id, new Date()));
        return { kind: 'preview', course };
      }
      if (userId === null) return { kind: 'cached', cached };
      const mine = await personal.get(`course:${id}:${userId}`, cached, async () => {
        const now = Date.now();
        const [state, discount, homework] = await Promise.all([
          courseStateForUser(deps.db, userId, id),
          discountOfUser(deps.db, userId, id, new Date(now)),
          homeworkBadges(deps.db, userId, cached.value.lessons.map((lesson) => lesson.id), new Date(now)),
        ]);
        // A personal discount shows until it expires (granting or revoking one drops the public cache, and this with it).
        // A homework badge follows the answers, which change without touching the course: a form with one is not kept;
        // one whose assignment is still to open is kept until it opens.
        const validUntil = homework.badges.size > 0 ? 0 : Math.min(stateValidUntil(state, now), discount?.expiresAt?.getTime() ?? Infinity, homework.nextOpening);
        const course = personalizeCourse(cached.value, state, now);
        return { value: withDiscount({ ...course, lessons: withHomeworkBadges(course.lessons, homework.badges) }, discount), validUntil };
      });
      return { kind: 'cached', cached: mine };
    },
  };
}

/** The published lessons of a course, taken from its cached details; a logged-in caller's with their participation. */
export async function publishedLessons(deps: CourseReadDeps, courseId: number, userId: number | null): Promise<Lesson[]> {
  const { lessons } = (await cachedCourseDetails(deps, courseId)).value;
  if (userId === null) return lessons;
  const [state, homework] = await Promise.all([
    courseStateForUser(deps.db, userId, courseId),
    homeworkBadges(
      deps.db,
      userId,
      lessons.map((lesson) => lesson.id),
    ),
  ]);
  return withHomeworkBadges(personalizeLessons(lessons, state), homework.badges);
}

/** The course as the caller now sees it (the public form from the cache, their own fields merged). */
async function courseForCaller(deps: CourseReadDeps, courseId: number, userId: number): Promise<CourseDetails> {
  const cached = await cachedCourseDetails(deps, courseId);
  const [state, homework] = await Promise.all([
    courseStateForUser(deps.db, userId, courseId),
    homeworkBadges(
      deps.db,
      userId,
      cached.value.lessons.map((lesson) => lesson.id),
    ),
  ]);
  const course = personalizeCourse(cached.value, state);
  return { ...course, lessons: withHomeworkBadges(course.lessons, homework.badges) };
}

/** Joins the caller to a free course (services/places/enrollment.ts), answered with the course as they now see it. */
export async function joinAndShowCourse(deps: EnrollmentDeps & CourseReadDeps, userId: number, courseId: number): Promise<CourseDetails> {
  await joinCourse(deps, userId, courseId);
  return courseForCaller(deps, courseId, userId);
}

/** Withdraws the caller from a course, answered with the course as they now see it. */
export async function withdrawAndShowCourse(deps: EnrollmentDeps & CourseReadDeps, userId: number, courseId: number): Promise<CourseDetails> {
  await withdrawFromCourse(deps, userId, courseId);
  return courseForCaller(deps, courseId, userId);
}
