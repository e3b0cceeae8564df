import { QueryClientProvider } from '@tanstack/react-query';
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { createQueryClient } from '@/client/lib/query-client';
import { StatsStrip } from './stats-strip';

describe('StatsStrip prerendered', () => {
  it('shows the fallback figures without data, each with its label', () => {
    const html = renderToString(
      <QueryClientProvider client={createQueryClient()}>
        <StatsStrip />
      </QueryClientProvider>,
    );
    for (const figure of ['22K+', '23+', '89+', '3', '79']) {
      expect(html).toContain(`<span class="sr-only" data-final="">${figure}</span>`);
      expect(html).toContain(`<span aria-hidden="true" data-counter="">${figure}</span>`);
    }
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
