// Hands a file the API answered (a CSV export, the account's data) to the browser as a download, and the state of a
// button that does so.
import { useState } from 'react';
import type { DownloadedFile } from '../api/client.ts';
import { isRequestError } from '../api/requestError.ts';

export function saveFile(file: DownloadedFile, fallbackName: string): void {
  const url = URL.createObjectURL(file.blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = file.filename ?? fallbackName;
  document.body.append(link);
  link.click();
  link.remove();
  // Revoked later: the browser may still be reading the file when click() returns.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/** How a CSV export's failure reads under its button. */
export const csvFailure = (message: string) => `Не удалось скачать CSV: ${message}`;

/**
 * A button's download of `fetchFile()` saved under `fallbackName` (when the answer names no file): `busy` while it
 * comes, `error` the API's message put through `failure` when it fails (another error is thrown on).
 */
export function useDownload(fetchFile: () => Promise<DownloadedFile>, fallbackName: string, failure: (message: string) => string = (message) => message) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const download = async () => {
    setBusy(true);
    setError(null);
    try {
      saveFile(await fetchFile(), fallbackName);
    } catch (caught) {
      if (!isRequestError(caught)) throw caught;
      setError(failure(caught.message));
    } finally {
      setBusy(false);
    }
  };
  return { busy, error, download };
}
