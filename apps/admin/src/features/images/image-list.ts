/**
 * A product's images as the editor works with them: names on the assets host, the first being the
 * main image. Files are checked here only for what the browser knows (their type), so staff hear at
 * once about a PDF; the API decides by the content and the size (415, 413).
 */
import { errorText, statusOf } from '../../lib/errors';

/** The types the API takes (not SVG), for the file input's `accept`. */
const UPLOAD_TYPES = ['image/jpeg', 'image/png', 'image/webp', 'image/avif', 'image/gif'] as const;
export const UPLOAD_ACCEPT = UPLOAD_TYPES.join(',');

/** The list with the image at `index` moved one place earlier (-1) or later (+1); unchanged at an end. */
export function moveImage(images: readonly string[], index: number, by: -1 | 1): string[] {
  const to = index + by;
  if (index < 0 || index >= images.length || to < 0 || to >= images.length) return [...images];
  const next = [...images];
  [next[index], next[to]] = [next[to]!, next[index]!];
  return next;
}

export const removeImage = (images: readonly string[], index: number): string[] => images.filter((_, i) => i !== index);

/** The list with `names` added at the end, blank ones and those already in it skipped. */
export function addImages(images: readonly string[], names: readonly string[]): string[] {
  const next = [...images];
  for (const raw of names) {
    const name = raw.trim();
    if (name !== '' && !next.includes(name)) next.push(name);
  }
  return next;
}

/** Why a picked file will not be sent (its type is not one the shop takes), or null. An empty type is left to the API. */
export function fileProblem(file: { name: string; type: string }): string | null {
  if (file.type === '' || (UPLOAD_TYPES as readonly string[]).includes(file.type)) return null;
  return `${file.name} is not a JPEG, PNG, WebP, AVIF or GIF image`;
}

/** What to tell staff about a refused upload of `fileName`. */
export function uploadProblem(fileName: string, error: unknown): string {
  const status = statusOf(error);
  if (status === 415) return `${fileName} was not uploaded: it is not a JPEG, PNG, WebP, AVIF or GIF image. ${errorText(error)}`;
  if (status === 413) return `${fileName} was not uploaded: it is too large. ${errorText(error)}`;
  return `${fileName} was not uploaded: ${errorText(error)}`;
}

/** "photo.jpg" for the position label of an image: the last part of its name. */
export const shortName = (name: string): string => name.slice(name.lastIndexOf('/') + 1);
