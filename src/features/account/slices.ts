// The account request flows of spec section 4, each an instance of the one request family.
import type { ConfirmationPayload, ConfirmationResult, Disciple, DisciplePatch, PasswordResetCompletionPayload, PasswordResetPayload, PasswordUpdatePayload, SignupPayload } from '../../../common/wireTypes.ts';
import { createRequestFamily } from '../requests/index.ts';
import { loginSucceeded } from '../session/index.ts';

export const signupRequest = createRequestFamily<SignupPayload>('signup');
export const passwordResetRequest = createRequestFamily<PasswordResetPayload>('passwordReset');
export const passwordResetCompletionRequest = createRequestFamily<PasswordResetCompletionPayload>('passwordResetCompletion');
export const passwordUpdateRequest = createRequestFamily<PasswordUpdatePayload>('passwordUpdate');
export const discipleUpdateRequest = createRequestFamily<{ id: number; patch: DisciplePatch }, Disciple>('discipleUpdate');

const confirmationFamily = createRequestFamily<ConfirmationPayload, ConfirmationResult>('signupConfirmation');
/** `email`: the confirmed account's address, for the login form (issue 32). */
type ConfirmationState = ReturnType<typeof confirmationFamily.reducer> & { email?: string };
/**
 * The confirmation link is posted only once: a request is ignored unless the flow is idle. It is also
 * counted as done once the person has logged in.
 */
export const signupConfirmationRequest = {
  ...confirmationFamily,
  reducer: (state: ConfirmationState | undefined, action: { type: string }): ConfirmationState => {
    if (loginSucceeded.match(action)) return { status: 'success', error: null };
    if (state && state.status !== 'idle' && confirmationFamily.actions.request.match(action)) return state;
    if (confirmationFamily.actions.success.match(action)) return { status: 'success', error: null, email: action.payload?.email };
    return confirmationFamily.reducer(state, action);
  },
};

export const accountReducers = {
  signup: signupRequest.reducer,
  signupConfirmation: signupConfirmationRequest.reducer,
  passwordReset: passwordResetRequest.reducer,
  passwordResetCompletion: passwordResetCompletionRequest.reducer,
  passwordUpdate: passwordUpdateRequest.reducer,
  discipleUpdate: discipleUpdateRequest.reducer,
};
