// The address's query (`?state=paid&view=people`) as the state of the area's filters, radios and pages.
// React Router applies a new address inside a transition: until it commits, a control bound to the old address would
// spring back (a radio clicked and unchecked again, a select showing its old choice). The query asked for is shown at
// once, for as long as the router is still at the navigation it was asked from: any navigation that commits (this
// one, another that overtook it, «back») ends it.
import { useCallback, useState } from 'react';
import { useLocation, useSearchParams } from 'react-router-dom';

type Options = { replace?: boolean };

export type AddressParams = [URLSearchParams, (next: URLSearchParams | Record<string, string>, options?: Options) => void];

export function useAddressParams(): AddressParams {
  const [params, setParams] = useSearchParams();
  const { key } = useLocation();
  const [asked, setAsked] = useState<{ from: string; to: string } | null>(null);
  if (asked !== null && asked.from !== key) setAsked(null);

  const set = useCallback(
    (next: URLSearchParams | Record<string, string>, options?: Options) => {
      const written = new URLSearchParams(next);
      setAsked({ from: key, to: written.toString() });
      setParams(written, options);
    },
    [key, setParams],
  );
  return [asked !== null && asked.from === key ? new URLSearchParams(asked.to) : params, set];
}
