// The SQL of the authors' quotations (services/mutabo/quotations.ts): pages with search, row locks, compare-and-set writes.
import { and, count, desc, eq, sql } from 'drizzle-orm';
import type { MutaboQuotation } from '../../../../common/mutabo/quotations.ts';
import { courses, quotations } from '../../db/schema.ts';
import type { Executor, Tx } from '../../db/client.ts';
import { searchCondition } from '../textSearch.ts';

export type QuotationRow = typeof quotations.$inferSelect;
type QuotationValues = Partial<Pick<typeof quotations.$inferInsert, 'source' | 'text' | 'courseId'>>;

const answerColumns = { quotation: quotations, courseTitle: courses.title };

function toMutaboQuotation({ quotation, courseTitle }: { quotation: QuotationRow; courseTitle: string | null }): MutaboQuotation {
  return {
    id: quotation.id,
    source: quotation.source,
    text: quotation.text,
    course: quotation.courseId !== null && courseTitle !== null ? { id: quotation.courseId, title: courseTitle } : null,
    version: quotation.version,
  };
}

/** Newest first; `search` looks in the source, the text and the course's title. */
export async function quotationsPage(db: Executor, search: string, offset: number, limit: number): Promise<{ count: number; results: MutaboQuotation[] }> {
  const where = searchCondition(search, [quotations.source, quotations.text, courses.title]);
  const [[total], rows] = await Promise.all([
    db.select({ n: count() }).from(quotations).leftJoin(courses, eq(courses.id, quotations.courseId)).where(where),
    db.select(answerColumns).from(quotations).leftJoin(courses, eq(courses.id, quotations.courseId)).where(where).orderBy(desc(quotations.id)).limit(limit).offset(offset),
  ]);
  return { count: total?.n ?? 0, results: rows.map(toMutaboQuotation) };
}

export async function findQuotation(db: Executor, id: number): Promise<MutaboQuotation | null> {
  const [row] = await db.select(answerColumns).from(quotations).leftJoin(courses, eq(courses.id, quotations.courseId)).where(eq(quotations.id, id));
  return row ? toMutaboQuotation(row) : null;
}

export async function lockQuotation(tx: Tx, id: number): Promise<QuotationRow | null> {
  const [row] = await tx.select().from(quotations).where(eq(quotations.id, id)).for('update');
  return row ?? null;
}

export async function insertQuotation(tx: Tx, values: Required<QuotationValues>): Promise<QuotationRow> {
  const [row] = await tx.insert(quotations).values(values).returning();
  return row!;
}

/** Compare-and-set: writes and bumps the version only while the row is still at `version`; null otherwise. */
export async function updateQuotationAtVersion(tx: Tx, id: number, version: number, values: QuotationValues): Promise<QuotationRow | null> {
  const [row] = await tx
    .update(quotations)
    .set({ ...values, version: sql`${quotations.version} + 1` })
    .where(and(eq(quotations.id, id), eq(quotations.version, version)))
    .returning();
  return row ?? null;
}

export async function deleteQuotationRow(tx: Tx, id: number): Promise<void> {
  await tx.delete(quotations).where(eq(quotations.id, id));
}
