// Authors as the API sends them: the list for the site's frame and about page, and inside course details.
import { and, asc, ne } from 'drizzle-orm';
import type { Author } from '../../../../common/wireTypes.ts';
import type { Executor } from '../../db/client.ts';
import { authors } from '../../db/schema.ts';

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

/**
 * The authors the site lists (`/about`, the header, the footer): those with their page's text and photo. An author the
 * operator has just made has neither, and is listed once they have both (services/mutabo/newAuthor.ts asks for them).
 */
export async function listAuthors(db: Executor): Promise<Author[]> {
  const rows = await db
    .select()
    .from(authors)
    .where(and(ne(authors.description, ''), ne(authors.photo, '')))
    .orderBy(asc(authors.id));
  return rows.map((row) => ({ ...toAuthor(row), quote: row.quote }));
}

/** Every author, named, in the order the site lists them: the course form's choice of authors. */
export async function listAuthorNames(db: Executor): Promise<{ id: number; firstName: string; lastName: string }[]> {
  return db.select({ id: authors.id, firstName: authors.firstName, lastName: authors.lastName }).from(authors).orderBy(asc(authors.id));
}
