// An answer as the API gives it (common/homework.ts HomeworkAnswer), to the person who wrote it and to the course's
// authors alike: each file with an address signed for the one who asks.
import type { HomeworkAnswer, HomeworkFileKind } from '../../../../common/homework.ts';
import type { homeworkAnswers } from '../../db/schema.ts';
import type { HomeworkFileRow } from '../../repositories/homework/answerFilesRepository.ts';
import { signHomeworkFileAddress } from './fileAddress.ts';

export type HomeworkAnswerRow = typeof homeworkAnswers.$inferSelect;

/** Sent after the due time (a draft is never late). */
export const isLate = (submittedAt: Date | null, dueAt: Date | null) => submittedAt !== null && dueAt !== null && submittedAt.getTime() > dueAt.getTime();

export function toHomeworkAnswer(
  row: HomeworkAnswerRow,
  files: HomeworkFileRow[],
  dueAt: Date | null,
  viewer: { secret: string; viewerId: number; now: Date },
): HomeworkAnswer {
  return {
    id: row.id,
    text: row.text,
    files: files.map((file) => ({
      id: file.id,
      name: file.name,
      size: file.size,
      kind: file.kind as HomeworkFileKind,
      url: signHomeworkFileAddress(viewer.secret, { viewerId: viewer.viewerId, fileId: file.id }, viewer.now),
    })),
    state: row.state,
    comment: row.comment,
    submittedAt: row.submittedAt?.toISOString() ?? null,
    decidedAt: row.decidedAt?.toISOString() ?? null,
    seen: row.seenAt !== null,
    late: isLate(row.submittedAt, dueAt),
  };
}
