// How many journey files run at once (vitest.e2e.config.ts), each on a server of its own (globalSetup.ts).
// Two on the two cores of CI: one journey mostly waits on the other's browser or server.
export const E2E_WORKERS = Math.max(1, Number(process.env.E2E_WORKERS ?? 2));
