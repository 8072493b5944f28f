// The address this browser signed up with, until its confirmation link is opened (issue 32): sent with the
// confirmation, it lets the server log the person in there and only there (server/src/routes/users.ts).
const KEY = 'signupEmail';

export function rememberSignupEmail(email: string): void {
  try {
    localStorage.setItem(KEY, email);
  } catch {
    // Storage refused: the confirmation then fills the login form instead.
  }
}

export function signupEmail(): string | null {
  try {
    return localStorage.getItem(KEY);
  } catch {
    return null;
  }
}

export function forgetSignupEmail(): void {
  try {
    localStorage.removeItem(KEY);
  } catch {
    // nothing kept
  }
}
