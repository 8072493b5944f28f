// Who is an author: the user's flag and the author record linked to the user, read and changed inside one transaction.
import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { authors, users } from '../../db/schema.ts';

interface RoleUser {
  id: number;
  email: string;
  firstName: string;
  lastName: string;
  isActive: boolean;
  isAuthor: boolean;
}

export interface AuthorRecord {
  id: number;
  firstName: string;
  lastName: string;
  genitive: string;
  gender: string;
}

const authorColumns = { id: authors.id, firstName: authors.firstName, lastName: authors.lastName, genitive: authors.genitive, gender: authors.gender };

export const authorRolesRepository = {
  /** The user by e-mail, ignoring case, locked until the transaction ends so two commands do not interleave. */
  async lockUserByEmail(tx: Tx, email: string): Promise<RoleUser | null> {
    const [row] = await tx
      .select({ id: users.id, email: users.email, firstName: users.firstName, lastName: users.lastName, isActive: users.isActive, isAuthor: users.isAuthor })
      .from(users)
      .where(sql`lower(${users.email}) = ${email.toLowerCase()}`)
      .for('update');
    return row ?? null;
  },

  async findLinked(tx: Tx, userId: number): Promise<AuthorRecord | null> {
    const [row] = await tx.select(authorColumns).from(authors).where(eq(authors.userId, userId));
    return row ?? null;
  },

  /** The record a user left when their author role was taken back: no user, the same e-mail. */
  async findUnlinkedByEmail(tx: Tx, email: string): Promise<AuthorRecord | null> {
    const [row] = await tx
      .select(authorColumns)
      .from(authors)
      .where(and(isNull(authors.userId), sql`lower(${authors.email}) = ${email.toLowerCase()}`))
      .orderBy(asc(authors.id))
      .limit(1)
      .for('update');
    return row ?? null;
  },

  async insert(tx: Tx, author: { userId: number; firstName: string; lastName: string; genitive: string; gender: string; email: string }): Promise<AuthorRecord> {
    const [row] = await tx.insert(authors).values(author).returning(authorColumns);
    return row!;
  },

  async link(tx: Tx, authorId: number, userId: number | null): Promise<void> {
    await tx.update(authors).set({ userId }).where(eq(authors.id, authorId));
  },

  async setGenitive(tx: Tx, authorId: number, genitive: string): Promise<void> {
    await tx.update(authors).set({ genitive }).where(eq(authors.id, authorId));
  },

  async setGender(tx: Tx, authorId: number, gender: string): Promise<void> {
    await tx.update(authors).set({ gender }).where(eq(authors.id, authorId));
  },

  async setFlag(tx: Tx, userId: number, isAuthor: boolean): Promise<void> {
    await tx.update(users).set({ isAuthor }).where(eq(users.id, userId));
  },
};
