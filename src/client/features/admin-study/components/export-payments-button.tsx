import { DownloadIcon, Loader2Icon } from 'lucide-react';
import { useExportPayments } from '@/client/api/studies/export-payments';
import { toastFailure } from '@/client/lib/toast-failure';
import { Button } from '@/client/components/ui/button';
import { toast } from '@/client/components/ui/use-toast';

export function ExportPaymentsButton({ testId }: { testId: string }) {
  const exportList = useExportPayments(testId);
  async function run() {
    try {
      const name = await exportList.mutateAsync();
      toast({ title: 'Payment list exported', description: `Saved as ${name}.` });
    } catch (error) {
      toastFailure('Export failed', error, 'The payment list could not be exported.');
    }
  }
  return (
    <Button variant="outline" onClick={() => void run()} disabled={exportList.isPending}>
      {exportList.isPending ? (
        <Loader2Icon className="animate-spin" aria-hidden="true" />
      ) : (
        <DownloadIcon aria-hidden="true" />
      )}
      {exportList.isPending ? 'Exporting…' : 'Export Payment List'}
    </Button>
  );
}
