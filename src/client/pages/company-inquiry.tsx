import { PageMeta } from '@/client/components/layout/page-meta';
import { InquiryPage } from '@/client/features/leads/components/inquiry-page';
import { paths } from '@/shared/paths';

const description =
  'Tell us about your product and the help you need: fractional product management, optimization, user research, prioritization or launch strategy. We reply within 24 hours.';

/** /company-inquiry (spec section 2, "Company inquiry"). */
export function CompanyInquiryPage() {
  return (
    <>
      <PageMeta title="Let's Work Together" description={description} path={paths.companyInquiry} />
      <InquiryPage
        eyebrow="Work with us"
        heading="Let's Work Together"
        intro={
          <p>
            Whether you are shaping a first concept, validating a market or scaling a product that
            already sells, tell us where you are. We will match you with an experienced product
            manager and contact you within 24 hours.
          </p>
        }
      />
    </>
  );
}
