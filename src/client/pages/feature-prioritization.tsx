import {
  type ServicePageContent,
  ServicePageLayout,
} from '@/client/components/layout/service-page-layout';
import { paths } from '@/shared/paths';

/** The page's texts are keys of the `services` catalogue (English and Kiswahili). */
const content: ServicePageContent = {
  path: paths.featurePrioritization,
  name: 'offers.featurePrioritization.name',
  theme: 'themes.leadership.title',
  metaDescription: 'prioritization.meta.description',
  intro: 'prioritization.intro',
  deliverables: [
    'prioritization.deliverables.ranked',
    'prioritization.deliverables.input',
    'prioritization.deliverables.roadmap',
    'prioritization.deliverables.process',
  ],
  highlight: {
    title: 'prioritization.highlight.title',
    intro: 'prioritization.highlight.intro',
    items: [
      'prioritization.highlight.rice',
      'prioritization.highlight.moscow',
      'prioritization.highlight.kano',
    ],
  },
  steps: [
    'prioritization.steps.collect',
    'prioritization.steps.research',
    'prioritization.steps.score',
    'prioritization.steps.plan',
  ],
  outcomes: [
    'prioritization.outcomes.backlog',
    'prioritization.outcomes.features',
    'prioritization.outcomes.faster',
  ],
  cta: {
    title: 'prioritization.cta.title',
    text: 'prioritization.cta.text',
    label: 'prioritization.cta.label',
    to: paths.companyInquiry,
  },
};

export function FeaturePrioritizationPage() {
  return <ServicePageLayout content={content} />;
}
