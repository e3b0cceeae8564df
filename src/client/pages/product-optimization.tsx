import {
  type ServicePageContent,
  ServicePageLayout,
} from '@/client/components/layout/service-page-layout';
import { paths } from '@/shared/paths';

/** The page's texts are keys of the `services` catalogue (English and Kiswahili). */
const content: ServicePageContent = {
  path: paths.productOptimization,
  name: 'offers.productOptimization.name',
  theme: 'themes.execution.title',
  metaDescription: 'optimization.meta.description',
  intro: 'optimization.intro',
  deliverables: [
    'optimization.deliverables.funnel',
    'optimization.deliverables.usability',
    'optimization.deliverables.backlog',
    'optimization.deliverables.dashboard',
  ],
  steps: [
    'optimization.steps.audit',
    'optimization.steps.research',
    'optimization.steps.experiment',
    'optimization.steps.scale',
  ],
  outcomes: [
    'optimization.outcomes.metrics',
    'optimization.outcomes.evidence',
    'optimization.outcomes.loop',
  ],
  cta: {
    title: 'optimization.cta.title',
    text: 'optimization.cta.text',
    label: 'optimization.cta.label',
    to: paths.companyInquiry,
  },
};

export function ProductOptimizationPage() {
  return <ServicePageLayout content={content} />;
}
