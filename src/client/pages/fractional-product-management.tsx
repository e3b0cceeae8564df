import {
  type ServicePageContent,
  ServicePageLayout,
} from '@/client/components/layout/service-page-layout';
import { paths } from '@/shared/paths';

const content: ServicePageContent = {
  path: paths.fractionalProductManagement,
  name: 'Fractional Product Management',
  theme: 'Product Leadership & Strategy',
  metaDescription:
    'A senior product manager on your team part-time: discovery, roadmap, prioritization and delivery without the cost or wait of a full-time hire.',
  intro:
    'Get a senior product manager on your team for two or three days a week. They own discovery, the roadmap and delivery, and they coach your people while they do it.',
  deliverables: [
    {
      title: 'Product vision and strategy',
      description:
        'A short, shared statement of who the product is for, the problem it solves and how it will win.',
    },
    {
      title: 'A roadmap the team trusts',
      description:
        'Outcome-based priorities for the next quarter, tied to evidence and agreed with leadership.',
    },
    {
      title: 'Discovery that never stops',
      description:
        'Weekly conversations with customers and quick tests, so every sprint starts from what users need.',
    },
    {
      title: 'Delivery with engineering and design',
      description:
        'Clear problem statements, acceptance criteria and release plans that keep the team shipping.',
    },
  ],
  steps: [
    {
      title: 'Discovery call',
      description: 'We learn about your product, your team and the result you need.',
    },
    {
      title: 'Matching',
      description: 'We introduce a product manager with experience in your industry and stage.',
    },
    {
      title: 'First 30 days',
      description: 'Your product manager audits the product, meets users and sets a focused plan.',
    },
    {
      title: 'Ongoing leadership',
      description:
        'Weekly progress against agreed goals, with the option to scale up or hand over.',
    },
  ],
  outcomes: [
    'Senior product leadership from the first week, at a fraction of a full-time salary',
    'A roadmap tied to business goals and checked with real users',
    'A team that keeps the habits after the engagement ends',
  ],
  cta: {
    title: 'Need a product leader now?',
    text: 'Tell us about your product and your team. We will reply within 24 hours and can introduce a product manager within days.',
    label: 'Find your product manager',
    to: paths.companyInquiry,
  },
};

export function FractionalProductManagementPage() {
  return <ServicePageLayout content={content} />;
}
