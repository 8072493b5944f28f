// The one rule for control characters in text a user sends: none in a one-line field (PostgreSQL refuses U+0000 in
// text, and the rest of C0, DEL and C1 have no business in a name or an address); a multi-line field keeps tabs and
// line breaks. The server's text fields (server/src/http/textFields.ts) and the authors' schemas (common/mutabo/)
// both check with it.

/** Every control character (C0, DEL, C1). */
const CONTROL = /\p{Cc}/u;
/** Control characters other than tab, line feed and carriage return. */
const CONTROL_EXCEPT_LINES = /(?![\t\n\r])\p{Cc}/u;

export const CONTROL_CHARACTERS_MESSAGE = 'Уберите из поля непечатаемые (управляющие) символы.';

/** Whether the text holds a control character that a field of this kind refuses. */
export function hasControlCharacters(value: string, multiline = false): boolean {
  return (multiline ? CONTROL_EXCEPT_LINES : CONTROL).test(value);
}
