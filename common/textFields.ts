// Text of request bodies and query strings: every string field is built here (the server's request schemas, and the
// authors' area schemas in common/mutabo/ that its forms share), so that none lets control characters through. PostgreSQL refuses U+0000 in text (a 500 if it got that far), and the other control characters have no
// business in a name, an address or a token; a multi-line field keeps its line breaks and tabs.
import { z } from 'zod';
import { CONTROL_CHARACTERS_MESSAGE, hasControlCharacters } from './controlCharacters.ts';

export { hasControlCharacters };

export const textMessages = {
  required: 'Обязательное поле.',
  notText: 'Значение должно быть строкой.',
  controlCharacters: CONTROL_CHARACTERS_MESSAGE,
} as const;

interface TextFieldOptions {
  /** Allows line breaks and tabs (a textarea). */
  multiline?: boolean;
  /** The message when the field is missing or null. */
  required?: string;
  /** The message when the value is not a string. */
  notText?: string;
}

/** A string without control characters (line breaks and tabs allowed in a multi-line field), with Russian messages. */
export function textField({ multiline = false, required = textMessages.required, notText = textMessages.notText }: TextFieldOptions = {}) {
  return z
    .string({ error: (issue) => (issue.input === undefined || issue.input === null ? required : notText) })
    .refine((value) => !hasControlCharacters(value, multiline), { error: textMessages.controlCharacters, abort: true });
}
