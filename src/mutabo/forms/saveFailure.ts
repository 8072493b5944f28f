// How a failed save is shown: messages under their fields, the rest in the form's red block, and a stale copy
// (409) as its own message with a way to load the current version. What was typed is kept in every case.
import type { RequestError } from '../../api/requestError.ts';
import { formErrorText } from '../../components/form/formErrors.ts';

export interface SaveFailure {
  fields: Record<string, string>;
  block?: string;
  /** The server's Russian explanation that someone saved this first. */
  stale?: string;
}

const STALE_FALLBACK = 'Пока вы редактировали, эти данные уже изменили.';

export function saveFailure(error: RequestError, fields: readonly string[]): SaveFailure {
  if (error.statusCode === 409) return { fields: {}, stale: error.byFields.detail ?? (error.message || STALE_FALLBACK) };
  const byField = Object.fromEntries(Object.entries(error.byFields).filter(([key]) => isFieldKey(key, fields)));
  return { fields: byField, block: formErrorText(error, Object.keys(byField)) };
}

/** A key of one of the form's fields, or of a row inside one (`prices.0.coursePrice`). */
function isFieldKey(key: string, fields: readonly string[]): boolean {
  return fields.includes(key) || fields.some((field) => key.startsWith(`${field}.`));
}
