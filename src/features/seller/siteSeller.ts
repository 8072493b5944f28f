// The seller's details as the site shows them (the footer, the offer and policy pages): from GET /api/v1/seller/,
// which the first HTML of every page carries, so the footer needs no request of its own on a first visit.
import { useEffect } from 'react';
import type { Seller } from '../../../common/wireTypes.ts';
import { useAppDispatch, useAppSelector } from '../../app/hooks.ts';
import { resourceKey } from '../../data/resource.ts';
import { selectResource } from '../../data/selectors.ts';
import { ensureResource } from '../../data/cache.ts';

/**
 * The seller, loaded when missing, and again when the authors changed it in the area (the entry is then marked
 * invalid: the old details show until the new ones come); undefined until the first answer.
 */
export function useSeller(): Seller | undefined {
  const dispatch = useAppDispatch();
  const { data, loaded } = useAppSelector((state) => selectResource(state, 'seller'));
  const invalid = useAppSelector((state) => state.resources[resourceKey('seller')]?.invalid ?? false);
  useEffect(() => {
    if (!loaded || invalid) dispatch(ensureResource('seller'));
  }, [dispatch, loaded, invalid]);
  return data;
}
