// Enrollment's writes: news subscription, participation, payment creation (spec section 4). Each refreshes what its
// answer changed: the visitor's participation and subscriptions are the tag 'enrollment'.
import * as api from '../../api/endpoints.ts';
import type { PaymentCreatePayload } from '../../../common/wireTypes.ts';
import { leaveSite } from '../../app/navigation.ts';
import { ensureResource, resourceReplaced } from '../../data/cache.ts';
import { defineMutation } from '../../data/mutation.ts';
import { resourceKey } from '../../data/resource.ts';
import type { RootState } from '../../app/rootReducer.ts';

/** A course on screen is read again at once; the rest that shows the change when next shown. */
function reloadShownCourse(courseId: number, getState: () => RootState, dispatch: (action: { type: string }) => unknown) {
  if (getState().resources[resourceKey('course', courseId)] !== undefined) dispatch(ensureResource('course', courseId));
}

export const mailingMutation = defineMutation(
  'mailing',
  ({ courseId, subscribe }: { courseId: number; subscribe: boolean }) =>
    subscribe ? api.subscribeForMailouts(courseId) : api.unsubscribeFromMailouts(courseId),
  {
    invalidates: ['enrollment'],
    after: ({ payload, getState, dispatch }) => reloadShownCourse(payload.courseId, getState, dispatch),
  },
);

export const participationCreateMutation = defineMutation('participationCreate', ({ courseId }: { courseId: number }) => api.createParticipants(courseId), {
  invalidates: ['enrollment'],
  // The answer is the updated course itself.
  after: ({ payload, result, dispatch }) => {
    dispatch(resourceReplaced({ key: resourceKey('course', payload.courseId), data: result }));
  },
});

export const participationDeleteMutation = defineMutation('participationDelete', ({ courseId }: { courseId: number }) => api.deleteParticipants(courseId), {
  invalidates: ['enrollment'],
  after: ({ payload, getState, dispatch }) => reloadShownCourse(payload.courseId, getState, dispatch),
});

export const paymentCreateMutation = defineMutation('paymentCreate', (payload: PaymentCreatePayload) => api.createPayment(payload), {
  invalidates: ['payment', 'enrollment'],
  after: ({ result }) => leaveSite(result.details.redirectTo),
});
