// The authors as the site shows them in its frame and on the about page: from their records, each with its anchor.
import { createSelector } from '@reduxjs/toolkit';
import { useEffect } from 'react';
import type { Author } from '../../../common/wireTypes.ts';
import { useAppDispatch, useAppSelector } from '../../app/hooks.ts';
import { paths } from '../../app/paths.ts';
import type { RootState } from '../../app/store.ts';
import { authorAnchors } from '../../lib/authorAnchors.ts';
import { authorFullName } from '../../lib/courseFacts.ts';
import { selectResource } from '../../data/selectors.ts';
import { ensureResource } from '../../data/cache.ts';

export interface SiteAuthor {
  id: number;
  /** The id of the author's section on the about page: `/about#anna`. */
  anchor: string;
  /** First and last name. */
  name: string;
  photo: string;
  /** Plain text, a paragraph a line. */
  description: string;
  /** Where discount requests for the author's courses go; may be empty. */
  email: string;
  /** A saying of the author's, shown under the description; empty when the API sends none. */
  quote: string;
}

function toSiteAuthors(authors: readonly Author[]): SiteAuthor[] {
  const anchors = authorAnchors(authors);
  return authors.map((author, index) => ({
    id: author.id,
    anchor: anchors[index]!,
    name: authorFullName(author),
    photo: author.photo,
    description: author.description,
    email: author.email.trim(),
    quote: author.quote?.trim() ?? '',
  }));
}

const selectAuthorsResource = (state: RootState) => selectResource(state, 'authors');

const selectSiteAuthorList = createSelector([(state: RootState) => selectAuthorsResource(state).data], (authors) =>
  authors ? toSiteAuthors(authors) : undefined,
);

export const aboutAuthorPath = (author: Pick<SiteAuthor, 'anchor'>) => `${paths.about}#${author.anchor}`;

/** The authors, loaded when missing (again after a logout empties the cache, or after an author changed theirs). */
export function useSiteAuthors(): { authors: SiteAuthor[] | undefined; failed: boolean } {
  const dispatch = useAppDispatch();
  const { loaded, error } = useAppSelector(selectAuthorsResource);
  const authors = useAppSelector(selectSiteAuthorList);
  useEffect(() => {
    if (!loaded) dispatch(ensureResource('authors'));
  }, [dispatch, loaded]);
  return { authors, failed: error !== null && authors === undefined };
}
