// The address's query (`?state=paid&view=people`) as the state of the area's filters, radios and pages.
// React Router applies a new address inside a transition: until it commits, a control bound to the old address would
// spring back (a radio clicked and unchecked again, a select showing its old choice). The address asked for is shown
// at once, for as long as the router's address is still the one it was asked from.
import { useCallback, useState } from 'react';
import { useSearchParams } from 'react-router-dom';

type Options = { replace?: boolean };

export function useAddressParams(): [URLSearchParams, (next: URLSearchParams | Record<string, string>, options?: Options) => void] {
  const [params, setParams] = useSearchParams();
  const address = params.toString();
  const [asked, setAsked] = useState<{ from: string; to: string } | null>(null);
  // Once the address has moved on (to the one asked for, or back in the history), only the router's counts.
  if (asked !== null && asked.from !== address) setAsked(null);

  const set = useCallback(
    (next: URLSearchParams | Record<string, string>, options?: Options) => {
      const written = new URLSearchParams(next);
      setAsked({ from: address, to: written.toString() });
      setParams(written, options);
    },
    [address, setParams],
  );
  return [asked !== null && asked.from === address ? new URLSearchParams(asked.to) : params, set];
}
