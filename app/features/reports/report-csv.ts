import Papa from 'papaparse';

/**
 * A cell a spreadsheet would run as a formula starts with one of these; an amount such as "-120.00"
 * is a number, not a formula, and is left as it is.
 */
const FORMULA = /^(?!-\d+(\.\d+)?$)[=+\-@\t\r]/;

/** Cents as a plain decimal amount ("1234.50", "-120.00"), exact: no floating point on the way. */
export function amount(cents: number): string {
  const abs = Math.abs(cents);
  return `${cents < 0 ? '-' : ''}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

export type CsvCell = string | number | null;

/** A table as CSV (RFC 4180): a header row, then one row each, every row ending in a line break. */
export function tableCsv(head: readonly string[], rows: readonly (readonly CsvCell[])[]): string {
  const csv = Papa.unparse(
    { fields: [...head], data: rows.map((r) => r.map((c) => (c === null ? '' : c))) },
    { newline: '\r\n', escapeFormulae: FORMULA },
  );
  return csv.endsWith('\r\n') ? csv : `${csv}\r\n`;
}

/** Hands a CSV to the browser as a file download. */
export function downloadCsv(fileName: string, csv: string): void {
  const url = URL.createObjectURL(new Blob([csv], { type: 'text/csv;charset=utf-8' }));
  const a = document.createElement('a');
  a.href = url;
  a.download = fileName;
  a.click();
  setTimeout(() => URL.revokeObjectURL(url), 0);
}
