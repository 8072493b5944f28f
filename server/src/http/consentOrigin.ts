// Where a request that gives or withdraws a consent comes from: the route knows it, the service records it
// (repositories/accounts/consentsRepository.ts).
import { MAX_CONSENT_USER_AGENT, type ConsentSource } from '../../../common/privacy.ts';
import type { ConsentOrigin } from '../repositories/accounts/consentsRepository.ts';

/** A request's origin: its address and user agent (cut to a sane length). */
export function consentOrigin(source: ConsentSource, request: { ip: string; headers: Record<string, string | string[] | undefined> }): ConsentOrigin {
  const agent = request.headers['user-agent'];
  const userAgent = (Array.isArray(agent) ? agent[0] : agent)?.trim();
  return { source, ip: request.ip || null, userAgent: userAgent ? userAgent.slice(0, MAX_CONSENT_USER_AGENT) : null };
}
