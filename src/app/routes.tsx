// The route table of spec section 2, in one place: every address (common/sitePaths.ts), its page, its guard.
import { isValidElement } from 'react';
import { matchRoutes, Navigate, Outlet, useRoutes, type RouteObject } from 'react-router-dom';
import { Layout } from '../features/layout/Layout.tsx';
import { RouteErrorBoundary } from '../components/RouteErrorBoundary.tsx';
import { HomePage } from '../pages/HomePage.tsx';
import { NotFoundPage } from '../pages/NotFoundPage.tsx';
import { GuestOnly } from './GuestOnly.tsx';
import { isLazyPage, lazyPage } from './lazyPage.tsx';
import { SITE_ROUTES } from '../../common/sitePaths.ts';
import { paths } from './paths.ts';
import { RequireAuth } from './RequireAuth.tsx';

const AboutPage = lazyPage(() => import('../pages/AboutPage.tsx'), 'AboutPage');
const PolicyPage = lazyPage(() => import('../pages/PolicyPage.tsx'), 'PolicyPage');
const CoursePage = lazyPage(() => import('../pages/CoursePage.tsx'), 'CoursePage');
const FeedbacksPage = lazyPage(() => import('../pages/FeedbacksPage.tsx'), 'FeedbacksPage');
const LibraryPage = lazyPage(() => import('../pages/LibraryPage.tsx'), 'LibraryPage');
const TimetablePage = lazyPage(() => import('../pages/TimetablePage.tsx'), 'TimetablePage');
const OfferPage = lazyPage(() => import('../pages/OfferPage.tsx'), 'OfferPage');
const AccountPage = lazyPage(() => import('../pages/AccountPage.tsx'), 'AccountPage');
const ProfilePage = lazyPage(() => import('../pages/ProfilePage.tsx'), 'ProfilePage');
const ProfileEditorPage = lazyPage(() => import('../pages/ProfileEditorPage.tsx'), 'ProfileEditorPage');
const PasswordChangePage = lazyPage(() => import('../pages/PasswordChangePage.tsx'), 'PasswordChangePage');
const AccountCoursesPage = lazyPage(() => import('../pages/AccountCoursesPage.tsx'), 'AccountCoursesPage');
const MutaboPage = lazyPage(() => import('../pages/MutaboPage.tsx'), 'MutaboPage');
const LoginPage = lazyPage(() => import('../pages/LoginPage.tsx'), 'LoginPage');
const SignupPage = lazyPage(() => import('../pages/SignupPage.tsx'), 'SignupPage');
const SignupEmailSentPage = lazyPage(() => import('../pages/SignupEmailSentPage.tsx'), 'SignupEmailSentPage');
const ConfirmSignupPage = lazyPage(() => import('../pages/ConfirmSignupPage.tsx'), 'ConfirmSignupPage');
const ConfirmEmailPage = lazyPage(() => import('../pages/ConfirmEmailPage.tsx'), 'ConfirmEmailPage');
const ResetPasswordPage = lazyPage(() => import('../pages/ResetPasswordPage.tsx'), 'ResetPasswordPage');
const ResetPasswordInstructionsPage = lazyPage(
  () => import('../pages/ResetPasswordInstructionsPage.tsx'),
  'ResetPasswordInstructionsPage',
);
const ResetPasswordCompletionPage = lazyPage(
  () => import('../pages/ResetPasswordCompletionPage.tsx'),
  'ResetPasswordCompletionPage',
);
const ResetPasswordSuccessPage = lazyPage(() => import('../pages/ResetPasswordSuccessPage.tsx'), 'ResetPasswordSuccessPage');
const WaitingForPaymentPage = lazyPage(() => import('../pages/WaitingForPaymentPage.tsx'), 'WaitingForPaymentPage');
const AccountDeletedPage = lazyPage(() => import('../pages/AccountDeletedPage.tsx'), 'AccountDeletedPage');
const LessonJoinPage = lazyPage(() => import('../pages/LessonJoinPage.tsx'), 'LessonJoinPage');
const LessonHomeworkPage = lazyPage(() => import('../pages/LessonHomeworkPage.tsx'), 'LessonHomeworkPage');

