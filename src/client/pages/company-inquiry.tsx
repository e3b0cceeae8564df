import { PageMeta } from '@/client/components/layout/page-meta';
import { InquiryPage } from '@/client/features/leads/components/inquiry-page';
import { useT } from '@/client/i18n/language';
import { paths } from '@/shared/paths';

/** /company-inquiry (spec section 2, "Company inquiry"). */
export function CompanyInquiryPage() {
  const t = useT('leads');
  return (
    <>
      <PageMeta
        title={t('companyInquiry.title')}
        description={t('companyInquiry.description')}
        path={paths.companyInquiry}
      />
      <InquiryPage
        eyebrow={t('companyInquiry.eyebrow')}
        heading={t('companyInquiry.title')}
        intro={<p>{t('companyInquiry.intro')}</p>}
      />
    </>
  );
}
