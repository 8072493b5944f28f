// The personal unsubscribe link of a news letter (unsubscribeLinks.ts), followed without logging in: what it names,
// and ending that subscription.
import type { AppConfig } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { isLiveAccount } from '../../repositories/accounts/accountDeletionRepository.ts';
import type { ConsentOrigin } from '../../repositories/accounts/consentsRepository.ts';
import { subscriptionOf } from '../../repositories/letters/mailingsRepository.ts';
import type { PublicCache } from '../content/publicCache.ts';
import { endNews } from '../places/enrollment.ts';
import { verifyUnsubscribe } from './unsubscribeLinks.ts';

interface NewsUnsubscribeDeps {
  config: Pick<AppConfig, 'jwtSecret'>;
  db: Db;
  /** Dropped after a subscription ends: the course page and My courses show it at once. */
  publicCache: Pick<PublicCache, 'invalidate'>;
}

/** A link's parts, its ids read as ids. */
export interface UnsubscribeLink {
  user: number;
  course: number;
  signature: string;
}

interface LinkedSubscription {
  user: number;
  course: number;
  title: string;
  subscribed: boolean;
}

/** The subscription the link names, or null when its signature is wrong, the course is gone or the account deleted. */
export async function linkedSubscription(deps: Omit<NewsUnsubscribeDeps, 'publicCache'>, link: UnsubscribeLink): Promise<LinkedSubscription | null> {
  if (!verifyUnsubscribe(deps.config.jwtSecret, link.user, link.course, link.signature)) return null;
  if (!(await isLiveAccount(deps.db, link.user))) return null;
  const found = await subscriptionOf(deps.db, link.user, link.course);
  return found ? { ...found, user: link.user, course: link.course } : null;
}

/**
 * Ends the subscription the link names; the withdrawal of the news consent is recorded with it, in its transaction.
 * `ended`: whether there was one to end. Null for a link that names nothing (linkedSubscription).
 */
export async function unsubscribeByLink(deps: NewsUnsubscribeDeps, link: UnsubscribeLink, origin: ConsentOrigin): Promise<{ subscription: LinkedSubscription; ended: boolean } | null> {
  const subscription = await linkedSubscription(deps, link);
  if (!subscription) return null;
  const ended = await endNews(deps.db, subscription.user, subscription.course, origin);
  if (ended) deps.publicCache.invalidate();
  return { subscription, ended };
}
