import { z } from 'zod';
import { Uuid, VARIANT_PATH_META, checkedByDomain } from './common';

/**
 * "Tell me when it is back" (issue 13): a signed-in shopper asks to be e-mailed when a sold-out
 * product, or one sold-out variant path of it, can be bought again. The variant path is '' for the
 * product as a whole (a product without variants, or one whose every path is sold out), else a full
 * path (`0/2`). Asking again is idempotent; cancelling what was not asked is fine.
 */

/** `POST /back_in_stock`. */
export const BackInStockRequest = z
  .object({
    productId: checkedByDomain({ type: 'string', format: 'uuid', description: 'uuid of an enabled, sold-out product' }),
    variantPath: checkedByDomain({
      ...VARIANT_PATH_META,
      description: "A sold-out full variant path of the product (`0/2`); '' or absent for the product as a whole",
    }),
  })
  .meta({ id: 'BackInStockRequest', required: ['productId'] });
export type BackInStockRequest = z.infer<typeof BackInStockRequest>;

/** `DELETE /back_in_stock/{productId}?variantPath=`: '' or absent for the product as a whole. */
export const BackInStockCancelQuery = z.object({
  variantPath: z.string().max(200).optional().describe("The variant path asked for; '' or absent for the product as a whole"),
});

/** Every answer of `/back_in_stock`: the variant paths of the product the shopper is waiting for. */
export const BackInStockState = z
  .object({
    productId: Uuid,
    variantPaths: z
      .array(z.string())
      .describe("The variant paths the shopper waits for ('' for the product as a whole), not yet mailed; empty when none"),
  })
  .meta({ id: 'BackInStockState' });
export type BackInStockState = z.infer<typeof BackInStockState>;
