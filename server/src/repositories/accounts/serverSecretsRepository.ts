// The SQL of the server's secrets (table server_secrets, services/accounts/signingSecret.ts).
import { eq } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { serverSecrets } from '../../db/schema.ts';

/** Stores the secret unless one of that name exists (race-free: the first process wins), then reads the one kept. */
export async function keepFirstSecret(db: Executor, name: string, candidate: string): Promise<string | null> {
  await db.insert(serverSecrets).values({ name, value: candidate }).onConflictDoNothing();
  const [row] = await db.select({ value: serverSecrets.value }).from(serverSecrets).where(eq(serverSecrets.name, name));
  return row?.value ?? null;
}
