// The auth feature's public entry: what other features may use of it.
export { useReturnState } from './landing.ts';
export { forgetSignupEmail, rememberSignupEmail } from './signupEmail.ts';
