// How many journey files run at once (vitest.e2e.config.ts), each on a server of its own (globalSetup.ts).
// Two on the two cores of CI. Three were faster (487 s two at a time, 373 s three at a time, docs/BENCHMARKS.md «The
// test run»), but with the journeys that start servers of their own, three at a time left a page load past 30 s in
// four of seven full runs on 2026-11-29 (a different journey each time, always at its first page).
export const E2E_WORKERS = Math.max(1, Number(process.env.E2E_WORKERS ?? 2));
