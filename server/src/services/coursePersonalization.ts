// Merges one caller's fields into the shared public course forms; the shared (cached) objects are never changed.
import type { CourseDetails, CourseShort, Lesson } from '../../../common/wireTypes.ts';
import type { UserCourseState } from '../repositories/participationRepository.ts';

export function personalizeLessons(lessons: Lesson[], state: UserCourseState): Lesson[] {
  return lessons.map((lesson) => {
    const participant = state.participants.get(lesson.id);
    return participant ? { ...lesson, participationState: participant.state, participant } : lesson;
  });
}

export function personalizeCourse(course: CourseDetails, state: UserCourseState): CourseDetails {
  return { ...course, subscribedForMailouts: state.subscribedForMailouts, lessons: personalizeLessons(course.lessons, state) };
}

export function personalizeCourseList(list: CourseShort[], subscribedCourseIds: Set<number>): CourseShort[] {
  return list.map((course) => (subscribedCourseIds.has(course.id) ? { ...course, subscribedForMailouts: true } : course));
}

/** Until when a caller's state stays right without a write: a hold of theirs stops showing when it lapses. */
export function stateValidUntil(state: UserCourseState): number {
  let until = Infinity;
  for (const participant of state.participants.values()) {
    if (participant.state === 'reserved' && participant.expired_at !== null) until = Math.min(until, Date.parse(participant.expired_at));
  }
  return until;
}
