// The account feature's public entry: its writes and what a page shows of them.
export {
  discipleUpdateMutation,
  passwordResetCompletionMutation,
  passwordResetMutation,
  passwordUpdateMutation,
  selectSignupConfirmation,
  signupConfirmationMutation,
  signupMutation,
} from './mutations.ts';
