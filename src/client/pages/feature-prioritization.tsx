import {
  type ServicePageContent,
  ServicePageLayout,
} from '@/client/components/layout/service-page-layout';
import { paths } from '@/shared/paths';

const content: ServicePageContent = {
  path: paths.featurePrioritization,
  name: 'Feature Prioritization',
  theme: 'Product Leadership & Strategy',
  metaDescription:
    'Turn a crowded backlog into a clear order of work with RICE, MoSCoW and Kano: decision frameworks grounded in user research and business goals.',
  intro:
    'Too many ideas and too little time? We help you choose what to build next with proven decision frameworks, real user input and your business goals side by side.',
  deliverables: [
    {
      title: 'A scored, ranked backlog',
      description:
        'Every candidate feature scored the same way, so the order of work is clear and explainable.',
    },
    {
      title: 'User and stakeholder input',
      description:
        'Short interviews and surveys that bring customers and your leadership into the decision.',
    },
    {
      title: 'A roadmap for the next quarter',
      description: 'The top priorities turned into outcomes, owners and a realistic release plan.',
    },
    {
      title: 'A repeatable decision process',
      description: 'Templates and a cadence your team can keep using whenever new ideas come in.',
    },
  ],
  highlight: {
    title: 'Decision frameworks we use',
    intro: 'We pick the framework that fits the decision, and often combine them.',
    items: [
      {
        title: 'RICE',
        description:
          'Reach, Impact, Confidence and Effort give each idea a score, so large backlogs can be compared fairly.',
      },
      {
        title: 'MoSCoW',
        description:
          'Must have, Should have, Could have and Won’t have this time: ideal for agreeing on the scope of a release.',
      },
      {
        title: 'Kano',
        description:
          'Separates basic expectations from features that delight, using what customers tell us in surveys.',
      },
    ],
  },
  steps: [
    { title: 'Collect', description: 'We gather every idea, request and bug into one list.' },
    { title: 'Research', description: 'We ask users and stakeholders what matters most to them.' },
    { title: 'Score', description: 'We apply RICE, MoSCoW or Kano together with your team.' },
    { title: 'Plan', description: 'We turn the ranking into a roadmap and a release plan.' },
  ],
  outcomes: [
    'A backlog ordered by value, agreed by product, engineering and leadership',
    'Fewer features that nobody uses, and more that customers notice',
    'Faster decisions the next time a new idea arrives',
  ],
  cta: {
    title: 'Decide what to build next, with confidence',
    text: 'Tell us about your backlog and your goals. We will reply within 24 hours with a plan for your first prioritization workshop.',
    label: 'Prioritize your roadmap with us',
    to: paths.companyInquiry,
  },
};

export function FeaturePrioritizationPage() {
  return <ServicePageLayout content={content} />;
}
