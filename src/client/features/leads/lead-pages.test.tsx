import { QueryReads } from '@/client/lib/query-reads';
import type { ReactElement } from 'react';
import { renderToString } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import { RouterSiteNav } from '@/client/app/router-site-nav';
import { describe, expect, it } from 'vitest';
import { LanguageProvider } from '@/client/i18n/language';
import { createQueryClient } from '@/client/lib/query-client';
import { ClientRequestPage } from '@/client/pages/client-request';
import { CompanyInquiryPage } from '@/client/pages/company-inquiry';
import { ResearchValidationPage } from '@/client/pages/research-validation';

/** The lead pages are prerendered: they must render on the server, without a browser. */
function prerender(page: ReactElement, path: string) {
  return renderToString(
    <QueryReads client={createQueryClient()}>
      <MemoryRouter initialEntries={[path]}>
        <RouterSiteNav>
          <LanguageProvider>{page}</LanguageProvider>
        </RouterSiteNav>
      </MemoryRouter>
    </QueryReads>,
  );
}

const h1s = (html: string) => [...html.matchAll(/<h1[^>]*>(.*?)<\/h1>/g)].map((m) => m[1]);

describe('lead pages prerendered', () => {
  it('/company-inquiry: one h1, its title, description and every field', () => {
    const html = prerender(<CompanyInquiryPage />, '/company-inquiry');
    expect(h1s(html)).toEqual(['Let&#x27;s Work Together']);
    expect(html).toContain('<title>Let&#x27;s Work Together | InsightLab</title>');
    expect(html).toMatch(/<meta name="description" content="[^"]{50,}"/);
    for (const label of [
      'Company name',
      'Contact person',
      'Email',
      'Service you need',
      'Urgency',
      'Budget (USD)',
      'Project details',
    ]) {
      expect(html).toContain(label);
    }
    expect(html).toContain('within 24 hours');
    expect(html).toMatch(/<input[^>]*name="website"/);
  });

  it('/client-request: the same form under its own heading', () => {
    const html = prerender(<ClientRequestPage />, '/client-request');
    expect(h1s(html)).toEqual(['Start Your Project']);
    expect(html).toContain('Project details');
  });

  it('/research-validation: one h1, the marketing blocks and the form', () => {
    const html = prerender(<ResearchValidationPage />, '/research-validation');
    expect(h1s(html)).toHaveLength(1);
    expect(html).toContain('What we validate');
    expect(html).toContain('How it works');
    for (const label of [
      'Company',
      'Contact name',
      'Phone',
      'Project type',
      'Timeline',
      'Budget (Ksh)',
      'Target audience',
      'Research goals',
      'Project description',
    ]) {
      expect(html).toContain(label);
    }
  });

  it('/sw/company-inquiry: the page, its labels and its options in Kiswahili', () => {
    const html = prerender(<CompanyInquiryPage />, '/sw/company-inquiry');
    expect(h1s(html)).toEqual(['Tufanye Kazi Pamoja']);
    expect(html).toContain('<title>Tufanye Kazi Pamoja | InsightLab</title>');
    for (const label of ['Jina la kampuni', 'Huduma unayohitaji', 'Bajeti (USD)', 'Tuma maulizo']) {
      expect(html).toContain(label);
    }
    for (const english of [
      'Company name',
      'Service you need',
      'Send inquiry',
      'What happens next',
    ]) {
      expect(html).not.toContain(english);
    }
  });

  it('/sw/research-validation: the request form in Kiswahili', () => {
    const html = prerender(<ResearchValidationPage />, '/sw/research-validation');
    for (const label of ['Jina la mtu wa mawasiliano', 'Bajeti kwa Ksh', 'Omba utafiti']) {
      expect(html).toContain(label);
    }
    expect(html).not.toContain('Request research');
  });
});
