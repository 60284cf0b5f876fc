/** Countries as the back office offers them: the domain's names and order (Singapore and Malaysia first). */
import { ADDRESS_COUNTRY_CODES, countryName, sortCountryCodes } from '@kedai/domain';

/** English name of an ISO 3166-1 alpha-2 code (the domain's, as the server and the storefront show it). */
export const countryLabel = (code: string): string => countryName(code);

let all: { code: string; name: string }[] | undefined;

/** Every country of the domain's address table by its English name, Singapore and Malaysia first. */
export function countryChoices(): { code: string; name: string }[] {
  all ??= sortCountryCodes([...ADDRESS_COUNTRY_CODES]);
  return all;
}
