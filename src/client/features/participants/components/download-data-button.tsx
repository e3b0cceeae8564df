import { DownloadIcon, Loader2Icon } from 'lucide-react';
import { Button } from '@/client/components/ui/button';
import { toastFailure } from '@/client/lib/toast-failure';
import { toast } from '@/client/components/ui/use-toast';
import { useT } from '@/client/i18n/language';
import { useExportMyData } from '@/client/api/participants/export-my-data';

/** "Download my data": everything stored about me (profile, applications, payments) as JSON. */
export function DownloadDataButton() {
  const t = useT('profile');
  const exportData = useExportMyData();

  async function download() {
    try {
      const name = await exportData.mutateAsync();
      toast({
        title: t('download.started.title'),
        description: t('download.started.description', { name }),
      });
    } catch (error) {
      toastFailure(t('download.failed.title'), error, t('download.failed.description'));
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
      {t(pending ? 'download.preparing' : 'download.button')}
    </Button>
  );
}
