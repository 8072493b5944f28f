// Authors as the API sends them: the list for the site's frame and about page, and inside course details.
import { asc } from 'drizzle-orm';
import type { Author } from '../../../common/wireTypes.ts';
import type { Executor } from '../db/client.ts';
import { authors } from '../db/schema.ts';

type AuthorRow = typeof authors.$inferSelect;

export function toAuthor(row: AuthorRow): Author {
  return {
    id: row.id,
    firstName: row.firstName,
    lastName: row.lastName,
    email: row.email,
    user: row.userId,
    genitive: row.genitive,
    description: row.description,
    photo: row.photo,
  };
}

export async function listAuthors(db: Executor): Promise<Author[]> {
  const rows = await db.select().from(authors).orderBy(asc(authors.id));
  return rows.map((row) => ({ ...toAuthor(row), quote: row.quote }));
}
