// How the public pages speak of recordings (issue 34): a course «в записи», a lesson watched or sold as its recording.
import { formatDuration, type CourseFormat } from '../../../common/recordings.ts';
import { lessonSale } from '../../../common/lessonBlocks.ts';
import type { Lesson } from '../../../common/wireTypes.ts';

type RecordingLesson = Pick<Lesson, 'startsAt' | 'hasRecording' | 'participationState'>;

/**
 * The lesson is spoken of as its recording, not as a webinar: every lesson of a recorded course, and a live course's
 * lesson sold as its recording (common/lessonBlocks.ts lessonSale).
 */
export function watchedAsRecording(lesson: RecordingLesson, format: CourseFormat, now: number): boolean {
  return format === 'recorded' || lessonSale(lesson, format, now) === 'recording';
}

/** A begun lesson of a live course that the visitor has not bought and can buy as its recording. */
export function recordingForSale(lesson: RecordingLesson, format: CourseFormat, now: number): boolean {
  return format === 'live' && lessonSale(lesson, format, now) === 'recording' && lesson.participationState !== 'approved';
}

/** The approved participant may open the player. */
export const canWatchRecording = (lesson: RecordingLesson) => lesson.hasRecording && lesson.participationState === 'approved';

/** «Запись · 1:05:09», or «Запись» while its length is unknown. */
export function recordingLabel(lesson: Pick<Lesson, 'recordingDuration'>, prefix = 'Запись'): string {
  return lesson.recordingDuration ? `${prefix} · ${formatDuration(lesson.recordingDuration)}` : prefix;
}
