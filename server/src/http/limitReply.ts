// Answering a limited request: 429 with a Russian `detail` that says when to try again, and Retry-After.
import type { FastifyReply } from 'fastify';
import type { LimitKind } from '../services/accountLimits.ts';
import type { AccountServices } from '../services/accounts.ts';
import { inMinutes } from './accountMessages.ts';
import { HttpError } from './errors.ts';

/** Throws a 429 when any of the limits is reached; otherwise returns and the request goes on. */
export async function refuseWhenLimited(
  accounts: AccountServices,
  reply: FastifyReply,
  limits: [LimitKind, string][],
  message: (wait: string) => string,
): Promise<void> {
  const waits = await Promise.all(limits.map(([kind, key]) => accounts.limits.wait(kind, key)));
  const wait = Math.max(0, ...waits);
  if (wait === 0) return;
  reply.header('retry-after', String(wait));
  throw new HttpError(429, { detail: message(inMinutes(wait)) });
}
