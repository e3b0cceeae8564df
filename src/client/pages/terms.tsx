import {
  type LegalHead,
  LegalDocument,
  type LegalSection,
} from '@/client/components/marketing/legal-document';
import { paths } from '@/shared/paths';

const head: LegalHead = {
  eyebrow: 'terms.eyebrow',
  title: 'terms.title',
  metaTitle: 'terms.meta.title',
  metaDescription: 'terms.meta.description',
  intro: 'terms.intro',
};

const sections: readonly LegalSection[] = [
  {
    id: 'eligibility',
    title: 'terms.eligibility.title',
    blocks: [{ ul: ['terms.eligibility.age', 'terms.eligibility.one', 'terms.eligibility.true'] }],
  },
  {
    id: 'accounts',
    title: 'terms.accounts.title',
    blocks: [{ p: 'terms.accounts.password' }, { p: 'terms.accounts.close' }],
  },
  {
    id: 'studies',
    title: 'terms.studies.title',
    blocks: [
      { p: 'terms.studies.apply' },
      { p: 'terms.studies.attend' },
      { p: 'terms.studies.postponed' },
    ],
  },
  {
    id: 'payment',
    title: 'terms.payment.title',
    blocks: [
      {
        ul: [
          'terms.payment.rate',
          'terms.payment.owed',
          'terms.payment.method',
          'terms.payment.number',
          'terms.payment.tax',
        ],
      },
    ],
  },
  {
    id: 'conduct',
    title: 'terms.conduct.title',
    blocks: [
      {
        ul: [
          'terms.conduct.honest',
          'terms.conduct.respect',
          'terms.conduct.yourself',
          'terms.conduct.recording',
        ],
      },
    ],
  },
  {
    id: 'confidentiality',
    title: 'terms.confidential.title',
    blocks: [{ p: 'terms.confidential.text' }],
  },
  {
    id: 'termination',
    title: 'terms.termination.title',
    blocks: [{ p: 'terms.termination.you' }, { p: 'terms.termination.us' }],
  },
  { id: 'responsibility', title: 'terms.liability.title', blocks: [{ p: 'terms.liability.text' }] },
  { id: 'changes', title: 'terms.changes.title', blocks: [{ p: 'terms.changes.text' }] },
  { id: 'governing-law', title: 'terms.law.title', blocks: [{ p: 'terms.law.text' }] },
];

/** /terms: the participant's terms of service (eligibility, studies, pay, conduct, Kenyan law). */
export function TermsPage() {
  return <LegalDocument path={paths.terms} head={head} sections={sections} />;
}
