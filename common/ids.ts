// Ids as the database holds them: PostgreSQL integers, so 1 to 2,147,483,647.

/** The largest id a PostgreSQL integer column holds; larger ids cannot exist. */
export const MAX_ID = 2_147_483_647;

/** An id written in an address (`?category=3`): digits only, no sign or leading zero, within range; else undefined. */
export function idFromText(text: string | null | undefined): number | undefined {
  if (!text || !/^[1-9]\d{0,9}$/.test(text)) return undefined;
  const id = Number(text);
  return id <= MAX_ID ? id : undefined;
}
