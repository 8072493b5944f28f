// The SQL of how letters are addressed and delivered (services/letters/letterQueue.ts): who answers a letter (a course's first
// author), whose name goes in its To, and the permanent refusals in a row of a person's address (table
// mail_delivery_failures, migration 0020).
import { createHash } from 'node:crypto';
import { and, asc, eq, inArray, or, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { authors, courseAuthors, mailDeliveryFailures, outboxLetters, users } from '../../db/schema.ts';

/** A name and an address that can answer a letter. */
export interface Mailbox {
  name: string;
  email: string;
}

/**
 * Each course's first author (the lowest position) as a mailbox: the address of their author record (the one the
 * course page gives for discount requests), else their account's; courses whose first author has neither are left out.
 */
export async function firstAuthorsOf(db: Executor, courseIds: readonly number[]): Promise<Map<number, Mailbox>> {
  if (courseIds.length === 0) return new Map();
  const rows = await db
    .select({ courseId: courseAuthors.courseId, firstName: authors.firstName, lastName: authors.lastName, recordEmail: authors.email, accountEmail: users.email })
    .from(courseAuthors)
    .innerJoin(authors, eq(authors.id, courseAuthors.authorId))
    .leftJoin(users, eq(users.id, authors.userId))
    .where(inArray(courseAuthors.courseId, [...new Set(courseIds)]))
    .orderBy(asc(courseAuthors.courseId), asc(courseAuthors.position));
  const first = new Map<number, Mailbox>();
  for (const row of rows) {
    if (first.has(row.courseId)) continue;
    const email = row.recordEmail.trim() || row.accountEmail?.trim() || '';
    first.set(row.courseId, { name: `${row.firstName} ${row.lastName}`.trim(), email });
  }
  return new Map([...first].filter(([, mailbox]) => mailbox.email !== ''));
}

/** The headers of a letter composed when it is sent (its Reply-To), kept with what storeComposed kept for a retry. */
export async function storeComposedHeaders(db: Executor, id: number, headers: Record<string, string>): Promise<void> {
  await db.update(outboxLetters).set({ headers }).where(eq(outboxLetters.id, id));
}

/** The key a person's address is counted under: SHA-256 of its lower-case form (the address itself is not kept). */
export function addressHash(address: string): string {
  return createHash('sha256').update(address.trim().toLowerCase()).digest('hex');
}

/** An account a letter goes to, with the permanent refusals in a row counted for its current address. */
export interface LetterAccount {
  id: number;
  email: string;
  name: string;
  /** 0 when none is counted (or only for an address the account had before). */
  failures: number;
}

/**
 * The accounts behind letters about to be sent: those whose address is one of `addresses` (without regard to case) and
 * those of `userIds`, with the refusals counted for their current address. One statement for a batch of letters.
 */
export async function letterAccounts(db: Executor, addresses: readonly string[], userIds: readonly number[]): Promise<LetterAccount[]> {
  const lower = [...new Set(addresses.map((address) => address.trim().toLowerCase()))];
  const ids = [...new Set(userIds)];
  if (lower.length === 0 && ids.length === 0) return [];
  const rows = await db
    .select({
      id: users.id,
      email: users.email,
      firstName: users.firstName,
      lastName: users.lastName,
      addressHash: mailDeliveryFailures.addressHash,
      failures: mailDeliveryFailures.failures,
    })
    .from(users)
    .leftJoin(mailDeliveryFailures, eq(mailDeliveryFailures.userId, users.id))
    .where(or(lower.length > 0 ? inArray(sql`lower(${users.email})`, lower) : undefined, ids.length > 0 ? inArray(users.id, ids) : undefined));
  return rows.map((row) => ({
    id: row.id,
    email: row.email,
    name: `${row.firstName} ${row.lastName}`.trim(),
    failures: row.addressHash !== null && row.addressHash === addressHash(row.email) ? (row.failures ?? 0) : 0,
  }));
}

/**
 * Counts one more permanent refusal of a letter to the person's address `address`: the count goes on while the address
 * is the one counted, and starts again at 1 for another (a changed address). Returns the count.
 */
export async function recordDeliveryFailure(db: Executor, userId: number, address: string): Promise<number> {
  const hash = addressHash(address);
  const [row] = await db
    .insert(mailDeliveryFailures)
    .values({ userId, addressHash: hash, failures: 1 })
    .onConflictDoUpdate({
      target: mailDeliveryFailures.userId,
      set: {
        failures: sql`CASE WHEN ${mailDeliveryFailures.addressHash} = excluded.address_hash THEN ${mailDeliveryFailures.failures} + 1 ELSE 1 END`,
        firstFailedAt: sql`CASE WHEN ${mailDeliveryFailures.addressHash} = excluded.address_hash THEN ${mailDeliveryFailures.firstFailedAt} ELSE now() END`,
        addressHash: sql`excluded.address_hash`,
        lastFailedAt: sql`now()`,
      },
    })
    .returning({ failures: mailDeliveryFailures.failures });
  return row?.failures ?? 1;
}

/** A letter to the person's address `address` was delivered: its refusals no longer count. */
export async function clearDeliveryFailures(db: Executor, userId: number, address: string): Promise<void> {
  await db.delete(mailDeliveryFailures).where(and(eq(mailDeliveryFailures.userId, userId), eq(mailDeliveryFailures.addressHash, addressHash(address))));
}
