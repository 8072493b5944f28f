// The SQL of the pages the authors edit as a whole (services/mutabo/pages.ts): each author's own author page and the
// timetable page's text; row locks and compare-and-set writes.
import { and, eq, sql } from 'drizzle-orm';
import { authors, pagesContent } from '../../db/schema.ts';
import type { Executor, Tx } from '../../db/client.ts';
import type { PageRow } from '../content/pagesRepository.ts';

export type AuthorRow = typeof authors.$inferSelect;
export type AuthorValues = Partial<Pick<typeof authors.$inferInsert, 'firstName' | 'lastName' | 'genitive' | 'gender' | 'email' | 'description' | 'photo'>>;
type PageValues = Partial<Pick<typeof pagesContent.$inferInsert, 'name' | 'text'>>;

export async function findAuthor(db: Executor, id: number): Promise<AuthorRow | null> {
  const [row] = await db.select().from(authors).where(eq(authors.id, id));
  return row ?? null;
}

export async function lockAuthor(tx: Tx, id: number): Promise<AuthorRow | null> {
  const [row] = await tx.select().from(authors).where(eq(authors.id, id)).for('update');
  return row ?? null;
}

/** Compare-and-set: writes and bumps the version only while the row is still at `version`; null otherwise. */
export async function updateAuthorAtVersion(tx: Tx, id: number, version: number, values: AuthorValues): Promise<AuthorRow | null> {
  const [row] = await tx
    .update(authors)
    .set({ ...values, version: sql`${authors.version} + 1` })
    .where(and(eq(authors.id, id), eq(authors.version, version)))
    .returning();
  return row ?? null;
}

export async function lockPage(tx: Tx, slug: string): Promise<PageRow | null> {
  const [row] = await tx.select().from(pagesContent).where(eq(pagesContent.slug, slug)).for('update');
  return row ?? null;
}

/** The first save of a page; null when another write created it meanwhile (the caller's copy is then stale). */
export async function insertPage(tx: Tx, values: { slug: string; name: string; text: string }): Promise<PageRow | null> {
  const [row] = await tx.insert(pagesContent).values(values).onConflictDoNothing({ target: pagesContent.slug }).returning();
  return row ?? null;
}

export async function updatePageAtVersion(tx: Tx, slug: string, version: number, values: PageValues): Promise<PageRow | null> {
  const [row] = await tx
    .update(pagesContent)
    .set({ ...values, updatedAt: new Date(), version: sql`${pagesContent.version} + 1` })
    .where(and(eq(pagesContent.slug, slug), eq(pagesContent.version, version)))
    .returning();
  return row ?? null;
}
