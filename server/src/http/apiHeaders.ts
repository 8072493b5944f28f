// Security headers of API responses: JSON is never rendered, so a fixed strict set computed once replaces
// Helmet's document-oriented headers (the site's pages get Helmet with the full CSP, routes/site.ts). Personal answers
// also get Cache-Control: no-store here, in one place; public ones keep what their routes set.
import type { FastifyReply, FastifyRequest, HookHandlerDoneFunction } from 'fastify';

const API_SECURITY_HEADERS = {
  'content-security-policy': "default-src 'none'; frame-ancestors 'none'",
  'cross-origin-resource-policy': 'same-origin',
  'referrer-policy': 'no-referrer',
  'strict-transport-security': 'max-age=31536000; includeSubDomains',
  'x-content-type-options': 'nosniff',
} as const;

/**
 * The routes whose answers are about the caller or carry their tokens (account, profile, places, payments, calendar
 * feed, the authors' area). Matched on the route's pattern, so `//api/v1/users/me/` is no way round it.
 */
const PERSONAL_ROUTE = /^\/api\/v1\/(users|token|disciples|participants|manager|payments|calendar|mutabo)(\/|$)/;

/**
 * Whether the answer belongs to one caller: a request with a token (a public address then answers with the caller's
 * own fields, or a draft's preview) or a personal route. Such an answer, an error included, is no-store.
 */
function isPersonalRequest(request: FastifyRequest): boolean {
  return request.headers.authorization !== undefined || PERSONAL_ROUTE.test(request.routeOptions.url ?? request.url);
}

/**
 * Set before the route runs, so its errors carry them too; a route that knows its answer is the same for everyone
 * (/media/'s year-long public cache) sets its own Cache-Control over this one.
 */
export function setApiSecurityHeaders(request: FastifyRequest, reply: FastifyReply, done: HookHandlerDoneFunction) {
  reply.headers(API_SECURITY_HEADERS);
  if (isPersonalRequest(request)) reply.header('cache-control', 'no-store');
  done();
}
