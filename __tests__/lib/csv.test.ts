/** @jest-environment node */
/**
 * lib/domain/csv.ts: reading and writing CSV as spreadsheets do (RFC 4180), the separator a file
 * uses, and the guard against formula injection. Table-style cases plus the invariant that every
 * table written and read back is the same table.
 */
import { CsvError, csvField, detectSeparator, guardCell, parseCsv, toCsv, unguardCell } from '@/lib/domain/csv';

const fieldsOf = (text: string) => parseCsv(text).map((r) => r.fields);

describe('parseCsv', () => {
  it.each<[string, string, string[][]]>([
    ['plain, LF', 'a,b,c\n1,2,3\n', [['a', 'b', 'c'], ['1', '2', '3']]],
    ['CRLF, no final line break', 'a,b\r\n1,2', [['a', 'b'], ['1', '2']]],
    ['old Mac CR', 'a,b\r1,2\r', [['a', 'b'], ['1', '2']]],
    ['quoted separator', 'name,price\n"Red Velvet, 24 roses",45000\n', [['name', 'price'], ['Red Velvet, 24 roses', '45000']]],
    ['doubled quotes', '"She said ""yes""",x\n', [['She said "yes"', 'x']]],
    ['line breaks inside quotes', '"line one\r\nline two\nthree",x\n', [['line one\r\nline two\nthree', 'x']]],
    ['empty fields', ',,\n"",x,""\n', [['', '', ''], ['', 'x', '']]],
    ['trailing separator at the end', 'a,b,', [['a', 'b', '']]],
    ['blank lines left out', 'a\n\n\r\nb\n', [['a'], ['b']]],
    ['byte-order mark', '\uFEFFslug,name\n', [['slug', 'name']]],
    ['a quote inside an unquoted field', 'a"b,c\n', [['a"b', 'c']]],
    ['unicode', 'Rosé – 12 stems,₦45\n', [['Rosé – 12 stems', '₦45']]],
    ['semicolons', 'slug;price\nred;"1;2"\n', [['slug', 'price'], ['red', '1;2']]],
    ['tabs', 'slug\tprice\nred\t45000\n', [['slug', 'price'], ['red', '45000']]],
  ])('%s', (_, text, expected) => {
    expect(fieldsOf(text)).toEqual(expected);
  });

  it('numbers records as a spreadsheet numbers rows: header 1, quoted line breaks stay one row, blank lines count', () => {
    const records = parseCsv('h1,h2\n"a\nb",c\n\nd,e\n');
    expect(records.map((r) => r.row)).toEqual([1, 2, 4]);
  });

  it.each([
    ['a quoted field that never ends', 'a,b\n1,"open\n', 2, 'a quoted field has no closing quote'],
    ['text after a closing quote', 'a,b\n"x"y,2\n', 2, 'text after a closing quote: "y,2\\n"'],
  ])('refuses %s, naming the row', (_, text, row, message) => {
    let error: unknown;
    try {
      parseCsv(text);
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(CsvError);
    expect(error).toMatchObject({ row, message: `Row ${row}: ${message}` });
  });
});

describe('detectSeparator', () => {
  it.each([
    ['slug,name,price\n', ','],
    ['slug;name;price\n', ';'],
    ['slug\tname\tprice\n', '\t'],
    ['slug\n', ','],
    ['"a;b",c,d\n', ','],
    ['a,b\nc;d;e;f\n', ','],
  ])('%j → %j', (text, separator) => {
    expect(detectSeparator(text)).toBe(separator);
  });
});

describe('writing', () => {
  it.each([
    ['45000', '45000'],
    ['Red Velvet, 24 roses', '"Red Velvet, 24 roses"'],
    ['She said "yes"', '"She said ""yes"""'],
    ['two\nlines', '"two\nlines"'],
    [' padded', '" padded"'],
    ['a;b', '"a;b"'],
    ['', ''],
  ])('csvField(%j) → %j', (value, written) => {
    expect(csvField(value)).toBe(written);
  });

  it('writes CRLF after every record', () => {
    expect(toCsv([['slug', 'price'], ['red-velvet', '45000']])).toBe('slug,price\r\nred-velvet,45000\r\n');
    expect(toCsv([])).toBe('');
  });

  it('reads back exactly what it wrote, whatever the fields hold', () => {
    const awkward = ['', ' ', ',', '"', '""', 'a,b', 'a"b', 'x\r\ny', 'x\ny', '\n', 'Rosé – ₦45,000', ';', '\t', "'=1", '=SUM(A1)', 'ends with space '];
    // Every pair of awkward values side by side, plus a non-empty first field (a row of one empty field is a blank line).
    const table = awkward.flatMap((a) => awkward.map((b) => ['row', a, b]));
    expect(parseCsv(toCsv(table)).map((r) => r.fields)).toEqual(table);
    expect(parseCsv(toCsv(table), ',').map((r) => r.fields)).toEqual(table);
  });
});

describe('formula guard', () => {
  it.each([
    ['=SUM(A1:A9)', "'=SUM(A1:A9)"],
    ['+2348030000000', "'+2348030000000"],
    ['-5', "'-5"],
    ['@cmd', "'@cmd"],
    ['\tx', "'\tx"],
    ['\rx', "'\rx"],
    ["'=already", "''=already"],
    ["'tis the season", "'tis the season"],
    ['Red Velvet', 'Red Velvet'],
    ['45000', '45000'],
    ['', ''],
  ])('guardCell(%j) → %j, and unguardCell gives it back', (value, guarded) => {
    expect(guardCell(value)).toBe(guarded);
    expect(unguardCell(guarded)).toBe(value);
  });

  it('takes off the apostrophe a person typed before a formula character too', () => {
    expect(unguardCell("'+234")).toBe('+234');
    expect(unguardCell('plain')).toBe('plain');
  });
});
