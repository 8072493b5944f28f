// Security headers of API responses: JSON is never rendered, so a fixed strict set computed once replaces
// Helmet's document-oriented headers (the site's pages get Helmet with the full CSP, routes/site.ts).
import type { FastifyReply, FastifyRequest, HookHandlerDoneFunction } from 'fastify';

const API_SECURITY_HEADERS = {
  'content-security-policy': "default-src 'none'; frame-ancestors 'none'",
  'cross-origin-resource-policy': 'same-origin',
  'referrer-policy': 'no-referrer',
  'strict-transport-security': 'max-age=31536000; includeSubDomains',
  'x-content-type-options': 'nosniff',
} as const;

export function setApiSecurityHeaders(_request: FastifyRequest, reply: FastifyReply, done: HookHandlerDoneFunction) {
  reply.headers(API_SECURITY_HEADERS);
  done();
}
