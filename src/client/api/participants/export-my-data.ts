import { useMutation } from '@tanstack/react-query';
import { downloadFile } from '@/client/lib/download';

/** GET /api/me/export: everything stored about the signed-in participant, as JSON, saved as a file. */
export const exportMyData = () => downloadFile('/api/me/export', 'my-data.json');

export function useExportMyData() {
  return useMutation({ mutationFn: exportMyData });
}
