import { useSearchParams } from 'react-router';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/client/components/ui/tabs';
import { AdminTabSection } from '@/client/components/layout/admin-tab-section';
import { InquiriesView } from './inquiries-view';
import { ResearchRequestsView } from './research-requests-view';

type View = 'inquiries' | 'research';
const VIEW_PARAM = 'view';

/**
 * Client Requests (spec section 2): company inquiries and research requests, each
 * with its filters, details and status moves. The view is kept in `?view=`.
 */
export function RequestsTab() {
  const [searchParams, setSearchParams] = useSearchParams();
  const view: View = searchParams.get(VIEW_PARAM) === 'research' ? 'research' : 'inquiries';

  function select(next: string) {
    setSearchParams(
      (params) => {
        const copy = new URLSearchParams(params);
        if (next === 'research') copy.set(VIEW_PARAM, next);
        else copy.delete(VIEW_PARAM);
        return copy;
      },
      { replace: true },
    );
  }

  return (
    <AdminTabSection
      id="requests-heading"
      title="Client Requests"
      description="Leads from the website. Reply within 24 hours, as the forms promise."
    >
      <Tabs value={view} onValueChange={select}>
        <TabsList aria-label="Kind of request" className="w-full sm:w-fit">
          <TabsTrigger value="inquiries">Inquiries</TabsTrigger>
          <TabsTrigger value="research">Research requests</TabsTrigger>
        </TabsList>
        <TabsContent value="inquiries">
          <InquiriesView />
        </TabsContent>
        <TabsContent value="research">
          <ResearchRequestsView />
        </TabsContent>
      </Tabs>
    </AdminTabSection>
  );
}
