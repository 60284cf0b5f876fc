/**
 * Images staff upload (issue 14, decision 0015): decoded by sharp to prove they are images (JPEG,
 * PNG, WebP, AVIF or GIF; SVG never, since it can carry scripts), turned upright, stripped of their
 * metadata (GPS position, camera), re-encoded as WebP no larger than the storefront shows, with a
 * thumbnail named as the storefront expects (`thumbnailName`), and stored on the assets host. The
 * files are written under temporary names and renamed into place, so a failure leaves none behind.
 */
import { randomUUID } from 'node:crypto';
import { mkdir, rename, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import sharp, { type Metadata, type SharpOptions } from 'sharp';
import { AppError, thumbnailName } from '@kedai/domain';

/** Longer side of a stored image and of its thumbnail, in pixels. */
const IMAGE_MAX_SIDE = 1600;
const THUMBNAIL_MAX_SIDE = 400;
/** Most pixels a picture may have: a small file that decodes into gigabytes is refused. */
const MAX_INPUT_PIXELS = 50_000_000;
const FOLDER = 'products';

const DECODE: SharpOptions = { failOn: 'error', limitInputPixels: MAX_INPUT_PIXELS, animated: false };

/** The formats taken, by what the bytes are (never by their name or content type). AVIF is HEIF with AV1. */
function isTaken(meta: Metadata): boolean {
  if (meta.format === 'heif') return meta.compression === 'av1';
  return meta.format === 'jpeg' || meta.format === 'png' || meta.format === 'webp' || meta.format === 'gif';
}

function notAnImage(detail: string): AppError {
  const message = `${detail}: upload a JPEG, PNG, WebP, AVIF or GIF image`;
  return new AppError('general/unsupported_media_type', [message], message);
}

async function readable(bytes: Uint8Array): Promise<Metadata> {
  let meta: Metadata;
  try {
    // Only the header is read here; the pixel limit is ours to say below (413, not "not an image").
    meta = await sharp(bytes, { ...DECODE, limitInputPixels: false }).metadata();
  } catch {
    throw notAnImage('This file is not an image');
  }
  if (!isTaken(meta)) throw notAnImage(`${meta.format.toUpperCase()} files are not taken`);
  if (!meta.width || !meta.height) throw notAnImage('This image has no size');
  if (meta.width * meta.height > MAX_INPUT_PIXELS) {
    const message = `This image has more than ${MAX_INPUT_PIXELS / 1_000_000} million pixels`;
    throw new AppError('general/payload_too_large', [message], message);
  }
  return meta;
}

interface Encoded {
  full: Buffer;
  thumb: Buffer;
}

async function encode(bytes: Uint8Array): Promise<Encoded> {
  const inside = (side: number) => ({ width: side, height: side, fit: 'inside' as const, withoutEnlargement: true });
  try {
    // sharp keeps no metadata unless asked to: EXIF (GPS), XMP and IPTC are dropped here.
    const full = await sharp(bytes, DECODE).autoOrient().resize(inside(IMAGE_MAX_SIDE)).webp({ quality: 82 }).toBuffer();
    const thumb = await sharp(full).resize(inside(THUMBNAIL_MAX_SIDE)).webp({ quality: 80 }).toBuffer();
    return { full, thumb };
  } catch {
    // The header was readable but the picture is not (truncated or corrupt data).
    throw notAnImage('This image cannot be read');
  }
}

/** Writes every file under a temporary name, then renames them into place; on any failure none is left. */
async function writeAll(files: [path: string, data: Buffer][]): Promise<void> {
  const temporary = files.map(([path]) => `${path}.${randomUUID()}.part`);
  try {
    await Promise.all(files.map(([, data], i) => writeFile(temporary[i]!, data, { flag: 'wx' })));
    for (const [i, [path]] of files.entries()) await rename(temporary[i]!, path);
  } catch (error) {
    await Promise.all([...temporary, ...files.map(([path]) => path)].map((path) => rm(path, { force: true })));
    throw error;
  }
}

interface StoredImage {
  /** Name on the assets host, for a product's `images`: `products/<uuid>.webp`. */
  image: string;
  width: number;
  height: number;
  bytes: number;
}

/**
 * Checks, re-encodes and stores one uploaded image with its thumbnail in `folder` under `dir` (the
 * assets folder's `products`, or the private folder's `chat` for the photos of order conversations): 415
 * `general/unsupported_media_type` for anything that is not an image we take, 413
 * `general/payload_too_large` for too many pixels.
 */
export async function storeImage(dir: string, bytes: Uint8Array, folder: 'products' | 'chat' = FOLDER): Promise<StoredImage> {
  await readable(bytes);
  const { full, thumb } = await encode(bytes);
  const { width = 0, height = 0 } = await sharp(full).metadata();
  const image = `${folder}/${randomUUID()}.webp`;
  await mkdir(join(dir, folder), { recursive: true });
  // The thumbnail first: a product never names an image whose thumbnail is missing.
  await writeAll([
    [join(dir, thumbnailName(image)), thumb],
    [join(dir, image), full],
  ]);
  return { image, width, height, bytes: full.length };
}

/** Removes a stored image and its thumbnail from `dir` (when what follows the upload fails). */
export async function removeImage(dir: string, image: string): Promise<void> {
  await Promise.all([image, thumbnailName(image)].map((name) => rm(join(dir, name), { force: true })));
}
