import { useSearchParams } from 'react-router';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/client/components/ui/tabs';
import { PaymentsTab } from './payments-tab';
import { PayoutReportView } from './payout-report-view';

type View = 'list' | 'report';
const VIEW_PARAM = 'view';

/**
 * The admin dashboard's Payments tab: the payments themselves, and the reconciliation
 * report (decisions.md section 11). The view is kept in `?view=` (the list leaves it bare).
 */
export function PaymentsArea() {
  const [searchParams, setSearchParams] = useSearchParams();
  const view: View = searchParams.get(VIEW_PARAM) === 'report' ? 'report' : 'list';

  function select(next: string) {
    setSearchParams(
      (params) => {
        const copy = new URLSearchParams(params);
        if (next === 'report') copy.set(VIEW_PARAM, next);
        else copy.delete(VIEW_PARAM);
        return copy;
      },
      { replace: true },
    );
  }

  return (
    <Tabs value={view} onValueChange={select} className="grid gap-4">
      <TabsList aria-label="Payments view" className="w-full sm:w-fit">
        <TabsTrigger value="list">List</TabsTrigger>
        <TabsTrigger value="report">Report</TabsTrigger>
      </TabsList>
      <TabsContent value="list">
        <PaymentsTab />
      </TabsContent>
      <TabsContent value="report">
        <PayoutReportView />
      </TabsContent>
    </Tabs>
  );
}
