import {
  type ServicePageContent,
  ServicePageLayout,
} from '@/client/components/layout/service-page-layout';
import { paths } from '@/shared/paths';

const content: ServicePageContent = {
  path: paths.productOptimization,
  name: 'Product Optimization',
  theme: 'Execution & Optimization',
  metaDescription:
    'Funnel analysis, usability fixes and experiments that lift activation, conversion and retention of your live product, measured from the first weeks.',
  intro:
    'Your product is live, but growth has slowed. We find where users struggle or leave, fix what matters most and prove each change with data.',
  deliverables: [
    {
      title: 'Funnel and analytics review',
      description:
        'A map of where users drop off, from first visit to repeat purchase, with the size of each leak.',
    },
    {
      title: 'Usability findings',
      description:
        'Sessions with real users that show why they hesitate, so fixes target causes instead of symptoms.',
    },
    {
      title: 'Experiment backlog',
      description:
        'Ranked ideas with expected impact and effort, and A/B tests designed to give a clear answer.',
    },
    {
      title: 'Growth dashboard',
      description:
        'A small set of metrics your whole team watches, so progress is visible every week.',
    },
  ],
  steps: [
    {
      title: 'Audit',
      description: 'We study your data, flows and reviews to find the biggest leaks.',
    },
    {
      title: 'Research',
      description: 'We watch real users try the product to learn why they leave.',
    },
    {
      title: 'Experiment',
      description: 'We ship focused changes and test them against the original.',
    },
    {
      title: 'Scale',
      description: 'We keep what wins, roll it out and move to the next opportunity.',
    },
  ],
  outcomes: [
    'Higher activation, conversion and retention, measured against an agreed baseline',
    'Clear evidence for every change, so no more debates based on opinion',
    'Continuous growth: a repeatable loop your team can run without us',
  ],
  cta: {
    title: 'Find the growth hiding in your product',
    text: 'Share your product and the metric you most want to move. We will reply within 24 hours with how we would start.',
    label: 'Start optimizing your product',
    to: paths.companyInquiry,
  },
};

export function ProductOptimizationPage() {
  return <ServicePageLayout content={content} />;
}
