// The course page's side panel by visitor: the enrollment panel for a logged-in user; for a guest the heading
// (or «Запись на курс закрыта»), a prompt to log in or register and, on a priced course, the prices with pay buttons
// that lead to the sign-up and back to the same choice (issue 32, item 11, overruling the spec's disabled buttons).
import { Link, useLocation } from 'react-router-dom';
import styled from 'styled-components';
import { useAppSelector } from '../../app/hooks.ts';
import { paths } from '../../app/paths.ts';
import type { CourseDetails } from '../../../common/wireTypes.ts';
import { enrollmentHeading, publishedLessons } from '../../lib/courseFacts.ts';
import { DiscountLink } from '../payment/index.ts';
import { NoCoursePrice } from '../payment/index.ts';
import { PaymentForm } from '../payment/index.ts';
import { selectIsLoggedIn } from '../session/index.ts';
import { ENROLLMENT_CLOSED, EnrollmentPanel } from './EnrollmentPanel.tsx';
import { Panel, PanelHeading } from './panelParts.ts';

// The panel stays in view beside a long description; a panel taller than the window scrolls inside itself,
// so that its pay buttons can always be reached.
const SidePanel = styled(Panel)`
  ${({ theme }) => theme.media.desktop} {
    max-height: calc(100vh - ${({ theme }) => theme.space(8)});
    overflow-y: auto;
  }
`;

function GuestPanel({ course }: { course: CourseDetails }) {
  const { pathname } = useLocation();
  const lessons = publishedLessons(course.lessons);
  if (course.state !== 'can_be_subscribed') return <PanelHeading>{ENROLLMENT_CLOSED}</PanelHeading>;
  return (
    <>
      <PanelHeading>{enrollmentHeading(lessons)}</PanelHeading>
      <p>
        Чтобы записаться на курс, <Link to={paths.login} state={{ from: pathname }}>войдите</Link> или{' '}
        <Link to={paths.signup} state={{ from: pathname }}>
          зарегистрируйтесь
        </Link>
        .
      </p>
      {course.prices.length > 0 ? (
        <>
          <PaymentForm course={course} lessons={lessons} loggedIn={false} busy={false} />
          <DiscountLink course={course} />
        </>
      ) : (
        <NoCoursePrice />
      )}
    </>
  );
}

export function CourseSidePanel({ course }: { course: CourseDetails }) {
  const loggedIn = useAppSelector(selectIsLoggedIn);
  return (
    <SidePanel aria-label="Запись на курс">
      {loggedIn ? <EnrollmentPanel course={course} /> : <GuestPanel course={course} />}
    </SidePanel>
  );
}
