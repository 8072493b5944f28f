// «Кто пришёл» of a lesson in the authors' area (issue 35): the list of who went through the join link and who did
// not, and the same as a CSV file (sent with the token like every area export).
import { request, requestFile } from '../../../api/client.ts';
import { attendanceApiPath, attendanceCsvPath, type LessonAttendance } from '../../../../common/attendance.ts';

export const getLessonAttendance = (lessonId: number) => request<LessonAttendance>(attendanceApiPath(lessonId));
export const lessonAttendanceCsv = (lessonId: number) => requestFile(attendanceCsvPath(lessonId));
