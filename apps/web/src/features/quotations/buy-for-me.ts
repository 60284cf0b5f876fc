/**
 * "Buy it for me" (`/buy-for-me`, issue 15): reading a product from a link to another marketplace
 * (`POST /product/searchExternal`), how the preview words what was found, and the checks of the
 * form a shopper fills in by hand when the page could not be read (`POST /quotation/request` from 'r').
 */
import type { ExternalProduct } from '@kedai/contract';
import {
  LINK_MAX,
  QUOTATION_INSTRUCTIONS_MAX,
  QUOTATION_NAME_MAX,
  QUOTATION_QUANTITY_MAX,
  errorMessageFor,
  parseHttpLink,
  parseQuotationInstructions,
  parseQuotationName,
  parseQuotationQuantity,
  shopperMessage,
} from '@kedai/domain';
import { thunkCreatorFor } from '../../store/thunk';
import type { ManualQuotationInput, QuotationRoot } from './quotation-slice';

/**
 * Why a link could not be read, and the way on: `invalid`, the link is not a page's address (the
 * shopper fixes it); `unreadable`, the page could not be read (`link/…`: the shopper can describe the
 * product by hand); `other`, anything else (too many tries, no answer: try again, or by hand).
 */
export interface LinkProblem {
  message: string;
  kind: 'invalid' | 'unreadable' | 'other';
}

/**
 * Where the page goes after a failed reading: the form by hand (the page could not be read: its
 * message above, the link prefilled), the message with "try again" or "by hand" (anything else), or
 * back to the link's field with the message under it (the link is not a page's address).
 */
export function stepAfterFailure(problem: LinkProblem): 'manual' | 'failed' | 'field' {
  if (problem.kind === 'unreadable') return 'manual';
  return problem.kind === 'other' ? 'failed' : 'field';
}

/**
 * The site did not answer (or not with the page): said with its name, so the shopper knows the link
 * itself may be fine ("We could not reach shopee.sg just now…"), not told to check it.
 */
function unreachableMessage(link: string): string {
  const site = new URL(link).hostname.replace(/^www\./, '');
  return `We could not reach ${site} just now. Try again in a few minutes, or ask us for a quotation by hand.`;
}

/** The API's error code, when it gave one. */
function codeOf(error: unknown): string | null {
  const code = typeof error === 'object' && error !== null ? (error as { errorCode?: unknown }).errorCode : undefined;
  return typeof code === 'string' ? code : null;
}

/**
 * `POST /product/searchExternal {link}`: the marketplace product read from its page. A link that is
 * not an http(s) address is refused here, as the API would. The reading can take several seconds
 * (the API gives a page up to 8); a second ask for the same link joins the first.
 */
export const readProductLink = thunkCreatorFor<QuotationRoot, LinkProblem>()(
  'quotations/readProductLink',
  async (link: string, { extra, rejectWithValue }) => {
    const checked = parseHttpLink(link);
    if (!checked) return rejectWithValue({ message: shopperMessage('link/invalid'), kind: 'invalid' });
    try {
      const { externalProduct } = await extra.api.post('/product/searchExternal', { body: { link: checked } });
      return externalProduct;
    } catch (error) {
      const code = codeOf(error);
      const kind = code === 'link/invalid' ? 'invalid' : code?.startsWith('link/') ? 'unreadable' : 'other';
      const message = code === 'link/unreachable' ? unreachableMessage(checked) : errorMessageFor(error);
      return rejectWithValue({ message, kind });
    }
  },
);

/** The marketplace's price as found, plainly: "USD 129.90"; null when the page shows none. */
export function externalPriceText(product: Pick<ExternalProduct, 'price' | 'currency'>): string | null {
  if (!product.price) return null;
  return product.currency ? `${product.currency} ${product.price}` : product.price;
}

const AVAILABILITY_WORDS: Record<ExternalProduct['availability'], string> = {
  in_stock: 'In stock',
  out_of_stock: 'Out of stock',
  preorder: 'Available to pre-order',
  unknown: 'Not shown on the page',
};

export function availabilityText(product: Pick<ExternalProduct, 'availability'>): string {
  return AVAILABILITY_WORDS[product.availability];
}

/** What the shopper typed in the form by hand, as typed. */
export interface ManualForm {
  productUrl: string;
  productName: string;
  quantity: string;
  instructions: string;
  imageUrl: string;
}

export type ManualErrors = Partial<Record<keyof ManualForm, string>>;

/** The problems of the form by hand, one per field, in the words a shopper reads; empty when it can be sent. */
export function manualFormErrors(form: ManualForm): ManualErrors {
  const errors: ManualErrors = {};
  if (form.productUrl.trim() === '') errors.productUrl = 'Paste the link of the product page.';
  else if (!parseHttpLink(form.productUrl))
    errors.productUrl = `Paste the full address of the product page, starting with https:// (up to ${LINK_MAX} characters).`;
  if (!parseQuotationName(form.productName)) errors.productName = `Give the product a name of 1 to ${QUOTATION_NAME_MAX} characters.`;
  if (parseQuotationQuantity(form.quantity.trim()) === null) errors.quantity = `Choose a quantity from 1 to ${QUOTATION_QUANTITY_MAX}.`;
  if (parseQuotationInstructions(form.instructions) === null)
    errors.instructions = `Your instructions can have up to ${QUOTATION_INSTRUCTIONS_MAX} characters.`;
  if (form.imageUrl.trim() !== '' && !parseHttpLink(form.imageUrl))
    errors.imageUrl = 'The picture link must start with https:// (or leave it empty).';
  return errors;
}

/** The request for a checked form (see `manualFormErrors`). */
export function manualRequestOf(form: ManualForm): ManualQuotationInput {
  return {
    productUrl: form.productUrl.trim(),
    productName: form.productName.trim(),
    productQuantity: parseQuotationQuantity(form.quantity.trim()) ?? 1,
    instructions: form.instructions.trim(),
    imageUrl: form.imageUrl.trim(),
  };
}
