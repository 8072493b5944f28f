// Loads one thing the area shows, with a way to load it again; the area's data is its own, not the site's cache.
import { useCallback, useEffect, useState } from 'react';
import { asRequestError, type RequestError } from '../api/requestError.ts';

export interface Loaded<T> {
  data: T | undefined;
  error: RequestError | null;
  loading: boolean;
  reload: () => Promise<T | undefined>;
  setData: (data: T) => void;
}

/** Loads when `load` changes (pass a stable callback); null loads nothing. */
export function useLoad<T>(load: (() => Promise<T>) | null): Loaded<T> {
  const [data, setData] = useState<T | undefined>(undefined);
  const [error, setError] = useState<RequestError | null>(null);
  const [loading, setLoading] = useState(load !== null);

  useEffect(() => {
    if (!load) return;
    let current = true;
    load().then(
      (next) => {
        if (!current) return;
        setData(next);
        setError(null);
        setLoading(false);
      },
      (caught: unknown) => {
        if (!current) return;
        setError(asRequestError(caught));
        setLoading(false);
      },
    );
    return () => {
      current = false;
    };
  }, [load]);

  const reload = useCallback(async () => {
    if (!load) return undefined;
    setLoading(true);
    try {
      const next = await load();
      setData(next);
      setError(null);
      return next;
    } catch (caught) {
      setError(asRequestError(caught));
      return undefined;
    } finally {
      setLoading(false);
    }
  }, [load]);

  return { data, error, loading, reload, setData };
}
