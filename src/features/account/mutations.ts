// The account's writes (spec section 4): each sends, reports its status, then goes where the spec says.
import * as api from '../../api/endpoints.ts';
import { saveTokens } from '../../api/tokens.ts';
import type { ConfirmationResult, DisciplePatch } from '../../../common/wireTypes.ts';
import { navigateTo } from '../../app/navigation.ts';
import { createSelector } from '@reduxjs/toolkit';
import type { RequestError } from '../../api/requestError.ts';
import { defineMutation } from '../../data/mutation.ts';
import { selectMutation, type MutationStatus } from '../../data/mutationState.ts';
import type { RootState } from '../../app/rootReducer.ts';
import { forgetSignupEmail, rememberSignupEmail } from '../auth/index.ts';

const SIGNUP_SENT_ROUTE = '/user/signup-email-sent';
const RESET_INSTRUCTIONS_ROUTE = '/user/reset-password/instructions';
const RESET_SUCCESS_ROUTE = '/user/reset-password/success';
const PROFILE_ROUTE = '/account/profile';
/** The profile after a new e-mail address was requested: it says the address changes from the letter sent to it. */
export const EMAIL_CHANGE_REQUESTED_ROUTE = `${PROFILE_ROUTE}?email-change=requested`;

export const signupMutation = defineMutation('signup', api.signup, {
  invalidates: [],
  after: ({ payload }) => {
    rememberSignupEmail(payload.email);
    navigateTo(SIGNUP_SENT_ROUTE);
  },
});

const CONFIRMATION = { name: 'signupConfirmation' };

/**
 * The confirmation as a page shows it: a login in this tab also counts as confirmed. `email`: the confirmed account's
 * address, for the login form (issue 32).
 */
export const selectSignupConfirmation = createSelector(
  [(state: RootState) => state.session.loggedInHere, (state: RootState) => selectMutation(state, CONFIRMATION)],
  (loggedInHere, mutation): { status: MutationStatus; error: RequestError | null; email?: string } =>
    loggedInHere
      ? { status: 'success', error: null }
      : { status: mutation.status, error: mutation.error, email: (mutation.kept as { email?: string } | undefined)?.email },
);

/** The confirmation link is posted only once: it is not sent again unless the confirmation is idle. */
export const signupConfirmationMutation = defineMutation(CONFIRMATION.name, api.confirmRegistration, {
  invalidates: [],
  skip: (state) => selectSignupConfirmation(state).status !== 'idle',
  keep: (result: ConfirmationResult) => ({ email: result.email }),
  // In the browser that signed up the confirmation logs in: the login page's guard then sends the person back.
  after: ({ result }) => {
    forgetSignupEmail();
    if (result.access && result.refresh) saveTokens({ access: result.access, refresh: result.refresh });
  },
});

export const passwordResetMutation = defineMutation('passwordReset', api.resetPassword, {
  invalidates: [],
  after: () => navigateTo(RESET_INSTRUCTIONS_ROUTE),
});

export const passwordResetCompletionMutation = defineMutation('passwordResetCompletion', api.completePasswordReset, {
  invalidates: [],
  after: () => navigateTo(RESET_SUCCESS_ROUTE),
});

export const passwordUpdateMutation = defineMutation('passwordUpdate', api.updatePassword, {
  invalidates: [],
  resetAfter: true,
  // A password change ends every earlier session; the server answers new tokens for this one, and the session
  // follows the token store, so storing them is all it takes.
  after: ({ result }) => {
    if (result.access && result.refresh) saveTokens({ access: result.access, refresh: result.refresh });
    navigateTo(PROFILE_ROUTE);
  },
});

export const discipleUpdateMutation = defineMutation(
  'discipleUpdate',
  ({ id, patch }: { id: number; patch: DisciplePatch }) => api.updateDisciple(id, patch),
  {
    invalidates: ['profile'],
    resetAfter: true,
    // The editor sends the current password only with a new address.
    after: ({ payload }) => navigateTo(payload.patch.currentPassword === undefined ? PROFILE_ROUTE : EMAIL_CHANGE_REQUESTED_ROUTE),
  },
);
