// Text or an attribute's value put into HTML that the server writes (pages, letters): the one escaper.

/** `& < > " '` as character references, so the value can stand in text and in a quoted attribute alike. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
}
