import { describe, expect, it } from 'vitest';
import { chatPhotoPath, parseChatPhotoName } from './chat-photos';

describe('private chat photos', () => {
  const uuid = '3b2e1e6a-0c5e-4a8f-9a51-6f3f0c1d2e4b';
  const order = '11111111-2222-4333-8444-555555555555';

  it('reads a route name as a stored photo and its size, and nothing else', () => {
    expect(parseChatPhotoName(`${uuid}.webp`)).toEqual({ image: `chat/${uuid}.webp`, size: 'full' });
    expect(parseChatPhotoName(`${uuid}_thumb.webp`)).toEqual({ image: `chat/${uuid}.webp`, size: 'thumb' });
    for (const bad of [
      '',
      `../${uuid}.webp`,
      `${uuid}.png`,
      `${uuid.toUpperCase()}.webp`,
      `${uuid}.webp/x`,
      `chat/${uuid}.webp`,
      `${uuid}_thumb_thumb.webp`,
      '..%2f.webp',
    ]) {
      expect(parseChatPhotoName(bad), bad).toBeNull();
    }
  });

  it("builds each side's route for a stored photo, and none for another image name", () => {
    expect(chatPhotoPath(order, `chat/${uuid}.webp`, 'full', 'shopper')).toBe(`/order/${order}/messages/photos/${uuid}.webp`);
    expect(chatPhotoPath(order, `chat/${uuid}.webp`, 'thumb', 'staff')).toBe(`/admin/order/${order}/messages/photos/${uuid}_thumb.webp`);
    expect(chatPhotoPath(order, `products/${uuid}.webp`, 'full', 'shopper')).toBeNull();
    expect(chatPhotoPath(order, 'chat/../secret.webp', 'full', 'shopper')).toBeNull();
  });
});