/** The pages with the simple header (Layout): logging in, signing up and the letters' links. */
const simpleHeaderRoutes: RouteObject[] = [
  {
    element: <GuestOnly />,
    children: [
      { path: paths.login, element: <LoginPage /> },
      { path: paths.signup, element: <SignupPage /> },
      { path: SITE_ROUTES.confirmSignup, element: <ConfirmSignupPage /> },
    ],
  },
  { path: paths.signupEmailSent, element: <SignupEmailSentPage /> },
  { path: SITE_ROUTES.confirmEmail, element: <ConfirmEmailPage /> },
  { path: paths.resetPassword, element: <ResetPasswordPage /> },
  { path: paths.resetPasswordInstructions, element: <ResetPasswordInstructionsPage /> },
  { path: SITE_ROUTES.resetPasswordCompletion, element: <ResetPasswordCompletionPage /> },
  { path: paths.resetPasswordSuccess, element: <ResetPasswordSuccessPage /> },
  { path: paths.accountDeleted, element: <AccountDeletedPage /> },
];

/*
 * React Router matches a path with or without its trailing slash, so each route below accepts both
 * readings of the spec (`/user/reset-password/instructions` and `/user/reset-password/instructions/`).
 */
export const routes: RouteObject[] = [
  {
    // A failure in the frame itself: the error screen alone.
    element: (
      <RouteErrorBoundary>
        <Layout simpleHeaderRoutes={simpleHeaderRoutes} />
      </RouteErrorBoundary>
    ),
    children: [
      {
        // A failure in a page: the error screen between header and footer.
        element: (
          <RouteErrorBoundary>
            <Outlet />
          </RouteErrorBoundary>
        ),
        children: [
          { index: true, element: <HomePage /> },
          { path: paths.about, element: <AboutPage /> },
          { path: paths.policy, element: <PolicyPage /> },
          { path: paths.offer, element: <OfferPage /> },
          { path: SITE_ROUTES.course, element: <CoursePage /> },
          { path: paths.feedbacks, element: <FeedbacksPage /> },
          { path: paths.library, element: <LibraryPage /> },
          { path: paths.timetable, element: <TimetablePage /> },
          {
            path: paths.account,
            element: <RequireAuth />,
            children: [
              {
                element: <AccountPage />,
                children: [
                  { index: true, element: <Navigate to={paths.profile} replace /> },
                  { path: paths.profile, element: <ProfilePage /> },
                  { path: paths.profileEditor, element: <ProfileEditorPage /> },
                  { path: paths.passwordChange, element: <PasswordChangePage /> },
                  { path: paths.accountCourses, element: <AccountCoursesPage /> },
                ],
              },
            ],
          },
          {
            // The authors' area: its own chunk and its own routes under the splat, which matches /mutabo itself too. The
            // route that renders the area's useRoutes must end in «*», or React Router warns of descendant routes.
            element: <RequireAuth />,
            children: [
              { path: SITE_ROUTES.adminArea, element: <MutaboPage /> },
              // A lesson's homework (issue 35): only for a logged-in participant.
              { path: SITE_ROUTES.lessonHomework, element: <LessonHomeworkPage /> },
            ],
          },
          { children: simpleHeaderRoutes },
          { path: paths.waitingForPayment, element: <WaitingForPaymentPage /> },
          // A lesson's join link (issue 35): a guest is asked to log in on the page itself, not sent away.
          { path: SITE_ROUTES.lessonJoin, element: <LessonJoinPage /> },
          { path: '*', element: <NotFoundPage /> },
        ],
      },
    ],
  },
];

/**
 * Loads the code of the pages at `pathname` (the server has already named their chunks in modulepreload links), so
 * that the first render shows the page itself. A first render that suspends shows the header over an empty page in
 * place of the HTML's boot frame, and React then holds the page back for 300 ms so that it does not flash.
 */
export async function preloadPage(pathname: string): Promise<void> {
  const pages = (matchRoutes(routes, pathname) ?? []).flatMap(({ route }) => {
    const type: unknown = isValidElement(route.element) ? route.element.type : undefined;
    return isLazyPage(type) ? [type] : [];
  });
  await Promise.all(pages.map((page) => page.preload()));
}

/** The site's pages for the address the router shows (src/app/SiteRouter.tsx). */
export function SiteRoutes() {
  return useRoutes(routes);
}
