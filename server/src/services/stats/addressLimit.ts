// How many views one client address may add per minute (issue 37, docs/STATS.md «Counting views»): past it the
// requests are answered as always and count nothing, so one script cannot inflate the counters. Kept in this
// process's memory for the current minute only, and never written anywhere; a check and its count are one synchronous
// step, so parallel requests get exactly the limit.
export interface AddressLimitOptions {
  /** Views counted per address and window. */
  max: number;
  windowMs: number;
  /** Addresses remembered per window; a new address beyond them counts nothing until the window ends. */
  maxAddresses: number;
}

export const DEFAULT_ADDRESS_LIMIT: AddressLimitOptions = { max: 30, windowMs: 60_000, maxAddresses: 50_000 };

export class AddressLimit {
  private counts = new Map<string, number>();
  private windowStart = 0;

  constructor(
    private readonly options: AddressLimitOptions = DEFAULT_ADDRESS_LIMIT,
    private readonly now: () => number = Date.now,
  ) {}

  /** Takes one of the address's views in this window: false when it has none left. */
  take(address: string): boolean {
    const now = this.now();
    if (now - this.windowStart >= this.options.windowMs || now < this.windowStart) {
      this.counts = new Map();
      this.windowStart = now;
    }
    const used = this.counts.get(address);
    if (used === undefined && this.counts.size >= this.options.maxAddresses) return false;
    if ((used ?? 0) >= this.options.max) return false;
    this.counts.set(address, (used ?? 0) + 1);
    return true;
  }
}
