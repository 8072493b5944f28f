// Waiting in tests for what arrives asynchronously (database change notices).

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Polls until check passes or the time is up; returns whether it passed. */
export async function eventually(check: () => Promise<boolean>, timeoutMs = 3000): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (await check()) return true;
    await sleep(25);
  }
  return check();
}
