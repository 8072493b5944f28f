// Only for routes/mutabo/participants.ts until it imports http/mutabo/caller.ts itself (tests/layout.test.ts, PENDING).
export { callerOf } from '../../http/mutabo/caller.ts';
