import {
  type ServicePageContent,
  ServicePageLayout,
} from '@/client/components/layout/service-page-layout';
import { paths } from '@/shared/paths';

const content: ServicePageContent = {
  path: paths.marketFitLaunchStrategy,
  name: 'Market Fit & Launch Strategy',
  theme: 'Product Leadership & Strategy',
  metaDescription:
    'Find the customers who need your product most, shape the offer and pricing they will pay for, and launch with a plan that turns early users into growth.',
  intro:
    'A great product still needs the right market and the right launch. We help you find the customers who need you most, shape the offer and go to market with a plan.',
  deliverables: [
    {
      title: 'Target customer profile',
      description:
        'The segment most likely to buy first, described by needs and behaviour rather than demographics alone.',
    },
    {
      title: 'Positioning and messaging',
      description:
        'A clear statement of why you are different, tested with real prospects before launch.',
    },
    {
      title: 'Pricing and packaging',
      description:
        'Plans and price points based on the value customers see and their willingness to pay.',
    },
    {
      title: 'Launch plan',
      description:
        'Channels, timeline, success metrics and the feedback loop for the weeks after launch.',
    },
  ],
  steps: [
    { title: 'Assess', description: 'We review your product, market and competitors.' },
    { title: 'Validate', description: 'We test positioning and pricing with potential customers.' },
    { title: 'Plan', description: 'We build the launch plan with your team and set the metrics.' },
    {
      title: 'Launch and learn',
      description: 'We support the launch and adjust based on early results.',
    },
  ],
  outcomes: [
    'A focused market where your product can win first',
    'Messaging and pricing tested before you spend on the launch',
    'A launch measured from day one, with clear signals of product-market fit',
  ],
  cta: {
    title: 'Planning a launch?',
    text: 'Tell us about your product and your market. We will reply within 24 hours with how we can help you launch well.',
    label: 'Plan your launch with us',
    to: paths.companyInquiry,
  },
};

export function MarketFitLaunchStrategyPage() {
  return <ServicePageLayout content={content} />;
}
