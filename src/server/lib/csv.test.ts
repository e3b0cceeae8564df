import { describe, expect, it } from 'vitest';
import { csvStream, neutraliseFormula, phoneDigits } from './csv';

async function toText(rows: unknown[][], header: string[]) {
  const stream = csvStream(header);
  const chunks: string[] = [];
  stream.on('data', (c: Buffer | string) => chunks.push(String(c)));
  const done = new Promise((resolve) => stream.on('end', resolve));
  for (const row of rows) stream.write(row);
  stream.end();
  await done;
  return chunks.join('');
}

describe('CSV', () => {
  it('neutralises cells that a spreadsheet would run as formulas', () => {
    for (const v of ['=1+1', '+254700', '-3', '@SUM(A1)', '\tx', '\rx'])
      expect(neutraliseFormula(v)).toBe(`'${v}`);
    expect(neutraliseFormula('Nairobi')).toBe('Nairobi');
  });

  it('writes RFC 4180: CRLF lines, quotes around commas, quotes and line breaks', async () => {
    const text = await toText([['Wanjiru, K.', 'says "hi"', 'two\nlines']], ['A', 'B', 'C']);
    expect(text).toBe('A,B,C\r\n"Wanjiru, K.","says ""hi""","two\nlines"\r\n');
  });

  it('applies the formula guard inside the stream', async () => {
    const text = await toText(
      [['=HYPERLINK("http://evil")', '+254 700 000 000']],
      ['Name', 'Phone'],
    );
    expect(text).toBe('Name,Phone\r\n"\'=HYPERLINK(""http://evil"")",\'+254 700 000 000\r\n');
  });

  it('quotes a cell holding a comma, semicolon, quote, CR or LF, and no other', async () => {
    const cells = ['a,b', 'Nairobi; Westlands', 'say "x"', 'a\rb', 'a\nb', 'plain text', '254711'];
    const text = await toText([cells], ['A', 'B', 'C', 'D', 'E', 'F', 'G']);
    expect(text.split('\r\n')[1]).toBe(
      '"a,b","Nairobi; Westlands","say ""x""","a\rb","a\nb",plain text,254711',
    );
  });

  it('writes phone numbers as digits only, which no spreadsheet runs or reformats', async () => {
    expect(phoneDigits('+254711464914')).toBe('254711464914');
    expect(phoneDigits('+254 711-464 914')).toBe('254711464914');
    const text = await toText([[phoneDigits('+254711464914')]], ['Phone']);
    expect(text).toBe('Phone\r\n254711464914\r\n');
  });
});
