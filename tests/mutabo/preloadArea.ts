// The area is a lazy chunk: transforming it (draft-js included) takes longer than a query waits, so tests load it first.
export async function preloadArea(): Promise<void> {
  await import('../../src/pages/MutaboPage.tsx');
}
