// Views of the public pages (issue 37, docs/STATS.md «Counting views»), counted in memory per day (in Moscow) and page
// and written every minute as counters: never per person, never an address or a user agent. A view is the page's HTML
// (routes/site.ts) or the site's beacon on a page change (routes/stats.ts); robots and the authors are not counted.
// The counts of a flush that failed are kept for the next one; at most maxKeys pages and days wait between flushes.
import type { FastifyBaseLogger } from 'fastify';
import { countedPage, dayInMoscow, type CountedPage } from '../../../../common/stats.ts';
import type { Executor } from '../../db/client.ts';
import { addPageViews, isAuthorUser, type ViewDelta } from '../../repositories/stats/pageViewsRepository.ts';
import { AddressLimit, DEFAULT_ADDRESS_LIMIT, type AddressLimitOptions } from './addressLimit.ts';
import { isRobot } from './bots.ts';

/** How often the counts are written. */
export const VIEW_FLUSH_MS = 60_000;

export interface ViewCounterOptions {
  /** Distinct pages and days held between flushes; views of another page beyond them are dropped. */
  maxKeys: number;
  addressLimit: AddressLimitOptions;
  /** The clock (tests move the day). */
  now: () => Date;
}

export const DEFAULT_VIEW_COUNTER: ViewCounterOptions = { maxKeys: 20_000, addressLimit: DEFAULT_ADDRESS_LIMIT, now: () => new Date() };

/** Who sent a request, as far as counting needs: read, never kept. */
export interface ViewSource {
  userAgent: string | undefined;
  /** request.ip: only the per-address limit reads it. */
  address: string;
}

export interface ViewBeacon extends ViewSource {
  path: string;
  /** The page's first beacon after its HTML, which was counted already (sent only when logged in). */
  landing: boolean;
  /** The caller's user id from a valid access token, or null. */
  userId: number | null;
}


export class ViewCounter {
  private counts = new Map<string, ViewDelta>();
  private readonly limit: AddressLimit;
  private readonly options: ViewCounterOptions;
  /** The flush under way: flushes run one after another, so a failed one's counts go back before the next takes them. */
  private flushing: Promise<boolean> = Promise.resolve(true);
  private timer: NodeJS.Timeout | null = null;

  constructor(
    private readonly deps: { db: Executor; log: FastifyBaseLogger },
    options: Partial<ViewCounterOptions> = {},
  ) {
    this.options = { ...DEFAULT_VIEW_COUNTER, ...options };
    this.limit = new AddressLimit(this.options.addressLimit, () => this.options.now().getTime());
  }

  /** A public page's HTML was answered (GET, 200). */
  countHtml(pathname: string, source: ViewSource): void {
    const page = countedPage(pathname);
    if (!page || isRobot(source.userAgent) || !this.limit.take(source.address)) return;
    this.add(page, 1);
  }

  /**
   * The beacon: a page change is counted unless a robot's or an author's; a landing takes back its HTML's count when
   * an author sent it and is ignored otherwise (the HTML counted it).
   */
  async countBeacon(beacon: ViewBeacon): Promise<void> {
    const page = countedPage(beacon.path);
    if (!page) return;
    if (beacon.landing) {
      if (beacon.userId === null || !this.limit.take(beacon.address)) return;
      if ((await this.isAuthor(beacon.userId)) === true) this.add(page, -1);
      return;
    }
    if (isRobot(beacon.userAgent) || !this.limit.take(beacon.address)) return;
    if (beacon.userId !== null && (await this.isAuthor(beacon.userId)) !== false) return;
    this.add(page, 1);
  }

  /** Null when the database could not tell: such a view is neither counted nor taken back. */
  private async isAuthor(userId: number): Promise<boolean | null> {
    try {
      return await isAuthorUser(this.deps.db, userId);
    } catch (error) {
      this.deps.log.warn({ err: error }, 'a view not counted: whether its caller is an author could not be read');
      return null;
    }
  }

  /** Pages and days waiting for the next flush. */
  get pending(): number {
    return this.counts.size;
  }

  /** Writes the counts so far in one statement; false (and the counts kept) when the write failed. */
  flush(): Promise<boolean> {
    this.flushing = this.flushing.then(() => this.write());
    return this.flushing;
  }

  /** Flushes every intervalMs (unref'd) until stop(). */
  start(intervalMs: number = VIEW_FLUSH_MS): void {
    if (this.timer) return;
    this.timer = setInterval(() => void this.flush(), intervalMs);
    this.timer.unref();
  }

  /** Stops the timer and writes what is left. */
  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.flush();
  }

  private add(page: CountedPage, delta: number): void {
    const day = dayInMoscow(this.options.now());
    const key = `${day} ${page.path}`;
    const counted = this.counts.get(key);
    if (counted) counted.delta += delta;
    else if (this.counts.size < this.options.maxKeys) this.counts.set(key, { day, path: page.path, courseId: page.courseId, delta });
  }

  private async write(): Promise<boolean> {
    if (this.counts.size === 0) return true;
    const batch = this.counts;
    this.counts = new Map();
    try {
      await addPageViews(this.deps.db, [...batch.values()].filter((counted) => counted.delta !== 0));
      return true;
    } catch (error) {
      // Back in, added to what came meanwhile: nothing is lost while the database is away.
      for (const [key, counted] of batch) {
        const kept = this.counts.get(key);
        if (kept) kept.delta += counted.delta;
        else if (this.counts.size < this.options.maxKeys) this.counts.set(key, counted);
      }
      this.deps.log.warn({ err: error, pages: batch.size }, 'page views not written: kept for the next flush');
      return false;
    }
  }
}
