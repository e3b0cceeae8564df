import { PageMeta } from '@/client/components/layout/page-meta';
import { InquiryPage } from '@/client/features/leads/components/inquiry-page';
import { useT } from '@/client/i18n/language';
import { paths } from '@/shared/paths';

/**
 * /client-request: where the services page's closing button leads. The spec does not
 * show this screen; it serves the company inquiry form under a heading that follows
 * on from the services overview.
 */
export function ClientRequestPage() {
  const t = useT('leads');
  return (
    <>
      <PageMeta
        title={t('clientRequest.title')}
        description={t('clientRequest.description')}
        path={paths.clientRequest}
      />
      <InquiryPage
        eyebrow={t('clientRequest.eyebrow')}
        heading={t('clientRequest.title')}
        intro={<p>{t('clientRequest.intro')}</p>}
      />
    </>
  );
}
