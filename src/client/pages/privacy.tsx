import {
  type LegalHead,
  LegalDocument,
  type LegalSection,
} from '@/client/components/marketing/legal-document';
import { paths } from '@/shared/paths';

const head: LegalHead = {
  eyebrow: 'privacy.eyebrow',
  title: 'privacy.title',
  metaTitle: 'privacy.meta.title',
  metaDescription: 'privacy.meta.description',
  intro: 'privacy.intro',
};

const sections: readonly LegalSection[] = [
  {
    id: 'what-we-collect',
    title: 'privacy.collect.title',
    blocks: [
      { p: 'privacy.collect.intro' },
      {
        ul: [
          'privacy.collect.account',
          'privacy.collect.profile',
          'privacy.collect.photo',
          'privacy.collect.applications',
          'privacy.collect.payments',
          'privacy.collect.mpesa',
          'privacy.collect.messages',
          'privacy.collect.technical',
        ],
      },
      { p: 'privacy.collect.companies' },
    ],
  },
  {
    id: 'why',
    title: 'privacy.use.title',
    blocks: [
      {
        ul: [
          'privacy.use.account',
          'privacy.use.match',
          'privacy.use.pay',
          'privacy.use.tell',
          'privacy.use.protect',
        ],
      },
      { p: 'privacy.use.basis' },
      { p: 'privacy.use.never' },
    ],
  },
  {
    id: 'who-sees-it',
    title: 'privacy.share.title',
    blocks: [
      {
        ul: [
          'privacy.share.staff',
          'privacy.share.client',
          'privacy.share.providers',
          'privacy.share.authorities',
        ],
      },
      { p: 'privacy.share.abroad' },
    ],
  },
  {
    id: 'how-long',
    title: 'privacy.keep.title',
    blocks: [
      {
        ul: [
          'privacy.keep.account',
          'privacy.keep.payments',
          'privacy.keep.mail',
          'privacy.keep.leads',
          'privacy.keep.security',
        ],
      },
    ],
  },
  {
    id: 'your-rights',
    title: 'privacy.rights.title',
    blocks: [
      { p: 'privacy.rights.intro' },
      {
        ul: [
          'privacy.rights.informed',
          'privacy.rights.access',
          'privacy.rights.correction',
          'privacy.rights.deletion',
          'privacy.rights.objection',
          'privacy.rights.portability',
          'privacy.rights.consent',
          'privacy.rights.complaint',
        ],
      },
    ],
  },
  {
    id: 'use-your-rights',
    title: 'privacy.how.title',
    blocks: [
      {
        ul: [
          'privacy.how.access',
          'privacy.how.correction',
          'privacy.how.deletion',
          'privacy.how.objection',
          'privacy.how.other',
        ],
      },
    ],
  },
  { id: 'security', title: 'privacy.security.title', blocks: [{ p: 'privacy.security.text' }] },
  { id: 'children', title: 'privacy.children.title', blocks: [{ p: 'privacy.children.text' }] },
  { id: 'changes', title: 'privacy.changes.title', blocks: [{ p: 'privacy.changes.text' }] },
];

/** /privacy: what personal data the panel holds and the participant's rights (Kenya DPA 2019). */
export function PrivacyPage() {
  return <LegalDocument path={paths.privacy} head={head} sections={sections} />;
}
