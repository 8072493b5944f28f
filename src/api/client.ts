// The HTTP client: headers, JSON, the error catalogue of spec section 8, token renewal and 401 handling.
import { NETWORK_ERROR_MESSAGE, UNREADABLE_BODY_MESSAGE, makeRequestError, type RequestError } from './requestError.ts';
import { clearTokens, isTokenExpired, readTokens, saveTokens } from './tokens.ts';

export const API_URL: string = (import.meta.env.VITE_API_URL ?? '').replace(/\/$/, '');
export const LIBRARY_API_URL: string = (import.meta.env.VITE_LIBRARY_API_URL ?? API_URL).replace(/\/$/, '');

export const LOGIN_PATH = '/api/v1/token/';
const REFRESH_PATH = '/api/v1/token/refresh/';

type Method = 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';

interface RequestOptions {
  method?: Method;
  /** Sent as JSON; a FormData (a file upload) is sent as multipart as it is. */
  body?: unknown;
  query?: Record<string, string | number | undefined>;
  /** Origin of the API; the library calls may live elsewhere. */
  origin?: string;
  /**
   * Told how much of the body has gone out (0 to 1) while it is sent: the call then goes through XMLHttpRequest,
   * whose upload events fetch has no counterpart for in browsers (a streamed request body needs HTTP/2 and half duplex).
   */
  onUploadProgress?: (fraction: number) => void;
}

interface ClientHooks {
  /**
   * Called once for each answer that ends the session: a 401 other than on login, or a renewal refused. The client
   * has cleared the token store by then; the app only shows the sign-in page.
   */
  onUnauthorized: () => void;
}

const hooks: ClientHooks = { onUnauthorized: () => {} };

export function configureClient(next: Partial<ClientHooks>): void {
  Object.assign(hooks, next);
}

/** The one place a 401 is handled: the tokens go from the store (the session follows it) and the app is told. */
function endSession(): void {
  clearTokens();
  hooks.onUnauthorized();
}

function unauthorizedError(): RequestError {
  return { message: '', statusCode: 401, byFields: {} };
}

function buildUrl(path: string, origin: string, query?: RequestOptions['query']): string {
  let url = origin + path;
  if (query) {
    const params = new URLSearchParams();
    for (const [key, value] of Object.entries(query)) if (value !== undefined && value !== '') params.set(key, String(value));
    const search = params.toString();
    if (search) url += `?${search}`;
  }
  return url;
}

/** A file the API answers (a CSV export): its content and the name its Content-Disposition gives. */
export interface DownloadedFile {
  blob: Blob;
  filename: string | null;
}

function attachmentName(disposition: string | null): string | null {
  const match = /filename\*?=(?:UTF-8'')?"?([^";]+)"?/i.exec(disposition ?? '');
  if (!match) return null;
  try {
    return decodeURIComponent(match[1]!);
  } catch {
    return match[1]!;
  }
}

/** The response headers of an XMLHttpRequest as a Headers object. */
function xhrHeaders(raw: string): Headers {
  const headers = new Headers();
  for (const line of raw.trim().split(/[\r\n]+/)) {
    const at = line.indexOf(':');
    if (at > 0) headers.append(line.slice(0, at).trim(), line.slice(at + 1).trim());
  }
  return headers;
}

/** fetch's part that `send` uses, through XMLHttpRequest, reporting the upload's progress; a network failure rejects. */
function fetchWithUploadProgress(url: string, init: RequestInit, onProgress: (fraction: number) => void): Promise<Response> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open(init.method ?? 'GET', url);
    for (const [name, value] of Object.entries((init.headers ?? {}) as Record<string, string>)) xhr.setRequestHeader(name, value);
    xhr.upload.addEventListener('progress', (event) => {
      if (event.lengthComputable && event.total > 0) onProgress(Math.min(1, event.loaded / event.total));
    });
    xhr.upload.addEventListener('load', () => onProgress(1));
    xhr.addEventListener('load', () => {
      const bodyless = xhr.status === 204 || xhr.status === 205 || xhr.status === 304;
      resolve(new Response(bodyless ? null : xhr.responseText, { status: xhr.status, headers: xhrHeaders(xhr.getAllResponseHeaders()) }));
    });
    for (const failure of ['error', 'abort', 'timeout'] as const) xhr.addEventListener(failure, () => reject(new TypeError('Network request failed')));
    xhr.send(init.body as XMLHttpRequestBodyInit | null);
  });
}

