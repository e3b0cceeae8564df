import {
  type ServicePageContent,
  ServicePageLayout,
} from '@/client/components/layout/service-page-layout';
import { paths } from '@/shared/paths';

const content: ServicePageContent = {
  path: paths.operationalExcellence,
  name: 'Operational Excellence',
  theme: 'Execution & Optimization',
  metaDescription:
    'Lean product operations: clear ownership, healthy rituals and shared metrics that help product, design and engineering ship faster as one team.',
  intro:
    'When a team grows, shipping often slows down. We help product, design and engineering work as one team, with clear ownership, light processes and shared metrics.',
  deliverables: [
    {
      title: 'Delivery health check',
      description:
        'Where time goes between idea and release, and which handovers and meetings slow the team down.',
    },
    {
      title: 'Clear roles and ownership',
      description: 'Who decides what, written down and agreed, so work stops waiting for answers.',
    },
    {
      title: 'Lean rituals',
      description:
        'Planning, review and retrospective formats sized to your team, with fewer and better meetings.',
    },
    {
      title: 'Shared metrics',
      description:
        'A few delivery and product metrics that the whole team understands and improves together.',
    },
  ],
  steps: [
    {
      title: 'Observe',
      description: 'We join your team’s routines and map how work really flows.',
    },
    {
      title: 'Diagnose',
      description: 'We find the bottlenecks and agree the changes with your leads.',
    },
    {
      title: 'Implement',
      description: 'We introduce the new practices and coach the team through them.',
    },
    {
      title: 'Sustain',
      description: 'We track the metrics and hand over the practices to your team.',
    },
  ],
  outcomes: [
    'Shorter time from idea to release',
    'Fewer surprises, with priorities and progress visible to everyone',
    'A calmer team that spends more time building and less in meetings',
  ],
  cta: {
    title: 'Help your team ship faster',
    text: 'Tell us how your team works today and where it hurts. We will reply within 24 hours with a first view.',
    label: 'Improve how your team ships',
    to: paths.companyInquiry,
  },
};

export function OperationalExcellencePage() {
  return <ServicePageLayout content={content} />;
}
