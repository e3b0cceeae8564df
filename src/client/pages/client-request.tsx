import { PageMeta } from '@/client/components/layout/page-meta';
import { InquiryPage } from '@/client/features/leads/components/inquiry-page';
import { paths } from '@/shared/paths';

const description =
  'Start a project with our product leadership, user research and execution experts. Share your goals and budget, and we will contact you within 24 hours with next steps.';

/**
 * /client-request: where the services page's closing button leads. The spec does not
 * show this screen; it serves the company inquiry form under a heading that follows
 * on from the services overview.
 */
export function ClientRequestPage() {
  return (
    <>
      <PageMeta title="Start Your Project" description={description} path={paths.clientRequest} />
      <InquiryPage
        eyebrow="Start your project"
        heading="Start Your Project"
        intro={
          <p>
            You have seen how we lead strategy, validate with real users and optimize what ships.
            Pick the service closest to your need, tell us about the product, and we will contact
            you within 24 hours with a plan.
          </p>
        }
      />
    </>
  );
}
