/** Addresses of the password, profile, address-book and two-factor pages (the others are in paths.ts). */
export { FORGOT_PASSWORD_PATH, PROFILE_PATH } from './paths';
export const RESET_PASSWORD_PATH = '/reset_password';
export const CHANGE_PASSWORD_PATH = '/profile/password';
export const ADDRESSES_PATH = '/profile/addresses';
export const TWO_FACTOR_PATH = '/two_factor';
export const TWO_FACTOR_RESET_PATH = '/two_factor/reset';
