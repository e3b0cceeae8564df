import crypto from 'node:crypto';
import type Sharp from 'sharp';
import type { Metadata } from 'sharp';
import { tr } from '../../../shared/i18n/runtime';
import { photoMessages } from '../../../shared/schemas/participants';
import { AppError, badRequest } from '../../lib/app-error';

export const MAX_PIXELS = 25_000_000;
/** decisions.md section 8: each side at most 8000 px, the longer at most 10 times the shorter. */
export const MAX_SIDE = 8000;
export const MAX_ASPECT_RATIO = 10;
/** Decodes running at once per process: each can take hundreds of MB and seconds of CPU. */
export const MAX_CONCURRENT_DECODES = 2;
const OUTPUT_SIZE = 512;

/** Read in the request's language (decisions.md section 13). */
export const photoShapeMessages = {
  get side(): string {
    return tr('errors', 'photo.side', { max: MAX_SIDE });
  },
  get ratio(): string {
    return tr('errors', 'photo.ratio', { ratio: MAX_ASPECT_RATIO });
  },
};

/** A counting semaphore: `run` waits until fewer than `limit` tasks are running. */
export function createLimiter(limit: number) {
  let active = 0;
  const waiting: (() => void)[] = [];
  return {
    get active() {
      return active;
    },
    get waiting() {
      return waiting.length;
    },
    async run<T>(task: () => Promise<T>): Promise<T> {
      if (active >= limit) await new Promise<void>((resolve) => waiting.push(resolve));
      else active++;
      try {
        return await task();
      } finally {
        // The slot passes straight to the next waiter, so `active` never drops below it.
        const next = waiting.shift();
        if (next) next();
        else active--;
      }
    },
  };
}

export const decodeLimiter = createLimiter(MAX_CONCURRENT_DECODES);

/** Refuses, from the header alone, an image whose decoding would cost too much. */
export function checkPhotoShape(width: number, height: number): void {
  const refuse = (message: string) => badRequest(message, { photo: message });
  if (width > MAX_SIDE || height > MAX_SIDE) throw refuse(photoShapeMessages.side);
  if (Math.max(width, height) > MAX_ASPECT_RATIO * Math.min(width, height))
    throw refuse(photoShapeMessages.ratio);
}

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
  if (!meta.width || !meta.height) throw new AppError(415, 'UNSUPPORTED_TYPE', photoMessages.type);
  // metadata() read the header only: nothing has been decoded yet.
  checkPhotoShape(meta.width, meta.height);
  if (meta.width * meta.height > MAX_PIXELS) {
    throw new AppError(
      413,
      'TOO_MANY_PIXELS',
      tr('errors', 'photo.tooManyPixels', { megapixels: MAX_PIXELS / 1_000_000 }),
    );
  }
  let data: Buffer;
  try {
    data = await decodeLimiter.run(() =>
      sharp(bytes, { limitInputPixels: MAX_PIXELS, failOn: 'error' })
        .rotate()
        .resize(OUTPUT_SIZE, OUTPUT_SIZE, {
          fit: 'cover',
          position: 'attention',
          withoutEnlargement: false,
        })
        .flatten({ background: '#ffffff' })
        .jpeg({ quality: 82, mozjpeg: true })
        .toBuffer(),
    );
  } catch {
    throw new AppError(415, 'UNSUPPORTED_TYPE', photoMessages.type);
  }
  const etag = crypto.createHash('sha256').update(data).digest('hex').slice(0, 32);
  return { data, contentType: 'image/jpeg', etag };
}
