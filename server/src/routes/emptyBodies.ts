// Only for routes/participants.ts until it imports http/emptyBodies.ts itself (tests/layout.test.ts, PENDING).
export { acceptEmptyJsonBodies } from '../http/emptyBodies.ts';
