// The statistics' CSV files (issue 37), as the area's other tables: UTF-8 with BOM, `;` between cells, CRLF, every cell
// quoted (services/csv.ts). Amounts are written with a decimal comma, as Russian spreadsheets read numbers.
import type { Currency } from '../../../../common/wireTypes.ts';
import { csvCell } from '../csv.ts';

export function csvFile(header: readonly string[], rows: readonly (readonly (string | number | null)[])[]): string {
  const lines = [header, ...rows].map((cells) => cells.map(csvCell).join(';'));
  return `\uFEFF${lines.join('\r\n')}\r\n`;
}

/** `"1234.50"` as `1234,50`. */
export const csvMoney = (amount: string) => amount.replace('.', ',');

const CURRENCY_CODES: Record<Currency, string> = { CURRENCY_CHOICE_RUB: 'RUB', CURRENCY_CHOICE_EURO: 'EUR', CURRENCY_CHOICE_USD: 'USD' };
export const csvCurrency = (currency: Currency) => CURRENCY_CODES[currency];
