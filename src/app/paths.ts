// Every address of the site, so that links and the route table spell them once: the patterns live in
// common/sitePaths.ts, which the server reads to answer unknown addresses with 404.
import { SITE_ROUTES } from '../../common/sitePaths.ts';

// The patterns with parameters are the route table's; links build those addresses below.
const {
  course: _course,
  confirmSignup: _confirmSignup,
  confirmEmail: _confirmEmail,
  resetPasswordCompletion: _resetPasswordCompletion,
  adminArea: _adminArea,
  // A lesson's join address is common/attendance.ts joinPath (not imported here: its texts would join the first load).
  lessonJoin: _lessonJoin,
  lessonHomework: _lessonHomework,
  ...fixed
} = SITE_ROUTES;

export const paths = {
  ...fixed,
  course: (id: number | string) => `/courses/${id}`,
  /** A lesson's homework page (issue 35). */
  lessonHomework: (id: number | string) => `/lessons/${id}/homework`,
} as const;
