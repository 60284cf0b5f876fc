import { describe, expect, it } from 'vitest';
import { ApiError } from '@kedai/contract/client';
import { UPLOAD_ACCEPT, addImages, fileProblem, moveImage, removeImage, shortName, uploadProblem } from './image-list';

const list = ['products/a.webp', 'products/b.webp', 'products/c.webp'];

describe('image list operations', () => {
  it('moves an image one place, the first being the main image', () => {
    expect(moveImage(list, 1, -1)).toEqual(['products/b.webp', 'products/a.webp', 'products/c.webp']);
    expect(moveImage(list, 1, 1)).toEqual(['products/a.webp', 'products/c.webp', 'products/b.webp']);
  });
  it('leaves the list as it is at its ends and for unknown positions', () => {
    expect(moveImage(list, 0, -1)).toEqual(list);
    expect(moveImage(list, 2, 1)).toEqual(list);
    expect(moveImage(list, 7, -1)).toEqual(list);
  });
  it('removes one', () => {
    expect(removeImage(list, 0)).toEqual(['products/b.webp', 'products/c.webp']);
  });
  it('adds new names at the end, once', () => {
    expect(addImages(list, [' products/d.webp ', 'products/a.webp', '', 'products/d.webp'])).toEqual([...list, 'products/d.webp']);
  });
  it('names an image by its file', () => {
    expect(shortName('products/a.webp')).toBe('a.webp');
    expect(shortName('a.webp')).toBe('a.webp');
  });
});

describe('files', () => {
  it('accepts the types the API takes and never SVG', () => {
    expect(UPLOAD_ACCEPT).toBe('image/jpeg,image/png,image/webp,image/avif,image/gif');
    expect(fileProblem({ name: 'a.png', type: 'image/png' })).toBeNull();
    expect(fileProblem({ name: 'a.heic', type: '' })).toBeNull();
    expect(fileProblem({ name: 'logo.svg', type: 'image/svg+xml' })).toBe('logo.svg is not a JPEG, PNG, WebP, AVIF or GIF image');
  });
  it('explains a refusal by its status', () => {
    const refused = (status: number, code: string, error: string) =>
      new ApiError({ errorCode: code, error, params: [] }, status, '/admin/image');
    expect(uploadProblem('a.png', refused(415, 'general/unsupported_media_type', 'This file is not an image'))).toBe(
      'a.png was not uploaded: it is not a JPEG, PNG, WebP, AVIF or GIF image. This file is not an image',
    );
    expect(uploadProblem('big.jpg', refused(413, 'general/payload_too_large', 'Too large'))).toBe(
      'big.jpg was not uploaded: it is too large. Too large',
    );
    expect(uploadProblem('a.png', new Error('Failed to fetch'))).toBe('a.png was not uploaded: Failed to fetch');
  });
});
