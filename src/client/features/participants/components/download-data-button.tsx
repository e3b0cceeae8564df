import { DownloadIcon, Loader2Icon } from 'lucide-react';
import { Button } from '@/client/components/ui/button';
import { toastFailure } from '@/client/lib/toast-failure';
import { toast } from '@/client/components/ui/use-toast';
import { useExportMyData } from '@/client/api/participants/export-my-data';

/** "Download my data": everything stored about me (profile, applications, payments) as JSON. */
export function DownloadDataButton() {
  const exportData = useExportMyData();

  async function download() {
    try {
      const name = await exportData.mutateAsync();
      toast({ title: 'Download started', description: `Your data is saved as ${name}.` });
    } catch (error) {
      toastFailure('Download failed', error, 'We could not prepare your data. Please try again.');
    }
  }

  const pending = exportData.isPending;
  return (
    <Button variant="outline" onClick={() => void download()} disabled={pending}>
      {pending ? (
        <Loader2Icon className="animate-spin" aria-hidden="true" />
      ) : (
        <DownloadIcon aria-hidden="true" />
      )}
      {pending ? 'Preparing…' : 'Download my data'}
    </Button>
  );
}
