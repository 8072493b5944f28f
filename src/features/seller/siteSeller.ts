// The seller's details as the site shows them (the footer, the offer and policy pages): from GET /api/v1/seller/,
// which the first HTML of every page carries, so the footer needs no request of its own on a first visit.
import { useEffect } from 'react';
import type { Seller } from '../../../common/wireTypes.ts';
import { useAppDispatch, useAppSelector } from '../../app/hooks.ts';
import { selectResource } from '../resources/selectors.ts';
import { ensureResource } from '../resources/slice.ts';

/** The seller, loaded when missing (again after the authors changed it in the area); undefined until then. */
export function useSeller(): Seller | undefined {
  const dispatch = useAppDispatch();
  const { data, loaded } = useAppSelector((state) => selectResource(state, 'seller'));
  useEffect(() => {
    if (!loaded) dispatch(ensureResource('seller'));
  }, [dispatch, loaded]);
  return data;
}
