import {
  type ServicePageContent,
  ServicePageLayout,
} from '@/client/components/layout/service-page-layout';
import { paths } from '@/shared/paths';

/** The page's texts are keys of the `services` catalogue (English and Kiswahili). */
const content: ServicePageContent = {
  path: paths.marketFitLaunchStrategy,
  name: 'offers.marketFitLaunchStrategy.name',
  theme: 'themes.leadership.title',
  metaDescription: 'launch.meta.description',
  intro: 'launch.intro',
  deliverables: [
    'launch.deliverables.customer',
    'launch.deliverables.positioning',
    'launch.deliverables.pricing',
    'launch.deliverables.plan',
  ],
  steps: [
    'launch.steps.assess',
    'launch.steps.validate',
    'launch.steps.plan',
    'launch.steps.launch',
  ],
  outcomes: ['launch.outcomes.market', 'launch.outcomes.tested', 'launch.outcomes.measured'],
  cta: {
    title: 'launch.cta.title',
    text: 'launch.cta.text',
    label: 'launch.cta.label',
    to: paths.companyInquiry,
  },
};

export function MarketFitLaunchStrategyPage() {
  return <ServicePageLayout content={content} />;
}
