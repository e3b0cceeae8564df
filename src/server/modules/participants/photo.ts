import crypto from 'node:crypto';
import type Sharp from 'sharp';
import type { Metadata } from 'sharp';
import { photoMessages } from '../../../shared/schemas/participants';
import { AppError } from '../../lib/app-error';

export const MAX_PIXELS = 25_000_000;
const OUTPUT_SIZE = 512;

/** The type an upload really is, from its first bytes, whatever its name or declared type. */
export function sniffImageType(bytes: Buffer): 'jpeg' | 'png' | null {
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff)
    return 'jpeg';
  const png = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
  if (bytes.length >= 8 && png.every((b, i) => bytes[i] === b)) return 'png';
  return null;
}

export type ProcessedPhoto = { data: Buffer; contentType: 'image/jpeg'; etag: string };

/**
 * Decodes, checks the size in pixels, turns it upright, crops it square,
 * strips every piece of metadata (EXIF location included) and re-encodes it
 * as JPEG: what is stored is pixels we produced, never the uploaded file.
 */
// sharp (libvips) is loaded on the first upload, not at start: most processes never resize a photo.
let sharpModule: Promise<{ default: typeof Sharp }> | undefined;
const loadSharp = async () => (await (sharpModule ??= import('sharp'))).default;

export async function processPhoto(bytes: Buffer): Promise<ProcessedPhoto> {
  const sharp = await loadSharp();
  if (!sniffImageType(bytes)) throw new AppError(415, 'UNSUPPORTED_TYPE', photoMessages.type);
  let meta: Metadata;
  try {
    meta = await sharp(bytes, { limitInputPixels: false }).metadata();
  } catch {
    throw new AppError(415, 'UNSUPPORTED_TYPE', photoMessages.type);
  }
  if (meta.format !== 'jpeg' && meta.format !== 'png')
    throw new AppError(415, 'UNSUPPORTED_TYPE', photoMessages.type);
  if (!meta.width || !meta.height || meta.width * meta.height > MAX_PIXELS) {
    throw new AppError(413, 'TOO_MANY_PIXELS', 'Please upload an image of at most 25 megapixels');
  }
  let data: Buffer;
  try {
    data = await sharp(bytes, { limitInputPixels: MAX_PIXELS, failOn: 'error' })
      .rotate()
      .resize(OUTPUT_SIZE, OUTPUT_SIZE, {
        fit: 'cover',
        position: 'attention',
        withoutEnlargement: false,
      })
      .flatten({ background: '#ffffff' })
      .jpeg({ quality: 82, mozjpeg: true })
      .toBuffer();
  } catch {
    throw new AppError(415, 'UNSUPPORTED_TYPE', photoMessages.type);
  }
  const etag = crypto.createHash('sha256').update(data).digest('hex').slice(0, 32);
  return { data, contentType: 'image/jpeg', etag };
}
