import {
  type ServicePageContent,
  ServicePageLayout,
} from '@/client/components/layout/service-page-layout';
import { paths } from '@/shared/paths';

/** The page's texts are keys of the `services` catalogue (English and Kiswahili). */
const content: ServicePageContent = {
  path: paths.fractionalProductManagement,
  name: 'offers.fractionalProductManagement.name',
  theme: 'themes.leadership.title',
  metaDescription: 'fractional.meta.description',
  intro: 'fractional.intro',
  deliverables: [
    'fractional.deliverables.vision',
    'fractional.deliverables.roadmap',
    'fractional.deliverables.discovery',
    'fractional.deliverables.delivery',
  ],
  steps: [
    'fractional.steps.call',
    'fractional.steps.matching',
    'fractional.steps.firstMonth',
    'fractional.steps.ongoing',
  ],
  outcomes: [
    'fractional.outcomes.leadership',
    'fractional.outcomes.roadmap',
    'fractional.outcomes.habits',
  ],
  cta: {
    title: 'fractional.cta.title',
    text: 'fractional.cta.text',
    label: 'fractional.cta.label',
    to: paths.companyInquiry,
  },
};

export function FractionalProductManagementPage() {
  return <ServicePageLayout content={content} />;
}
