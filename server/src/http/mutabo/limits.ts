// Request limits of the authors' area that differ from the server's defaults.

/**
 * Bodies that carry rich text: MAX_RICH_TEXT_LENGTH characters of Cyrillic take twice as many bytes, so the
 * server's 1 MB default would refuse them before the field's own message could.
 */
export const RICH_TEXT_BODY_LIMIT = 4 * 1024 * 1024;
