// The enrollment feature's public entry: what other features may use of it.
export { AllLessonsBought } from './AllLessonsBought.tsx';
export { EnrollmentErrors, type ShownError } from './EnrollmentErrors.tsx';
export { MailingControl, useNewsSubscription } from './MailingControl.tsx';
export { type CourseParticipation, ParticipationControl, courseParticipation } from './ParticipationControl.tsx';
export { mailingMutation, participationCreateMutation, participationDeleteMutation, paymentCreateMutation } from './mutations.ts';
export { paymentPollingStarted, paymentPollingStopped } from './paymentPolling.ts';
