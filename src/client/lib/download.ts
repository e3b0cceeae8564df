import { apiRequest } from './api';

function fileNameOf(response: Response, fallback: string): string {
  const disposition = response.headers.get('content-disposition') ?? '';
  return /filename="([^"]+)"/.exec(disposition)?.[1] ?? fallback;
}

/**
 * Saves `blob` as a file named `name` (a hidden link clicked once), then frees it a moment
 * later, once the browser has started the download.
 */
export function saveFile(blob: Blob, name: string): void {
  const objectUrl = URL.createObjectURL(blob);
  try {
    const link = document.createElement('a');
    link.href = objectUrl;
    link.download = name;
    link.hidden = true;
    document.body.append(link);
    link.click();
    link.remove();
  } finally {
    setTimeout(() => URL.revokeObjectURL(objectUrl), 10_000);
  }
}

/**
 * GETs a file from the API and saves it under the name the server gives (else
 * `fallback`). Fetched first rather than linked, so a failure can be told in a toast
 * (ApiError) instead of replacing the page with an error body. Resolves to the name.
 */
export async function downloadFile(url: string, fallback: string): Promise<string> {
  const response = await apiRequest('GET', url);
  const blob = await response.blob();
  const name = fileNameOf(response, fallback);
  saveFile(blob, name);
  return name;
}
