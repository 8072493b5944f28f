// The pages of reviews on screen: page 1 first, then each page that «Ещё отзывы» asked for.
import { useEffect, useState } from 'react';
import { useAppDispatch, useAppSelector } from '../../app/hooks.ts';
import { resourceKey } from '../../data/resource.ts';
import { selectResource } from '../../data/selectors.ts';
import { ensureResource, resourceRemoved } from '../../data/cache.ts';

export function useFeedbackPages() {
  const dispatch = useAppDispatch();
  const [pages, setPages] = useState<number[]>([1]);
  /** The page whose first review takes the focus once it arrives (the one «Ещё отзывы» asked for). */
  const [focusPage, setFocusPage] = useState<number | null>(null);

  useEffect(() => {
    for (const page of pages) dispatch(ensureResource('feedbackPage', page));
  }, [dispatch, pages]);

  const lastPage = pages[pages.length - 1] ?? 1;
  const first = useAppSelector((state) => selectResource(state, 'feedbackPage', 1));
  const last = useAppSelector((state) => selectResource(state, 'feedbackPage', lastPage));
  const nextPage = last.data?.nextPage ?? null;

  // A page just asked for is not `loading` until the effect dispatched, but it is on its way all the same.
  const loadingMore = pages.length > 1 && !last.loaded && last.error === null;
  const failedMore = pages.length > 1 && last.error !== null;

  function loadMore() {
    if (loadingMore) return;
    if (last.error) {
      // The cache keeps a failed page as failed; dropping it lets the same page be asked for again.
      dispatch(resourceRemoved(resourceKey('feedbackPage', lastPage)));
      dispatch(ensureResource('feedbackPage', lastPage));
      return;
    }
    if (nextPage === null || pages.includes(nextPage)) return;
    setPages([...pages, nextPage]);
    setFocusPage(nextPage);
  }

  return {
    pages,
    first,
    focusPage,
    loadMore,
    loadingMore,
    failedMore,
    /** «Ещё отзывы» stays while a next page exists, is on its way, or failed and may be asked for again. */
    hasMore: first.loaded && (nextPage !== null || loadingMore || failedMore),
  };
}
