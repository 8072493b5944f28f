// GET /api/v1/mutabo/lessons/{id}/attendance/ and attendance.csv: who of the lesson's approved participants came to
// the room (the join link recorded them), who did not, and who watched the recording; for the authors of the lesson's
// course (docs/ATTENDANCE.md).
import type { LessonAttendance } from '../../../../common/attendance.ts';
import { callerOf } from '../../http/mutabo/caller.ts';
import { idParams } from '../../http/queryParams.ts';
import type { ZodRoutes } from '../../http/zodTypeProvider.ts';
import { attendanceCsv, lessonAttendance } from '../../services/attendance/attendance.ts';

export const mutaboAttendanceRoutes: ZodRoutes = async (app) => {
  app.get('/lessons/:id/attendance/', { schema: { params: idParams } }, async (request): Promise<LessonAttendance> => {
    const { joined, absent } = await lessonAttendance(app.deps.db, callerOf(request), request.params.id);
    return { joined, absent };
  });

  app.get('/lessons/:id/attendance.csv', { schema: { params: idParams } }, async (request, reply) => {
    const { joined, absent, timeZone, lessonId } = await lessonAttendance(app.deps.db, callerOf(request), request.params.id);
    return reply
      .type('text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="attendance-${lessonId}.csv"`)
      .header('cache-control', 'no-store')
      .send(attendanceCsv({ joined, absent }, timeZone));
  });
};
