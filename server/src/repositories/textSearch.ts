// Case-insensitive «contains» search for the authors' lists: the words typed are matched literally.
import { ilike, or, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';

/** `%text%` with LIKE's own characters (% _ \) escaped, so that «50%» finds «50%» and not everything. */
export function containsPattern(search: string): string {
  return `%${search.replace(/[\\%_]/g, (character) => `\\${character}`)}%`;
}

/** Rows where any of the columns contains the search; undefined (no condition) for an empty search. */
export function searchCondition(search: string, columns: PgColumn[]): SQL | undefined {
  const trimmed = search.trim();
  if (trimmed === '') return undefined;
  const pattern = containsPattern(trimmed);
  return or(...columns.map((column) => ilike(column, pattern)));
}
