import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '@/client/lib/api';

const FALLBACK_NAME = 'my-data.json';

function fileNameOf(response: Response): string {
  const disposition = response.headers.get('content-disposition') ?? '';
  return /filename="([^"]+)"/.exec(disposition)?.[1] ?? FALLBACK_NAME;
}

/**
 * GET /api/me/export: everything stored about the signed-in participant, as JSON,
 * saved as a file. Fetched first (not a plain link) so a failure can be told in a
 * toast instead of replacing the page with an error body.
 */
export async function exportMyData(): Promise<string> {
  const response = await apiRequest('GET', '/api/me/export');
  const blob = await response.blob();
  const name = fileNameOf(response);
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

export function useExportMyData() {
  return useMutation({ mutationFn: exportMyData });
}
