// The public API answers the server may put into the first HTML (server/src/http/siteInitialData.ts), turned
// into resource cache entries so the first page renders without waiting for them.
import { isTokenExpired, readTokens } from '../api/tokens.ts';
import type { ResourcesState } from '../data/cache.ts';
import { INITIAL_DATA_ELEMENT_ID } from '../../common/initialDataElement.ts';

/** Resources whose answer differs for a logged-in visitor: the anonymous copy in the HTML is not theirs. */
const PERSONAL_PREFIXES = ['course:', 'courses'];

function hasSession(): boolean {
  const { access, refresh } = readTokens();
  return !isTokenExpired(access) || (access !== null && !isTokenExpired(refresh));
}

export function readInitialResources(doc: Document = document): ResourcesState {
  const element = doc.getElementById(INITIAL_DATA_ELEMENT_ID);
  if (!element?.textContent) return {};
  let data: unknown;
  try {
    data = JSON.parse(element.textContent);
  } catch {
    return {};
  }
  if (data === null || typeof data !== 'object') return {};
  const personal = hasSession();
  const resources: ResourcesState = {};
  for (const [key, value] of Object.entries(data)) {
    if (personal && PERSONAL_PREFIXES.some((prefix) => key.startsWith(prefix))) continue;
    resources[key] = { data: value, loaded: true, loading: false, invalid: false, error: null };
  }
  return resources;
}
