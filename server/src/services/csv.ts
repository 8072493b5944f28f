// The cells of the CSV files the authors download (the participants table, a lesson's attendance): one quoting rule.

/** A spreadsheet reads a piece of text starting with one of these as a formula. */
const FORMULA_START = /^[=+\-@\t\r]/;

/**
 * Every cell is quoted, and every piece of it that a spreadsheet could read as a formula, also after splitting the
 * cell at a separator the file was not written with (`Ivan,=2+3,` opened with commas), starts with an apostrophe.
 */
export const csvCell = (value: string | number | null) => {
  const text = value === null ? '' : String(value);
  const safe = text
    .split(/(?<=[,;|\t\r\n])/)
    .map((piece) => (FORMULA_START.test(piece.replace(/^ +/, '')) ? piece.replace(/^( *)/, "$1'") : piece))
    .join('');
  return `"${safe.replace(/"/g, '""')}"`;
};
