import { randomBytes } from 'node:crypto';
import { readdirSync } from 'node:fs';
import { crc32 } from 'node:zlib';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { thumbnailName } from '@kedai/domain';
import { TestClient } from '../client';
import { LIFTED_LIMITS, staffClient } from '../accounts';
import { createTestApp, expectError, type TestApp } from '../helpers';

/** Image uploads of the back office (issue 14): real images through the real app, refusals that leave nothing behind. */

const LIMIT = 200_000;
let t: TestApp;
let staff: TestClient;
beforeAll(async () => {
  t = await createTestApp({ env: { ...LIFTED_LIMITS, MAX_IMAGE_UPLOAD_BYTES: String(LIMIT) } });
  ({ client: staff } = await staffClient(t.app, 'staff', t.clock.now));
});
afterAll(() => t?.close());

/** Every file under the assets folder, temporary ones included. */
const assetFiles = () => readdirSync(t.config.assetsDir, { recursive: true, encoding: 'utf8' }).sort();

const upload = (client: TestClient, bytes: Buffer | string, type: string) =>
  client.request('POST', '/admin/image', bytes, { 'content-type': type });

const picture = (width: number, height: number) => sharp({ create: { width, height, channels: 3, background: { r: 200, g: 40, b: 60 } } });

/** The stored image and its thumbnail, fetched from the assets host as the storefront would. */
async function served(image: string) {
  const fetch = async (name: string) => {
    const answer = await t.app.inject({ method: 'GET', url: `/assets/${name}` });
    expect(answer.statusCode, name).toBe(200);
    expect(answer.headers['content-type']).toBe('image/webp');
    return sharp(answer.rawPayload).metadata();
  };
  return { full: await fetch(image), thumb: await fetch(thumbnailName(image)) };
}

