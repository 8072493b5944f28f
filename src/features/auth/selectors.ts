// The account request flows as the auth and profile screens read them.
import type { RootState } from '../../app/store.ts';

export const selectSignupState = (state: RootState) => state.signup;
export const selectSignupConfirmationState = (state: RootState) => state.signupConfirmation;
export const selectPasswordResetState = (state: RootState) => state.passwordReset;
export const selectPasswordResetCompletionState = (state: RootState) => state.passwordResetCompletion;
export const selectPasswordUpdateState = (state: RootState) => state.passwordUpdate;
export const selectDiscipleUpdateState = (state: RootState) => state.discipleUpdate;
