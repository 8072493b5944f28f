// How long a test waits for the first render of a lazy page: loading its chunk in a worker that has not loaded it yet
// is slow on a busy machine (over 5 s on two busy cores), well past Testing Library's usual wait.
export const FIRST_RENDER = { timeout: 10_000 };
