// /api/v1/mutabo/...: the authors' API. Every route here needs a logged-in author: 401 for guests, 403 for others.
import type { ZodRoutes } from '../../http/zodTypeProvider.ts';
import { authorCaller } from '../../services/mutabo/callers.ts';
import { acceptEmptyJsonBodies } from '../../http/emptyBodies.ts';
import { mutaboCoursesRoutes } from './courses.ts';
import { mutaboFeedbackRoutes } from './feedback.ts';
import { mutaboHistoryRoutes } from './history.ts';
import { mutaboLessonsRoutes } from './lessons.ts';
import { mutaboLibraryRoutes } from './library.ts';
import { mutaboMailingsRoutes } from './mailings.ts';
import { mutaboNewAuthorRoutes } from './newAuthor.ts';
import { mutaboPagesRoutes } from './pages.ts';
import { mutaboParticipantsRoutes } from './participants.ts';
import { mutaboPeopleRoutes } from './people.ts';
import { mutaboPaymentsRoutes } from './payments.ts';
import { mutaboQuotationsRoutes } from './quotations.ts';
import { mutaboRecordingViewersRoutes } from './recordingViewers.ts';
import { mutaboAttendanceRoutes } from './attendance.ts';
import { mutaboHomeworkRoutes } from './homework.ts';
import { mutaboRecordingUploadsRoutes } from './recordingUploads.ts';
import { mutaboUploadsRoutes } from './uploads.ts';
import { mutaboDiscountsRoutes } from './discounts.ts';
import { mutaboStatsRoutes } from './stats.ts';

export const mutaboRoutes: ZodRoutes = async (app) => {
  acceptEmptyJsonBodies(app);
  app.decorateRequest('mutaboCaller', null);
  // Before the body is validated: a guest or a non-author learns nothing about the forms.
  app.addHook('preValidation', app.requireAuth);
  app.addHook('preValidation', async (request) => {
    request.mutaboCaller = await authorCaller(app.deps.db, request.userId!);
  });
  await app.register(mutaboCoursesRoutes);
  await app.register(mutaboLessonsRoutes);
  await app.register(mutaboUploadsRoutes);
  await app.register(mutaboQuotationsRoutes);
  await app.register(mutaboFeedbackRoutes);
  await app.register(mutaboLibraryRoutes);
  await app.register(mutaboPagesRoutes);
  await app.register(mutaboHistoryRoutes);
  await app.register(mutaboParticipantsRoutes);
  await app.register(mutaboPaymentsRoutes);
  await app.register(mutaboMailingsRoutes);
  await app.register(mutaboNewAuthorRoutes);
  await app.register(mutaboPeopleRoutes);
  await app.register(mutaboDiscountsRoutes);
  await app.register(mutaboRecordingViewersRoutes);
  await app.register(mutaboAttendanceRoutes);
  await app.register(mutaboHomeworkRoutes);
  await app.register(mutaboRecordingUploadsRoutes);
  await app.register(mutaboStatsRoutes);
};
