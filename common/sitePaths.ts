// The pages of the site (spec section 2) as its route table matches them: the site's routes are built from these
// patterns, and the server answers any other address with the not-found page and status 404.
// Also the rule for «a path on this site» that both programs check addresses with (isSitePath).
import { hasControlCharacters } from './controlCharacters.ts';

/** React Router patterns: `:name` is one path segment. */
export const SITE_ROUTES = {
  home: '/',
  about: '/about',
  policy: '/policy',
  /** The public offer (договор-оферта). */
  offer: '/offer',
  course: '/courses/:id',
  feedbacks: '/feedbacks',
  library: '/library',
  timetable: '/timetable',
  account: '/account',
  profile: '/account/profile',
  profileEditor: '/account/profile/editor',
  passwordChange: '/account/profile/password',
  accountCourses: '/account/courses',
  /** The authors' area, a lazily loaded part of the site. */
  admin: '/mutabo',
  /** Everything below /mutabo is the area's own route table, loaded with its chunk. */
  adminArea: '/mutabo/*',
  login: '/user/login',
  signup: '/user/signup',
  confirmSignup: '/user/confirm-signup/:uidb64/:token',
  confirmEmail: '/user/confirm-email/:uidb64/:address/:token',
  signupEmailSent: '/user/signup-email-sent',
  resetPassword: '/user/reset-password',
  resetPasswordInstructions: '/user/reset-password/instructions',
  resetPasswordCompletion: '/user/reset-password/completion/:uidb64/:token',
  resetPasswordSuccess: '/user/reset-password/success',
  /** Told after the account was deleted (services/accounts/deletion.ts), when the person is already logged out. */
  accountDeleted: '/user/account-deleted',
  waitingForPayment: '/waiting-for-payment',
  /** A lesson's join link (issue 35, common/attendance.ts joinPath): sends a participant on to the room. */
  lessonJoin: '/lessons/:id/join',
  /** A lesson's homework (issue 35, common/homework.ts): the assignment and the participant's answers. */
  lessonHomework: '/lessons/:id/homework',
} as const;

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

// As React Router matches by default: any case, with or without a trailing slash.
const matchers = Object.values(SITE_ROUTES).map(
  (pattern) =>
    new RegExp(
      `^${pattern
        .split('/')
        .map((segment) => (segment === '*' ? '.*' : segment.startsWith(':') ? '[^/]+' : escapeRegExp(segment)))
        .join('/')
        .replace(/\/$/, '')}/?$`,
      'i',
    ),
);

/** Whether the site's route table has a page at this path (a course page still needs its course). */
export function isSitePage(pathname: string): boolean {
  return matchers.some((matcher) => matcher.test(pathname));
}

/**
 * A path on this site: `/` followed by anything but `/` or `\` (a browser reads `/\host/…` as `//host/…`, another
 * host), with no control character (a browser drops tabs and line breaks from an address, so `/<tab>/host` is
 * `//host`). The authors' image and file fields, the library's download links, the way back after login and the first
 * HTML's image preload all check with this rule.
 */
export function isSitePath(value: string): boolean {
  return /^\/(?![/\\])/.test(value) && !hasControlCharacters(value);
}
