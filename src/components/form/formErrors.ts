// Where a server error goes on a form: a field's message under that field, everything else in the red block.
import type { RequestError } from '../../api/requestError.ts';

/** The server's message for one field, shown under it. */
export function fieldError(error: RequestError | null | undefined, field: string): string | undefined {
  return error?.byFields[field] || undefined;
}

const blockOrder = (key: string) => (key === 'nonFieldErrors' ? 0 : key === 'detail' ? 1 : 2);

/**
 * The text of the red block: `nonFieldErrors`, `detail` and any key that has no field on this form
 * (the link's `uidb64` and `token` on the reset form). When no message is addressed to a field either
 * (a network failure, an unreadable answer), the error's own message is shown so that a failure is never silent.
 */
export function formErrorText(error: RequestError | null | undefined, fields: readonly string[]): string | undefined {
  if (!error) return undefined;
  const keys = Object.keys(error.byFields);
  const blockKeys = keys.filter((key) => !fields.includes(key)).sort((a, b) => blockOrder(a) - blockOrder(b));
  const blockMessages = blockKeys.map((key) => error.byFields[key]);
  const unique = [...new Set(blockMessages.filter(Boolean))];
  if (unique.length > 0) return unique.join(' ');
  if (keys.some((key) => fields.includes(key))) return undefined;
  return error.message || 'Не удалось выполнить запрос. Попробуйте ещё раз.';
}
