// The authors' area: one lazily loaded root with its own routes, so none of it (nor the editor and draft-js)
// is part of the visitor pages' first load. Guests are sent to login by the route's RequireAuth.
import { useRoutes, type RouteObject } from 'react-router-dom';
import { areaPaths } from './areaPaths.ts';
import { contentRoutes } from './content/contentRoutes.tsx';
import { CourseEditorPage } from './courses/CourseEditorPage.tsx';
import { CourseListPage } from './courses/CourseListPage.tsx';
import { CourseDiscountsPage } from './discounts/CourseDiscountsPage.tsx';
import { PromoCodesPage } from './discounts/PromoCodesPage.tsx';
import { HomeworkAnswerPage } from './homework/HomeworkAnswerPage.tsx';
import { HomeworkPage } from './homework/HomeworkPage.tsx';
import { LessonEditorPage } from './lessons/LessonEditorPage.tsx';
import { MailingPage } from './mailings/MailingPage.tsx';
import { MailingsPage } from './mailings/MailingsPage.tsx';
import { ParticipantsPage } from './participants/ParticipantsPage.tsx';
import { CoursePaymentsPage, PaymentsPage } from './payments/PaymentsPage.tsx';
import { PeoplePage } from './people/PeoplePage.tsx';
import { PersonPage } from './people/PersonPage.tsx';
import { AreaLayout } from './shell/AreaLayout.tsx';
import { AreaNotFound } from './shell/AreaNotFound.tsx';
import { AuthorGate } from './shell/AuthorGate.tsx';
import { StartPage } from './start/StartPage.tsx';
import { StatsPage } from './stats/StatsPage.tsx';

/** Relative to /mutabo: the routes below are matched under the area's splat. */
const relative = (path: string) => path.slice(areaPaths.root.length + 1);

// Route objects (useRoutes) rather than <Routes> elements: the router's code for them is already in the site's
// first load, so the area adds none to it.
const areaRoutes: RouteObject[] = [
  { index: true, element: <StartPage /> },
  { path: relative(areaPaths.courses), element: <CourseListPage /> },
  { path: relative(areaPaths.newCourse), element: <CourseEditorPage /> },
  { path: relative(areaPaths.course(':courseId')), element: <CourseEditorPage /> },
  { path: relative(areaPaths.newLesson(':courseId')), element: <LessonEditorPage /> },
  { path: relative(areaPaths.lesson(':courseId', ':lessonId')), element: <LessonEditorPage /> },
  { path: relative(areaPaths.participants(':courseId')), element: <ParticipantsPage /> },
  { path: relative(areaPaths.coursePayments(':courseId')), element: <CoursePaymentsPage /> },
  { path: relative(areaPaths.courseDiscounts(':courseId')), element: <CourseDiscountsPage /> },
  { path: relative(areaPaths.homework), element: <HomeworkPage /> },
  { path: relative(areaPaths.homeworkAnswer(':answerId')), element: <HomeworkAnswerPage /> },
  { path: relative(areaPaths.payments), element: <PaymentsPage /> },
  { path: relative(areaPaths.promoCodes), element: <PromoCodesPage /> },
  { path: relative(areaPaths.people), element: <PeoplePage /> },
  { path: relative(areaPaths.person(':personId')), element: <PersonPage /> },
  { path: relative(areaPaths.mailings(':courseId')), element: <MailingsPage /> },
  { path: relative(areaPaths.mailing(':courseId', ':mailingId')), element: <MailingPage /> },
  { path: relative(areaPaths.stats), element: <StatsPage /> },
  ...contentRoutes,
  { path: '*', element: <AreaNotFound /> },
];

export function MutaboArea() {
  const page = useRoutes(areaRoutes);
  return (
    <AuthorGate>
      <AreaLayout>{page}</AreaLayout>
    </AuthorGate>
  );
}