/**
 * Lets go of a body the client does not need. Not awaited: the cancel takes effect at once, and its promise may
 * settle only when the other end of the stream notices.
 */
function discardBody(response: Response): void {
  if (response.body && !response.bodyUsed) response.body.cancel().catch(() => undefined);
}

async function send<T>(path: string, options: RequestOptions, accessToken: string | null, asFile = false): Promise<T> {
  const headers: Record<string, string> = { Accept: asFile ? '*/*' : 'application/json', 'Accept-Language': 'ru' };
  const multipart = options.body instanceof FormData;
  // A multipart body sets its own Content-Type (with the boundary).
  if (options.body !== undefined && !multipart) headers['Content-Type'] = 'application/json';
  if (accessToken) headers.Authorization = `Bearer ${accessToken}`;

  let response: Response;
  try {
    const url = buildUrl(path, options.origin ?? API_URL, options.query);
    const init: RequestInit = {
      method: options.method ?? 'GET',
      headers,
      body: options.body === undefined ? undefined : multipart ? (options.body as FormData) : JSON.stringify(options.body),
    };
    response = options.onUploadProgress ? await fetchWithUploadProgress(url, init, options.onUploadProgress) : await fetch(url, init);
  } catch {
    throw { message: NETWORK_ERROR_MESSAGE, statusCode: 0, byFields: {} } satisfies RequestError;
  }

  // A 401 on login is the form's error; one on renewal is the renewal's failure, which ends the session below.
  if (response.status === 401 && path !== LOGIN_PATH) {
    // An answer whose body is never read keeps its request open in Chromium: the page never reaches network idle.
    discardBody(response);
    if (path !== REFRESH_PATH) endSession();
    throw unauthorizedError();
  }
  if (response.status === 204) {
    discardBody(response);
    return {} as T;
  }
  if (asFile && response.ok) {
    try {
      return { blob: await response.blob(), filename: attachmentName(response.headers.get('content-disposition')) } as T;
    } catch {
      throw { message: NETWORK_ERROR_MESSAGE, statusCode: 0, byFields: {} } satisfies RequestError;
    }
  }

  let body: unknown;
  try {
    const text = await response.text();
    body = text ? JSON.parse(text) : {};
  } catch {
    throw { message: UNREADABLE_BODY_MESSAGE, statusCode: response.status, byFields: {} } satisfies RequestError;
  }
  if (!response.ok) throw makeRequestError(response.status, body);
  return body as T;
}

let renewal: Promise<string | null> | null = null;

/**
 * Renews an expired access token once with the refresh token; concurrent calls share one renewal, and a refused one
 * ends the session once for all of them.
 */
function renewAccessToken(refresh: string): Promise<string | null> {
  renewal ??= send<{ access: string }>(REFRESH_PATH, { method: 'POST', body: { refresh } }, null)
    .then(({ access }) => {
      saveTokens({ access });
      return access;
    })
    .catch(() => {
      endSession();
      return null;
    })
    .finally(() => {
      renewal = null;
    });
  return renewal;
}

async function currentAccessToken(path: string): Promise<string | null> {
  const { access, refresh } = readTokens();
  if (path === LOGIN_PATH || path === REFRESH_PATH) return null;
  if (access && !isTokenExpired(access)) return access;
  if (refresh && !isTokenExpired(refresh)) {
    const renewed = await renewAccessToken(refresh);
    if (renewed) return renewed;
    throw unauthorizedError();
  }
  // The session has ended on its own: call anonymously; a call that needs a user will answer 401.
  if (access) clearTokens();
  return null;
}

export async function request<T>(path: string, options: RequestOptions = {}): Promise<T> {
  return send<T>(path, options, await currentAccessToken(path));
}

/** A GET whose answer is a file (sent with the same token as every call; errors come in the usual shape). */
export async function requestFile(path: string, options: Omit<RequestOptions, 'method' | 'body'> = {}): Promise<DownloadedFile> {
  return send<DownloadedFile>(path, options, await currentAccessToken(path), true);
}
