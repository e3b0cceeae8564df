import { describe, expect, it } from 'vitest';
import { csvStream, neutraliseFormula } from './csv';

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
});