describe('POST /admin/image', () => {
  it('stores a PNG as WebP, at most 1600 px, with its 400 px thumbnail, both served at /assets/…', async () => {
    const png = await picture(2400, 1200).png().toBuffer();
    const answer = await upload(staff, png, 'image/png');
    expect(answer.status, JSON.stringify(answer.body)).toBe(201);
    const { image } = answer.body as { image: string };
    expect(image).toMatch(/^products\/[0-9a-f-]{36}\.webp$/);
    const { full, thumb } = await served(image);
    expect(full).toMatchObject({ format: 'webp', width: 1600, height: 800 });
    expect(thumb).toMatchObject({ format: 'webp', width: 400, height: 200 });
    expect(assetFiles()).toEqual(expect.arrayContaining([image, thumbnailName(image)]));
    expect(assetFiles().some((name) => name.endsWith('.part'))).toBe(false);

    // The name is one a product's images take.
    const product = await staff.post('/admin/product', {
      name: 'Uploaded Picture Kit',
      description: '',
      categoryId: null,
      merchantId: null,
      sourceMarketPlace: null,
      sourceUrl: null,
      weight: 500,
      price: { SG: 990 },
      variants: [],
      variantPaths: {},
      images: [image],
      disabled: false,
    });
    expect(product.status, JSON.stringify(product.body)).toBe(201);
    expect(product.body.product.images).toEqual([image]);
  });

  it('stores a JPEG upright, without its EXIF (GPS position), never enlarged', async () => {
    const jpeg = await picture(300, 200)
      .jpeg()
      .withMetadata({ orientation: 6 })
      .withExif({ IFD0: { Make: 'Kedai Camera' }, IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '1/1 17/1 0/1' } })
      .toBuffer();
    expect((await sharp(jpeg).metadata()).exif).toBeDefined();
    const answer = await upload(staff, jpeg, 'image/jpeg');
    expect(answer.status, JSON.stringify(answer.body)).toBe(201);
    const { full, thumb } = await served(answer.body.image as string);
    expect(full).toMatchObject({ width: 200, height: 300 });
    expect(full.exif).toBeUndefined();
    expect(full.orientation).toBeUndefined();
    expect(thumb).toMatchObject({ width: 200, height: 300 });
  });

  it.each([
    ['WebP', 'image/webp', () => picture(40, 30).webp().toBuffer()],
    ['AVIF', 'image/avif', () => picture(40, 30).avif().toBuffer()],
    ['GIF', 'image/gif', () => picture(40, 30).gif().toBuffer()],
  ])('takes %s', async (_name, type, make) => {
    const answer = await upload(staff, await make(), type);
    expect(answer.status, JSON.stringify(answer.body)).toBe(201);
    expect((await served(answer.body.image as string)).full).toMatchObject({ width: 40, height: 30 });
  });

  const svg =
    '<svg xmlns="http://www.w3.org/2000/svg" width="100" height="100"><script>alert(document.cookie)</script>' +
    '<rect width="100" height="100" fill="red"/></svg>';
  const png = () => picture(20, 20).png().toBuffer();
  it.each<[string, () => Buffer | Promise<Buffer> | string, string]>([
    ['a text file named .png', () => 'This is not a picture, only words.\n', 'image/png'],
    ['an SVG sent as a PNG', () => svg, 'image/png'],
    ['an SVG with its own type', () => svg, 'image/svg+xml'],
    ['garbage bytes', () => randomBytes(5000), 'image/jpeg'],
    ['a PNG cut short', async () => (await png()).subarray(0, 60), 'image/png'],
    ['a TIFF', () => picture(20, 20).tiff().toBuffer(), 'image/png'],
    ['a JSON body', () => '{}', 'application/json'],
    ['a form', () => 'image=x', 'application/x-www-form-urlencoded'],
    ['an empty body', () => Buffer.alloc(0), 'image/png'],
  ])('refuses %s with 415 and stores nothing', async (_name, make, type) => {
    const before = assetFiles();
    const answer = await upload(staff, await make(), type);
    expectError(answer, 415, 'general/unsupported_media_type');
    expect(assetFiles()).toEqual(before);
  });

  it('refuses an upload above MAX_IMAGE_UPLOAD_BYTES with 413 and stores nothing', async () => {
    const noise = await sharp(randomBytes(400 * 400 * 3), { raw: { width: 400, height: 400, channels: 3 } })
      .png()
      .toBuffer();
    expect(noise.length).toBeGreaterThan(LIMIT);
    const before = assetFiles();
    expectError(await upload(staff, noise, 'image/png'), 413, 'general/payload_too_large');
    expect(assetFiles()).toEqual(before);
  });

  it('refuses a small file that would decode into too many pixels with 413', async () => {
    // A one-pixel PNG whose header says 10,000 × 6,000: sharp would allocate for every pixel it claims.
    const huge = await picture(1, 1).png().toBuffer();
    huge.writeUInt32BE(10_000, 16);
    huge.writeUInt32BE(6_000, 20);
    huge.writeUInt32BE(crc32(huge.subarray(12, 29)), 29);
    expect(huge.length).toBeLessThan(LIMIT);
    const before = assetFiles();
    expectError(await upload(staff, huge, 'image/png'), 413, 'general/payload_too_large');
    expect(assetFiles()).toEqual(before);
  });

  it('answers a visitor 401 and a shopper 403, storing nothing', async () => {
    const jpeg = await picture(20, 20).jpeg().toBuffer();
    const before = assetFiles();
    expectError(await upload(new TestClient(t.app), jpeg, 'image/jpeg'), 401, 'auth/not_authorized');
    const { client: shopper } = await staffClient(t.app, 'shopper', t.clock.now);
    expectError(await upload(shopper, jpeg, 'image/jpeg'), 403, 'auth/not_authorized');
    expect(assetFiles()).toEqual(before);
  });

  it('records the upload in the audit log', async () => {
    const { client: owner, user } = await staffClient(t.app, 'owner', t.clock.now);
    const { image } = (await upload(owner, await png(), 'image/png')).body as { image: string };
    const log = await owner.get(`/admin/audit?objectType=image&objectId=${encodeURIComponent(image)}`);
    expect(log.body.entries).toEqual([
      expect.objectContaining({
        action: 'image.upload',
        actor: expect.objectContaining({ id: user.id, email: user.email }),
        after: expect.objectContaining({ image }),
      }),
    ]);
  });
});
