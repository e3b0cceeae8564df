import { QueryReads } from '@/client/lib/query-reads';
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { createQueryClient } from '@/client/lib/query-client';
import { StatsStrip } from './stats-strip';

describe('StatsStrip prerendered', () => {
  it('shows no figure before the answer (no fallback told to screen readers), each label with a placeholder', () => {
    const html = renderToString(
      <QueryReads client={createQueryClient()}>
        <StatsStrip />
      </QueryReads>,
    );
    for (const figure of ['22K+', '23+', '89+', '79']) expect(html).not.toContain(figure);
    expect(html).not.toContain('data-final');
    expect(html.match(/data-pending=""/g)).toHaveLength(5);
    expect(html.match(/<span class="sr-only">Loading…<\/span>/g)).toHaveLength(5);
    for (const label of [
      'Research participants',
      'Companies served',
      'Products optimized',
      'Active tests',
      'Open slots',
    ]) {
      expect(html).toContain(`>${label}</dt>`);
    }
  });
});
