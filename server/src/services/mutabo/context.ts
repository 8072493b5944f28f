// What the authors' services work with, who is calling, and the refusals they answer.
import type { MutaboCourse } from '../../../../common/mutabo/courses.ts';
import { mutaboMessages as m } from '../../../../common/mutabo/fields.ts';
import type { MutaboLesson } from '../../../../common/mutabo/lessons.ts';
import { NO_RECORDING, type MutaboLessonRecording } from '../../../../common/recordings.ts';
import type { Db } from '../../db/client.ts';
import { HttpError } from '../../http/errors.ts';
import type { LessonPeopleCounts } from '../../repositories/mutabo/coursesRepository.ts';
import type { CourseDetailsWithVersions } from '../../repositories/content/coursesRepository.ts';
import type { LetterContext } from '../places/enrollmentLetters.ts';
import { draftingIsTold } from '../schedule/lessonChanges.ts';
import type { PublicCache } from '../content/publicCache.ts';

export interface MutaboContext {
  db: Db;
  /** What the letters of the authors' changes need (a lesson moved: services/schedule/lessonChanges.ts). */
  config: LetterContext['config'];
  publicCache: PublicCache;
}

export type { Caller } from '../caller.ts';

export const mutaboErrors = {
  notAuthor: () => new HttpError(403, { detail: m.notAuthor }),
  courseNotFound: () => new HttpError(404, { detail: m.courseNotFound }),
  lessonNotFound: () => new HttpError(404, { detail: m.lessonNotFound }),
  staleCourse: () => new HttpError(409, { detail: m.staleCourse }),
  staleLesson: () => new HttpError(409, { detail: m.staleLesson }),
  courseHasParticipants: () => new HttpError(409, { detail: m.courseHasParticipants }),
  lessonHasParticipants: () => new HttpError(409, { detail: m.lessonHasParticipants }),
  lastPublishedLesson: () => new HttpError(409, { detail: m.lastPublishedLesson }),
  field: (field: string, message: string) => new HttpError(400, { [field]: [message] }),
};

/**
 * The lessons in the authors' form: drafts included, with their links, versions, people (peopleOfLessons) and
 * recordings (recordingsOfLessons, services/recordings/uploadsState.ts: one query for the course's lessons).
 */
export function toMutaboLessons(
  { course, versions, links }: CourseDetailsWithVersions,
  people: Map<number, LessonPeopleCounts>,
  recordings: Map<number, MutaboLessonRecording>,
  now = new Date(),
): MutaboLesson[] {
  return course.lessons.map((lesson) => {
    const own = links.get(lesson.id);
    const counts = people.get(lesson.id) ?? { holding: 0, waiting: 0, approved: 0 };
    const told = draftingIsTold(course, { state: lesson.state, startsAt: lesson.startsAt === null ? null : new Date(lesson.startsAt) }, now);
    return {
      ...lesson,
      roomUrl: own?.roomUrl ?? '',
      recordingUrl: own?.recordingUrl ?? '',
      heldAt: own?.heldAt ?? null,
      assignment: own?.assignment ?? '',
      assignmentDueAt: own?.assignmentDueAt ?? null,
      assignmentRequired: own?.assignmentRequired ?? false,
      version: versions.lessons.get(lesson.id) ?? 1,
      people: { holding: counts.holding, waiting: counts.waiting, toldIfDrafted: told ? counts.approved : 0 },
      recording: recordings.get(lesson.id) ?? NO_RECORDING,
    };
  });
}

/** The authors' form of a course: drafts included, with the versions of the course and of each lesson. */
export function toMutaboCourse(
  found: CourseDetailsWithVersions,
  peopleCount: number,
  lessonPeople: Map<number, LessonPeopleCounts>,
  recordings: Map<number, MutaboLessonRecording>,
): MutaboCourse {
  return { ...found.course, roomUrl: found.roomUrl, version: found.versions.course, lessons: toMutaboLessons(found, lessonPeople, recordings), peopleCount };
}
