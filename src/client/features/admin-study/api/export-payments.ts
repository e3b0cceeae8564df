import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '@/client/lib/api';

function fileNameOf(response: Response, fallback: string): string {
  const disposition = response.headers.get('content-disposition') ?? '';
  return /filename="([^"]+)"/.exec(disposition)?.[1] ?? fallback;
}

/**
 * GET /api/tests/{id}/payments.csv (participant, e-mail, phone, hours worked, rate,
 * total payment, completion date), saved as a file. Fetched first rather than
 * linked, so a failure is told in a toast instead of replacing the page.
 */
export async function exportPayments(testId: string): Promise<string> {
  const response = await apiRequest('GET', `/api/tests/${encodeURIComponent(testId)}/payments.csv`);
  const blob = await response.blob();
  const name = fileNameOf(response, 'payments.csv');
  const url = URL.createObjectURL(blob);
  try {
    const link = document.createElement('a');
    link.href = url;
    link.download = name;
    link.hidden = true;
    document.body.append(link);
    link.click();
    link.remove();
  } finally {
    // The download has started by now; give the browser a moment before freeing the blob.
    setTimeout(() => URL.revokeObjectURL(url), 10_000);
  }
  return name;
}

export function useExportPayments(testId: string) {
  return useMutation({ mutationFn: () => exportPayments(testId) });
}
