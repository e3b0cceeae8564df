import {
  type ServicePageContent,
  ServicePageLayout,
} from '@/client/components/layout/service-page-layout';
import { paths } from '@/shared/paths';

/** The page's texts are keys of the `services` catalogue (English and Kiswahili). */
const content: ServicePageContent = {
  path: paths.userResearchTesting,
  name: 'offers.userResearchTesting.name',
  theme: 'themes.research.title',
  metaDescription: 'userResearch.meta.description',
  intro: 'userResearch.intro',
  deliverables: [
    'userResearch.deliverables.participants',
    'userResearch.deliverables.sessions',
    'userResearch.deliverables.market',
    'userResearch.deliverables.findings',
  ],
  steps: [
    'userResearch.steps.questions',
    'userResearch.steps.recruit',
    'userResearch.steps.sessions',
    'userResearch.steps.report',
  ],
  outcomes: [
    'userResearch.outcomes.confidence',
    'userResearch.outcomes.rebuilds',
    'userResearch.outcomes.evidence',
  ],
  cta: {
    title: 'userResearch.cta.title',
    text: 'userResearch.cta.text',
    label: 'userResearch.cta.label',
    to: paths.researchValidation,
  },
};

export function UserResearchTestingPage() {
  return <ServicePageLayout content={content} />;
}
