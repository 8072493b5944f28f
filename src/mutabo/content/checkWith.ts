// A form's body checked with the server's own schema before it is sent, so most mistakes show under their fields
// at once; the server checks again (and knows more: unknown ids, names taken).
import type { z } from 'zod';
import { issueMessages } from '../courses/courseForm.ts';

export function checkWith<B>(schema: z.ZodType, body: B): { body: B } | { errors: Record<string, string> } {
  const checked = schema.safeParse(body);
  return checked.success ? { body } : { errors: issueMessages(checked.error.issues) };
}
