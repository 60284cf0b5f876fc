/**
 * Amounts as the back office shows them: the domain's `formatMoney` ("SGD 12.50", "JP¥1,500", with
 * the currency's own decimals), or the code and the bare minor units when the currency cannot be
 * formatted, so a page never breaks on an odd amount.
 */
import { formatMoneyOrNull } from '@kedai/domain';

/** An amount in minor units of `currency`, formatted for reading. */
export const priceText = (minor: number, currency: string): string =>
  formatMoneyOrNull({ amount: minor, currency }) ?? `${currency} ${String(minor)}`;
