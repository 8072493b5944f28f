// Editable page texts (the timetable, the offer, the policy): read here, written by the authors' area
// (repositories/mutabo/pagesRepository.ts).
import { eq } from 'drizzle-orm';
import type { Timetable } from '../../../../common/wireTypes.ts';
import type { Executor } from '../../db/client.ts';
import { pagesContent } from '../../db/schema.ts';

export async function findPageContent(db: Executor, slug: string): Promise<Timetable | null> {
  const [row] = await db.select({ name: pagesContent.name, text: pagesContent.text }).from(pagesContent).where(eq(pagesContent.slug, slug));
  return row ?? null;
}

export type PageRow = typeof pagesContent.$inferSelect;

export async function findPage(db: Executor, slug: string): Promise<PageRow | null> {
  const [row] = await db.select().from(pagesContent).where(eq(pagesContent.slug, slug));
  return row ?? null;
}
