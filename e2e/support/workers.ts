// How many journey files run at once (vitest.e2e.config.ts), each on a server of its own (globalSetup.ts).
// Three on the two cores of CI: one journey mostly waits on another's browser or server. The journeys took 487 s two
// at a time and 373 s three at a time there (docs/BENCHMARKS.md, «The test run»).
export const E2E_WORKERS = Math.max(1, Number(process.env.E2E_WORKERS ?? 3));
