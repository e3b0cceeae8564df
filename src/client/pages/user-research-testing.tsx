import {
  type ServicePageContent,
  ServicePageLayout,
} from '@/client/components/layout/service-page-layout';
import { paths } from '@/shared/paths';

const content: ServicePageContent = {
  path: paths.userResearchTesting,
  name: 'User Research & Testing',
  theme: 'User Research & Validation',
  metaDescription:
    'Interviews, usability tests and market validation with paid participants who match your users, so you build what people need and will pay for.',
  intro:
    'Learn what your users need before you build it. We recruit paid participants who match your audience, run the sessions and turn what we see into clear decisions.',
  deliverables: [
    {
      title: 'Participants who match your users',
      description:
        'Recruited from our own community of paid testers and screened against your criteria.',
    },
    {
      title: 'Interviews and usability tests',
      description:
        'Moderated and unmoderated sessions on concepts, prototypes or your live product.',
    },
    {
      title: 'Market validation',
      description:
        'Concept and demand tests that show whether people want the product and what they would pay.',
    },
    {
      title: 'Findings you can act on',
      description:
        'A short report with video highlights, ranked issues and recommendations for your team.',
    },
  ],
  steps: [
    {
      title: 'Define questions',
      description: 'We agree what you need to learn and who to learn it from.',
    },
    {
      title: 'Recruit',
      description: 'We select and schedule participants from our research community.',
    },
    {
      title: 'Run sessions',
      description: 'We moderate the tests and record what participants do and say.',
    },
    {
      title: 'Report',
      description: 'We share the findings and help you turn them into next steps.',
    },
  ],
  outcomes: [
    'Confidence that you are solving a real problem for real people',
    'Fewer costly rebuilds, because issues are caught before development',
    'Evidence that convinces investors, leadership and your team',
  ],
  cta: {
    title: 'Put your idea in front of real users',
    text: 'Tell us what you want to test and who your users are. We will plan the study and recruit participants for you.',
    label: 'Request Research Service',
    to: paths.researchValidation,
  },
};

export function UserResearchTestingPage() {
  return <ServicePageLayout content={content} />;
}
