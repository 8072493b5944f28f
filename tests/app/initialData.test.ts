// The first HTML's data becomes cache entries; a logged-in visitor does not take the anonymous course data.
import { readInitialResources } from '../../src/app/initialData.ts';
import { storeSession } from '../support/tokens.ts';

function documentWith(json: string | null): Document {
  const doc = document.implementation.createHTMLDocument('t');
  if (json !== null) {
    const script = doc.createElement('script');
    script.type = 'application/json';
    script.id = 'initial-data';
    script.textContent = json;
    doc.head.append(script);
  }
  return doc;
}

describe('initial data from the HTML', () => {
  const data = JSON.stringify({ courses: [{ id: 1 }], 'course:1': { id: 1 }, authors: [{ id: 2 }], 'feedbackPage:1': { results: [] } });

  it('fills the cache for a guest', () => {
    const resources = readInitialResources(documentWith(data));
    expect(Object.keys(resources).sort()).toEqual(['authors', 'course:1', 'courses', 'feedbackPage:1']);
    expect(resources.authors).toEqual({ data: [{ id: 2 }], loaded: true, loading: false, invalid: false, error: null });
  });

  it('leaves out the course data for a logged-in visitor', () => {
    storeSession();
    expect(Object.keys(readInitialResources(documentWith(data))).sort()).toEqual(['authors', 'feedbackPage:1']);
  });

  it('ignores a missing or broken element', () => {
    expect(readInitialResources(documentWith(null))).toEqual({});
    expect(readInitialResources(documentWith('{oops'))).toEqual({});
    expect(readInitialResources(documentWith('42'))).toEqual({});
  });
});
