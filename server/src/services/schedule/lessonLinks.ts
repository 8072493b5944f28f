// The room and recording links one approved participant gets for a lesson, now (the window rule: common/lessonSchedule.ts).
// The room's link is the site's join address (common/attendance.ts joinPath): it records who came and sends them on to
// the room (docs/ATTENDANCE.md); the room's own address never leaves the server except by that redirect.
import { joinPath } from '../../../../common/attendance.ts';
import { isRecordingOpen, isRoomOpen } from '../../../../common/lessonSchedule.ts';

export interface LessonLinkSource {
  id: number;
  startsAt: Date | null;
  duration: number;
  roomUrl: string;
  recordingUrl: string;
}

/** The fields to add to an approved participant's lesson: none outside the windows or while a link is not set. */
export function approvedLessonLinks(lesson: LessonLinkSource, now: number): { roomUrl?: string; recordingUrl?: string } {
  const scheduled = { startsAt: lesson.startsAt?.toISOString() ?? null, duration: lesson.duration };
  const links: { roomUrl?: string; recordingUrl?: string } = {};
  if (lesson.roomUrl !== '' && isRoomOpen(scheduled, now)) links.roomUrl = joinPath(lesson.id);
  if (lesson.recordingUrl !== '' && isRecordingOpen(scheduled, now)) links.recordingUrl = lesson.recordingUrl;
  return links;
}
