import { useMutation } from '@tanstack/react-query';
import { downloadFile } from '@/client/lib/download';
import { payoutUrl } from './keys';

/**
 * GET /api/payouts/{id}/bulk.csv (manual provider): the M-Pesa bulk payment file of the
 * payments of a payout still to pay (number, amount, reference, name), saved as a file.
 */
export const downloadBulkFile = (id: string) =>
  downloadFile(`${payoutUrl(id)}/bulk.csv`, 'payout.csv');

export function useDownloadBulkFile() {
  return useMutation({ mutationFn: downloadBulkFile });
}
