// The area is a lazy chunk: transforming it (draft-js included) takes longer than a query waits, so tests load it first.
export async function preloadArea(): Promise<void> {
  await import('../../src/pages/MutaboPage.tsx');
}

/** How long a test waits for the area's first page. */
export { FIRST_RENDER } from '../support/firstRender.ts';
