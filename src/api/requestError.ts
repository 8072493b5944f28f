// The one shape every failed call takes (spec sections 3 and 8), and the messages of the error catalogue.
import type { ErrorBody } from '../../common/wireTypes.ts';

export interface RequestError {
  message: string;
  statusCode: number;
  /** Field name → message; nested objects are flattened to their leaf keys. */
  byFields: Record<string, string>;
}

export const NETWORK_ERROR_MESSAGE = 'Ошибка запроса к серверу.';
export const UNREADABLE_BODY_MESSAGE = 'Ошибка получения данных с сервера.';

function capitalise(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** Flattens a server error body: arrays become their capitalised items joined by a space. */
function flattenErrorBody(body: unknown): Record<string, string> {
  const byFields: Record<string, string> = {};
  const visit = (value: unknown, key: string) => {
    if (Array.isArray(value)) {
      const items = value.filter((item) => item !== null && item !== undefined);
      if (items.every((item) => typeof item !== 'object')) {
        byFields[key] = items.map((item) => capitalise(String(item))).join(' ');
      } else {
        items.forEach((item) => visit(item, key));
      }
    } else if (value !== null && typeof value === 'object') {
      for (const [childKey, child] of Object.entries(value as ErrorBody)) visit(child, childKey);
    } else if (value !== null && value !== undefined) {
      byFields[key] = String(value);
    }
  };
  if (body !== null && typeof body === 'object') visit(body, 'nonFieldErrors');
  else if (typeof body === 'string' && body) byFields.nonFieldErrors = body;
  return byFields;
}

export function makeRequestError(statusCode: number, body: unknown, fallback?: string): RequestError {
  const byFields = flattenErrorBody(body);
  const message =
    byFields.detail ?? byFields.nonFieldErrors ?? Object.values(byFields)[0] ?? fallback ?? `Ошибка ${statusCode}`;
  return { message, statusCode, byFields };
}

export function isRequestError(value: unknown): value is RequestError {
  return (
    value !== null &&
    typeof value === 'object' &&
    typeof (value as RequestError).message === 'string' &&
    typeof (value as RequestError).statusCode === 'number' &&
    typeof (value as RequestError).byFields === 'object'
  );
}

/** The error wrapper of spec section 8: it requires an API error object and otherwise throws. */
export function asRequestError(value: unknown): RequestError {
  if (!isRequestError(value)) throw value;
  return value;
}
