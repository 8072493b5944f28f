// The requests feature's public entry: what other features may use of it.
export { type RequestStatus, createRequestFamily } from './requestFamily.ts';
