import { activeLanguage } from '@/shared/i18n/runtime';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ApiError } from '@/client/lib/api';
import { participantKeys, participantUrl } from './keys';

/**
 * POST /api/participants/{id}/upload-photo (multipart field `photo`) -> { photoUrl }.
 * Sent with XMLHttpRequest because fetch cannot report upload progress. A failure
 * is an ApiError like every other call (413 too large, 415 not JPG/PNG).
 */
export function uploadPhoto(
  id: string,
  file: File,
  onProgress?: (percent: number) => void,
): Promise<{ photoUrl: string }> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', `${participantUrl(id)}/upload-photo`);
    xhr.withCredentials = true;
    xhr.setRequestHeader('Accept-Language', activeLanguage());
    xhr.upload.addEventListener('progress', (event) => {
      if (event.lengthComputable) onProgress?.(Math.round((event.loaded / event.total) * 100));
    });
    xhr.addEventListener('load', () => {
      if (xhr.status >= 200 && xhr.status < 300) {
        try {
          resolve(JSON.parse(xhr.responseText) as { photoUrl: string });
        } catch {
          reject(new ApiError(xhr.status, '', 'The server sent an unreadable answer'));
        }
        return;
      }
      reject(new ApiError(xhr.status, xhr.responseText, xhr.statusText));
    });
    xhr.addEventListener('error', () => reject(new TypeError('Failed to fetch')));
    xhr.addEventListener('abort', () => reject(new DOMException('Upload aborted', 'AbortError')));
    const body = new FormData();
    body.append('photo', file);
    xhr.send(body);
  });
}

export function useUploadPhoto(id: string, onProgress?: (percent: number) => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (file: File) => uploadPhoto(id, file, onProgress),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: participantKeys.detail(id) }),
  });
}
