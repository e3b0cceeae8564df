import { PHOTO_MAX_BYTES, photoMessages } from '@/shared/schemas/participants';

const ACCEPTED_TYPES = ['image/jpeg', 'image/png'];
const ACCEPTED_NAME = /\.(jpe?g|png)$/i;

/** What is wrong (`kind`, which the component titles in the page's language) and what to do. */
export type PhotoProblem = { kind: 'type' | 'size'; description: string };

/**
 * What is wrong with a chosen file before it is sent (spec section 5): JPG, JPEG or PNG
 * only, at most 2 MB. The type comes from the browser, or from the name when the
 * browser does not know it. The server checks again, from the bytes.
 */
export function photoProblem(file: Pick<File, 'type' | 'name' | 'size'>): PhotoProblem | null {
  const typeOk = file.type ? ACCEPTED_TYPES.includes(file.type) : ACCEPTED_NAME.test(file.name);
  if (!typeOk) return { kind: 'type', description: photoMessages.type };
  if (file.size > PHOTO_MAX_BYTES) return { kind: 'size', description: photoMessages.size };
  return null;
}
