// Editable page texts (the timetable).
import { eq } from 'drizzle-orm';
import type { Timetable } from '../../../../common/wireTypes.ts';
import type { Executor } from '../../db/client.ts';
import { pagesContent } from '../../db/schema.ts';

export async function findPageContent(db: Executor, slug: string): Promise<Timetable | null> {
  const [row] = await db.select({ name: pagesContent.name, text: pagesContent.text }).from(pagesContent).where(eq(pagesContent.slug, slug));
  return row ?? null;
}
