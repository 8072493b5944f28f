// Answering a limited request: 429 with a Russian `detail` that says when to try again, and Retry-After.
import type { FastifyReply } from 'fastify';
import type { LimitKind, Slot } from '../services/accountLimits.ts';
import type { AccountServices } from '../services/accounts.ts';
import { inMinutes } from '../../../common/accountMessages.ts';
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

/**
 * Takes a slot of every limit at once (services/accountLimits.ts) or throws the 429; the caller releases the slot
 * when the event turns out not to count.
 */
export async function takeOrRefuse(accounts: AccountServices, reply: FastifyReply, limits: [LimitKind, string][], message: (wait: string) => string): Promise<Slot> {
  const taken = await accounts.limits.take(...limits);
  if (taken.slot) return taken.slot;
  reply.header('retry-after', String(taken.wait));
  throw new HttpError(429, { detail: message(inMinutes(taken.wait)) });
}
