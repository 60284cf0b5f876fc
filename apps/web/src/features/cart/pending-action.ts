/**
 * What a signed-out shopper asked for when they were sent to sign in: add to cart or buy now (with
 * the variant, quantity and note), save to the wishlist, be e-mailed when a sold-out product (the
 * variant path) is back (`notify`), or ask for a quotation (`quote`: the product page opens its
 * quotation form again with the variant and quantity, for the shopper to add instructions and send). Kept in `sessionStorage` (this tab, this
 * visit) across sign-in — and registration with its e-mail verification — so the product page can
 * finish it on the way back, and the sign-in and register pages can say why they were needed.
 * Forgotten once taken, and ignored after `PENDING_ACTION_TTL_MS`: an old wish is not acted on.
 */

export const PENDING_ACTION_KEY = 'kedai_pending_action';
/** How long a pending action is kept: long enough to register and find the verification e-mail. */
export const PENDING_ACTION_TTL_MS = 60 * 60 * 1000;

export interface PendingAction {
  kind: 'add' | 'buy' | 'wishlist' | 'notify' | 'quote';
  productId: string;
  /** For the sign-in page's sentence ("Sign in to add 2 × Kopi to your cart"). */
  productName: string;
  variantPath: string;
  quantity: number;
  message: string;
  /** When it was asked for (ms since the epoch). */
  savedAt: number;
}

type StorageLike = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

function sessionStore(): StorageLike | null {
  try {
    return typeof sessionStorage === 'undefined' ? null : sessionStorage;
  } catch {
    return null; // storage disabled (privacy settings): the shopper asks again after signing in
  }
}

function isPendingAction(value: unknown): value is PendingAction {
  if (typeof value !== 'object' || value === null) return false;
  const v = value as Record<string, unknown>;
  return (
    (v.kind === 'add' || v.kind === 'buy' || v.kind === 'wishlist' || v.kind === 'notify' || v.kind === 'quote') &&
    typeof v.productId === 'string' &&
    typeof v.productName === 'string' &&
    typeof v.variantPath === 'string' &&
    typeof v.quantity === 'number' &&
    Number.isInteger(v.quantity) &&
    v.quantity >= 1 &&
    typeof v.message === 'string' &&
    typeof v.savedAt === 'number'
  );
}

/** Remembers what the shopper asked for (replacing an older wish). */
export function rememberPendingAction(
  action: Omit<PendingAction, 'savedAt'>,
  storage: StorageLike | null = sessionStore(),
  now: number = Date.now(),
): void {
  try {
    storage?.setItem(PENDING_ACTION_KEY, JSON.stringify({ ...action, savedAt: now }));
  } catch {
    // full or blocked: the shopper asks again after signing in
  }
}

/** The pending action, if any and still fresh, without forgetting it. */
export function peekPendingAction(storage: StorageLike | null = sessionStore(), now: number = Date.now()): PendingAction | null {
  let value: unknown;
  try {
    const raw = storage?.getItem(PENDING_ACTION_KEY);
    value = raw ? JSON.parse(raw) : null;
  } catch {
    return null;
  }
  if (!isPendingAction(value)) return null;
  const age = now - value.savedAt;
  return age >= 0 && age <= PENDING_ACTION_TTL_MS ? value : null;
}

/** The pending action for this product, forgotten as it is taken (a stale or other one is forgotten too). */
export function takePendingAction(
  productId: string,
  storage: StorageLike | null = sessionStore(),
  now: number = Date.now(),
): PendingAction | null {
  const action = peekPendingAction(storage, now);
  if (action && action.productId !== productId) return null; // another product's page will take it
  try {
    storage?.removeItem(PENDING_ACTION_KEY);
  } catch {
    // nothing to forget
  }
  return action;
}

/** Why signing in is needed, in a sentence: "Sign in to add 2 × Kopi to your cart." */
export function pendingActionReason(action: PendingAction, verb: 'Sign in' | 'Create an account'): string {
  const what = action.quantity > 1 ? `${action.quantity} × ${action.productName}` : action.productName;
  switch (action.kind) {
    case 'add':
      return `${verb} to add ${what} to your cart.`;
    case 'buy':
      return `${verb} to buy ${what}.`;
    case 'wishlist':
      return `${verb} to save ${action.productName} to your wishlist.`;
    case 'notify':
      return `${verb} to be e-mailed when ${action.productName} is back in stock.`;
    case 'quote':
      return `${verb} to ask for a quotation for ${what}.`;
  }
}
