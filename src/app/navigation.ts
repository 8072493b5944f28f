// Lets sagas move the browser: the router registers itself here once it exists; tests replace both.
type Navigate = (path: string) => void;

let navigate: Navigate = (path) => window.location.assign(path);

export function setNavigator(next: Navigate): void {
  navigate = next;
}

export function navigateTo(path: string): void {
  navigate(path);
}

type Leave = (url: string) => void;

let leave: Leave = (url) => window.location.assign(url);

/** Replaces how the browser leaves the site (tests record the address instead). */
export function setSiteExit(next: Leave): void {
  leave = next;
}

/** Leaves the site for another address (a payment provider's checkout). */
export function leaveSite(url: string): void {
  leave(url);
}
