import {
  type ServicePageContent,
  ServicePageLayout,
} from '@/client/components/layout/service-page-layout';
import { paths } from '@/shared/paths';

/** The page's texts are keys of the `services` catalogue (English and Kiswahili). */
const content: ServicePageContent = {
  path: paths.operationalExcellence,
  name: 'offers.operationalExcellence.name',
  theme: 'themes.execution.title',
  metaDescription: 'operations.meta.description',
  intro: 'operations.intro',
  deliverables: [
    'operations.deliverables.health',
    'operations.deliverables.roles',
    'operations.deliverables.rituals',
    'operations.deliverables.metrics',
  ],
  steps: [
    'operations.steps.observe',
    'operations.steps.diagnose',
    'operations.steps.implement',
    'operations.steps.sustain',
  ],
  outcomes: [
    'operations.outcomes.faster',
    'operations.outcomes.surprises',
    'operations.outcomes.calmer',
  ],
  cta: {
    title: 'operations.cta.title',
    text: 'operations.cta.text',
    label: 'operations.cta.label',
    to: paths.companyInquiry,
  },
};

export function OperationalExcellencePage() {
  return <ServicePageLayout content={content} />;
}
