// Answering a limited request: 429 with a Russian `detail` that says when to try again, and Retry-After.
import type { FastifyReply } from 'fastify';
import type { LimitKind, Slot } from '../services/accounts/limits.ts';
import type { AccountServices } from '../services/accounts/accountServices.ts';
import { inMinutes } from '../../../common/accountMessages.ts';
import { HttpError } from './errors.ts';

/**
 * Takes a slot of every limit at once (services/accounts/limits.ts) or throws the 429, whose message may depend on the
 * limit that had no room; the caller releases the slot when the event turns out not to count.
 */
export async function takeOrRefuse(
  accounts: AccountServices,
  reply: FastifyReply,
  limits: [LimitKind, string][],
  message: (wait: string, refusedBy: LimitKind) => string,
): Promise<Slot> {
  const taken = await accounts.limits.take(...limits);
  if (taken.slot) return taken.slot;
  reply.header('retry-after', String(taken.wait));
  throw new HttpError(429, { detail: message(inMinutes(taken.wait), taken.refusedBy) });
}
