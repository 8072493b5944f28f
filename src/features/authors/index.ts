// The authors feature's public entry: what other features may use of it.
export { type SiteAuthor, aboutAuthorPath, useSiteAuthors } from './siteAuthors.ts';
