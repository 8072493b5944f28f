// Merges one caller's fields into the shared public course forms; the shared (cached) objects are never changed.
import type { CourseDetails, CourseShort, Lesson } from '../../../../common/wireTypes.ts';
import { nextLinkChange } from '../../../../common/lessonSchedule.ts';
import type { UserCourseState } from '../../repositories/places/participantsRepository.ts';
import { approvedLessonLinks } from '../schedule/lessonLinks.ts';

/** The caller's participations, and for a lesson they are approved for its room and recording links in their windows. */
export function personalizeLessons(lessons: Lesson[], state: UserCourseState, now: number = Date.now()): Lesson[] {
  return lessons.map((lesson) => {
    const participant = state.participants.get(lesson.id);
    if (!participant) return lesson;
    const approved = state.approvedLessons.get(lesson.id);
    return { ...lesson, participationState: participant.state, participant, ...(approved ? approvedLessonLinks(approved, now) : {}) };
  });
}

export function personalizeCourse(course: CourseDetails, state: UserCourseState, now: number = Date.now()): CourseDetails {
  return { ...course, subscribedForMailouts: state.subscribedForMailouts, lessons: personalizeLessons(course.lessons, state, now) };
}

export function personalizeCourseList(list: CourseShort[], subscribedCourseIds: Set<number>): CourseShort[] {
  return list.map((course) => (subscribedCourseIds.has(course.id) ? { ...course, subscribedForMailouts: true } : course));
}

/**
 * Until when a caller's state stays right without a write: a hold of theirs stops showing when it lapses, and a room
 * or recording link shows or stops showing at the edges of its window.
 */
export function stateValidUntil(state: UserCourseState, now: number = Date.now()): number {
  const approved = [...state.approvedLessons.values()].map((lesson) => ({ startsAt: lesson.startsAt?.toISOString() ?? null, duration: lesson.duration }));
  let until = nextLinkChange(approved, now);
  for (const participant of state.participants.values()) {
    if (participant.state === 'reserved' && participant.expired_at !== null) until = Math.min(until, Date.parse(participant.expired_at));
  }
  return until;
}
