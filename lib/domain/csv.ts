/**
 * Comma-separated values as spreadsheets read and write them (RFC 4180): fields separated by a
 * comma (or, when a file's header uses one instead, a semicolon or a tab, as some spreadsheets
 * save), records by CRLF or LF, a field in double quotes when it holds the separator, a quote
 * (written twice) or a line break. Plus the guard against formula injection: a cell that a
 * spreadsheet would run as a formula (starting with = + - @, a tab or a carriage return) is
 * written with an apostrophe in front, which reading takes off again.
 *
 * Records are numbered as a spreadsheet numbers its rows: the header is row 1, and a field with
 * line breaks inside quotes stays one row.
 */

/** A field a spreadsheet would treat as a formula, after any apostrophes the guard added. */
const FORMULA_START = /^'*[=+\-@\t\r]/;

/** A malformed file: the row where reading stopped, and why. */
export class CsvError extends Error {
  constructor(
    readonly row: number,
    message: string,
  ) {
    super(`Row ${row}: ${message}`);
    this.name = 'CsvError';
  }
}

/** One record of a file: its row number (the header is 1) and its fields. */
export type CsvRecord = { row: number; fields: string[] };

/**
 * The separator a file uses: the one of comma, semicolon and tab its first line has most of
 * (outside quotes), a comma when it has none.
 * @example detectSeparator('slug;name;price\n') // ';'
 */
export function detectSeparator(text: string): ',' | ';' | '\t' {
  let counts = { ',': 0, ';': 0, '\t': 0 };
  let quoted = false;
  for (const char of text) {
    if (char === '"') quoted = !quoted;
    else if (!quoted && (char === '\n' || char === '\r')) break;
    else if (!quoted && char in counts) counts = { ...counts, [char]: counts[char as keyof typeof counts] + 1 };
  }
  if (counts[';'] > counts[','] && counts[';'] >= counts['\t']) return ';';
  if (counts['\t'] > counts[',']) return '\t';
  return ',';
}

/**
 * Reads a whole file into records. A byte-order mark is skipped; lines with nothing on them are
 * left out; a quote inside an unquoted field is kept as it is. Throws `CsvError` for a quoted
 * field that never ends, or text after a closing quote.
 * @example parseCsv('slug,name\r\nred-velvet,"Red Velvet, 24 roses"\r\n')
 * // [{ row: 1, fields: ['slug', 'name'] }, { row: 2, fields: ['red-velvet', 'Red Velvet, 24 roses'] }]
 */
export function parseCsv(input: string, separator: string = detectSeparator(input.replace(/^\uFEFF/, ''))): CsvRecord[] {
  const text = input.replace(/^\uFEFF/, '');
  const records: CsvRecord[] = [];
  let fields: string[] = [];
  let field = '';
  let row = 1;
  // Whether the record has begun (anything read since the last line break), and the field.
  let inRecord = false;
  let inField = false;
  const endField = () => {
    fields.push(field);
    field = '';
    inField = false;
  };
  const endRecord = () => {
    endField();
    if (fields.length > 1 || fields[0] !== '') records.push({ row, fields });
    row += 1;
    fields = [];
    inRecord = false;
  };
  let i = 0;
  while (i < text.length) {
    const char = text[i]!;
    if (char === '"' && !inField) {
      // A quoted field: up to the quote that is not doubled, then the separator or the line's end.
      inRecord = inField = true;
      i += 1;
      for (;;) {
        if (i >= text.length) throw new CsvError(row, 'a quoted field has no closing quote');
        if (text[i] === '"' && text[i + 1] === '"') {
          field += '"';
          i += 2;
        } else if (text[i] === '"') {
          i += 1;
          break;
        } else {
          field += text[i]!;
          i += 1;
        }
      }
      const next = text[i];
      if (next !== undefined && next !== separator && next !== '\r' && next !== '\n') {
        throw new CsvError(row, `text after a closing quote: ${JSON.stringify(text.slice(i, i + 20))}`);
      }
    } else if (char === separator) {
      inRecord = true;
      endField();
      i += 1;
    } else if (char === '\r' || char === '\n') {
      endRecord();
      i += char === '\r' && text[i + 1] === '\n' ? 2 : 1;
    } else {
      inRecord = inField = true;
      field += char;
      i += 1;
    }
  }
  if (inRecord) endRecord();
  return records;
}

/**
 * One field as written: in quotes when it holds a comma, a quote, a line break, or spaces at
 * either end (which some spreadsheets would drop).
 * @example csvField('Red Velvet, 24 roses') // '"Red Velvet, 24 roses"'
 * @example csvField('45000') // '45000'
 */
export function csvField(value: string): string {
  return /[",\r\n;\t]|^\s|\s$/.test(value) ? `"${value.replace(/"/g, '""')}"` : value;
}

/**
 * A whole file: one record a line, CRLF between them and after the last.
 * @example toCsv([['slug', 'price'], ['red-velvet', '45000']]) // 'slug,price\r\nred-velvet,45000\r\n'
 */
export function toCsv(rows: readonly (readonly string[])[]): string {
  return rows.map((fields) => fields.map(csvField).join(',')).join('\r\n') + (rows.length > 0 ? '\r\n' : '');
}

/**
 * A cell as exported: with an apostrophe in front when a spreadsheet would read it as a formula.
 * A cell that already starts with apostrophes before such a character gets one more, so that
 * reading it back gives exactly the text.
 * @example guardCell('=HYPERLINK("http://x")') // "'=HYPERLINK(\"http://x\")"
 * @example guardCell('Red Velvet') // 'Red Velvet'
 */
export function guardCell(value: string): string {
  return FORMULA_START.test(value) ? `'${value}` : value;
}

/**
 * A cell as imported: the guard's apostrophe taken off again (one, before a formula character).
 * @example unguardCell("'=1+2") // '=1+2'
 * @example unguardCell("'tis the season") // "'tis the season"
 */
export function unguardCell(value: string): string {
  return value.startsWith("'") && FORMULA_START.test(value) ? value.slice(1) : value;
}
