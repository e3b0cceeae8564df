import { useMutation } from '@tanstack/react-query';
import { downloadFile } from '@/client/lib/download';
import { studyUrl } from './keys';

/**
 * GET /api/tests/{id}/payments.csv (participant, e-mail, phone, hours worked, rate,
 * total payment, completion date), saved as a file.
 */
export const exportPayments = (testId: string) =>
  downloadFile(`${studyUrl(testId)}/payments.csv`, 'payments.csv');

export function useExportPayments(testId: string) {
  return useMutation({ mutationFn: () => exportPayments(testId) });
}
