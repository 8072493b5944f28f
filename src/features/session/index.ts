// The session feature's public entry: what other features may use of it.
export { selectCurrentUser } from './currentUser.ts';
export { selectIsLoggedIn } from './selectors.ts';
export { loggedOut, loginSucceeded } from './slice.ts';
export { useLogout } from './useLogout.ts';
