// Queries about user accounts: authentication state, signup, activation, passwords, the User wire shape.
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { User } from '../../../../common/wireTypes.ts';
import type { Executor } from '../../db/client.ts';
import { authors, disciples, users } from '../../db/schema.ts';
import { recordConsent, type ConsentOrigin } from './consentsRepository.ts';

export interface UserAuthState {
  isActive: boolean;
  passwordChangedAt: Date;
}

/** What the account flows need of a user row. */
export interface Account {
  id: number;
  email: string;
  passwordHash: string;
  firstName: string;
  lastName: string;
  yearOfBirth: number | null;
  isActive: boolean;
  passwordChangedAt: Date;
  passwordResetCount: number;
}

export interface PasswordChange {
  expectedHash: string;
  expectedResetCount?: number;
  newHash: string;
  changedAt: Date;
  activate?: boolean;
}

interface NewAccount {
  email: string;
  passwordHash: string;
  firstName: string;
  lastName: string;
  yearOfBirth: number | null;
}

const accountColumns = {
  id: users.id,
  email: users.email,
  passwordHash: users.passwordHash,
  firstName: users.firstName,
  lastName: users.lastName,
  yearOfBirth: users.yearOfBirth,
  isActive: users.isActive,
  passwordChangedAt: users.passwordChangedAt,
  passwordResetCount: users.passwordResetCount,
};

/** PostgreSQL's unique_violation, as node-postgres and PGlite report it (Drizzle wraps it in `cause`). */
export function isUniqueViolation(error: unknown): boolean {
  for (let current = error as { code?: unknown; cause?: unknown } | undefined, depth = 0; current && depth < 5; current = current.cause as typeof current, depth += 1) {
    if (current.code === '23505') return true;
  }
  return false;
}

export async function findAuthState(db: Executor, userId: number): Promise<UserAuthState | null> {
  const [row] = await db
    .select({ isActive: users.isActive, passwordChangedAt: users.passwordChangedAt })
    .from(users)
    .where(eq(users.id, userId));
  return row ?? null;
}

/** By e-mail, ignoring case (the unique index is on lower(email)); a deleted account has none. */
export async function findAccountByEmail(db: Executor, email: string): Promise<Account | null> {
  const [row] = await db
    .select(accountColumns)
    .from(users)
    .where(and(sql`lower(${users.email}) = ${email.toLowerCase()}`, isNull(users.deletedAt)));
  return row ?? null;
}

export async function findAccountById(db: Executor, id: number): Promise<Account | null> {
  const [row] = await db.select(accountColumns).from(users).where(eq(users.id, id));
  return row ?? null;
}

/** A person's address, names and year of birth, as the wire's User and Disciple and the person's export carry them. */
export const personColumns = {
  email: users.email,
  firstName: users.firstName,
  lastName: users.lastName,
  yearOfBirth: users.yearOfBirth,
};

/** The User of the wire contract: the disciple's and author's ids alongside the account fields. */
export async function findUser(db: Executor, id: number): Promise<User | null> {
  const [row] = await db
    .select({
      id: users.id,
      ...personColumns,
      disciple: disciples.id,
      author: authors.id,
    })
    .from(users)
    .leftJoin(disciples, eq(disciples.userId, users.id))
    .leftJoin(authors, eq(authors.userId, users.id))
    .where(eq(users.id, id));
  return row ?? null;
}

/** A new inactive account with its disciple; null when the e-mail is taken (also by a concurrent signup). */
export async function createInactiveAccount(db: Executor, account: NewAccount, consent?: ConsentOrigin): Promise<number | null> {
  try {
    return await db.transaction(async (tx) => {
      const [row] = await tx
        .insert(users)
        .values({ ...account, isActive: false })
        .returning({ id: users.id });
      await tx.insert(disciples).values({ userId: row!.id });
      // The sign-up's consent to processing, with the account that it is the consent of.
      if (consent) await recordConsent(tx, { userId: row!.id, kind: 'processing', action: 'given' }, consent);
      return row!.id;
    });
  } catch (error) {
    if (isUniqueViolation(error)) return null;
    throw error;
  }
}

/** Activates the account only from the state the confirmation link was made for; false when already done. */
export async function activateAccount(db: Executor, id: number, passwordHash: string): Promise<boolean> {
  const rows = await db
    .update(users)
    .set({ isActive: true })
    .where(and(eq(users.id, id), eq(users.isActive, false), eq(users.passwordHash, passwordHash)))
    .returning({ id: users.id });
  return rows.length > 0;
}

/**
 * The same password hashed anew (other scrypt parameters), if the stored hash is still `expectedHash`. The password
 * stamp stays, so tokens issued before stay valid.
 */
export async function replacePasswordHash(db: Executor, id: number, expectedHash: string, newHash: string): Promise<boolean> {
  const rows = await db
    .update(users)
    .set({ passwordHash: newHash })
    .where(and(eq(users.id, id), eq(users.passwordHash, expectedHash)))
    .returning({ id: users.id });
  return rows.length > 0;
}

/**
 * Sets a new password if the stored one is still `expectedHash` (and, for a reset link, the reset count is
 * still the link's): the compare-and-set makes a link or a form work once even when two requests race.
 */
export async function changePassword(
  db: Executor,
  id: number,
  change: PasswordChange,
): Promise<boolean> {
  const rows = await db
    .update(users)
    .set({
      passwordHash: change.newHash,
      passwordChangedAt: change.changedAt,
      passwordResetCount: sql`${users.passwordResetCount} + 1`,
      ...(change.activate ? { isActive: true } : {}),
    })
    .where(
      and(
        eq(users.id, id),
        eq(users.passwordHash, change.expectedHash),
        change.expectedResetCount === undefined ? undefined : eq(users.passwordResetCount, change.expectedResetCount),
      ),
    )
    .returning({ id: users.id });
  return rows.length > 0;
}

/**
 * The new address of a confirmed e-mail change link, only from the address and password the link was made for
 * (so a link works once, and a password changed since kills it); 'taken' when another account has the address.
 */
export async function changeEmail(db: Executor, id: number, change: { expectedEmail: string; expectedHash: string; newEmail: string }): Promise<'changed' | 'stale' | 'taken'> {
  try {
    const rows = await db
      .update(users)
      .set({ email: change.newEmail })
      .where(and(eq(users.id, id), eq(users.email, change.expectedEmail), eq(users.passwordHash, change.expectedHash)))
      .returning({ id: users.id });
    return rows.length > 0 ? 'changed' : 'stale';
  } catch (error) {
    if (isUniqueViolation(error)) return 'taken';
    throw error;
  }
}

/** A new reset letter: reset links sent before it stop working. Returns the account as the new link binds it. */
export async function bumpResetCount(db: Executor, id: number): Promise<Account | null> {
  const [row] = await db
    .update(users)
    .set({ passwordResetCount: sql`${users.passwordResetCount} + 1` })
    .where(eq(users.id, id))
    .returning(accountColumns);
  return row ?? null;
}
