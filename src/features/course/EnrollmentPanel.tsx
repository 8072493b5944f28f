// The side panel for a logged-in visitor (spec sections 2, 4 and 5): the heading, news by mail, and either
// participation (a course without prices) or payment; on a closed course only the news. Request errors show here.
import { useEffect } from 'react';
import type { CourseDetails, Lesson } from '../../../common/wireTypes.ts';
import { useAppDispatch, useAppSelector } from '../../app/hooks.ts';
import type { RootState } from '../../app/store.ts';
import { enrollmentHeading, publishedLessons } from '../../lib/courseFacts.ts';
import { isApproved } from '../../../common/lessonBlocks.ts';
import {
  AllLessonsBought,
  EnrollmentErrors,
  MailingControl,
  ParticipationControl,
  mailingMutation,
  participationCreateMutation,
  participationDeleteMutation,
  paymentCreateMutation,
  type ShownError,
} from '../enrollment/index.ts';
import { DiscountLink, NoCoursePrice, PaymentForm } from '../payment/index.ts';
import { selectMutation } from '../../data/mutationState.ts';
import { lessonErrorMessage } from '../../lib/coursePanelRules.ts';
import { resourceKey } from '../../data/resource.ts';
import { PanelHeading } from './panelParts.ts';

export const ENROLLMENT_CLOSED = 'Запись на курс закрыта';

const enrollmentMutations = [mailingMutation, participationCreateMutation, participationDeleteMutation, paymentCreateMutation];

function selectBusy(state: RootState, courseId: number): boolean {
  return (
    enrollmentMutations.some((mutation) => selectMutation(state, mutation).status === 'loading') ||
    state.resources[resourceKey('course', courseId)]?.loading === true
  );
}

function useShownErrors(lessons: Lesson[]): ShownError[] {
  const mailing = useAppSelector((state) => selectMutation(state, mailingMutation).error);
  const participationCreate = useAppSelector((state) => selectMutation(state, participationCreateMutation).error);
  const participationDelete = useAppSelector((state) => selectMutation(state, participationDeleteMutation).error);
  const payment = useAppSelector((state) => selectMutation(state, paymentCreateMutation).error);
  const shown: ShownError[] = [];
  for (const error of [mailing, participationCreate, participationDelete]) {
    if (error) shown.push({ error, text: error.message });
  }
  if (payment) shown.push({ error: payment, text: lessonErrorMessage(payment, lessons) ?? payment.message });
  return shown;
}

export function EnrollmentPanel({ course }: { course: CourseDetails }) {
  const dispatch = useAppDispatch();
  const lessons = publishedLessons(course.lessons);
  const busy = useAppSelector((state) => selectBusy(state, course.id));
  const errors = useShownErrors(lessons);

  useEffect(() => {
    const resetAll = () => enrollmentMutations.forEach((mutation) => dispatch(mutation.reset()));
    // Back from a checkout page the browser may restore this page as it was left: paying again must be possible.
    const onPageShow = (event: PageTransitionEvent) => {
      if (event.persisted) resetAll();
    };
    window.addEventListener('pageshow', onPageShow);
    // The requests' outcome belongs to this course: another course starts clean.
    return () => {
      window.removeEventListener('pageshow', onPageShow);
      resetAll();
    };
  }, [dispatch, course.id]);

  const approved = lessons.some(isApproved);
  // Nothing is left to sell: the shop gives way to the participant's lessons.
  const allBought = course.prices.length > 0 && lessons.length > 0 && lessons.every(isApproved);
  const mailing = (
    <MailingControl
      courseId={course.id}
      courseTitle={course.title}
      subscribed={course.subscribedForMailouts}
      approved={approved}
      busy={busy}
    />
  );

  if (course.state !== 'can_be_subscribed') {
    return (
      <>
        <PanelHeading>{ENROLLMENT_CLOSED}</PanelHeading>
        {approved ? null : mailing}
        <EnrollmentErrors errors={errors} />
      </>
    );
  }

  return (
    <>
      <PanelHeading>{enrollmentHeading(lessons)}</PanelHeading>
      {mailing}
      {allBought ? (
        <AllLessonsBought lessons={lessons} />
      ) : course.prices.length > 0 ? (
        <>
          <PaymentForm course={course} lessons={lessons} loggedIn busy={busy} />
          <EnrollmentErrors errors={errors} />
          <DiscountLink course={course} />
        </>
      ) : (
        <>
          <NoCoursePrice />
          <ParticipationControl courseId={course.id} courseTitle={course.title} lessons={lessons} busy={busy} />
          <EnrollmentErrors errors={errors} />
        </>
      )}
    </>
  );
}
