import { describe, expect, it } from 'vitest';
import { ApiError } from '@kedai/contract/client';
import { errorText, fieldErrorsOf, isStale, sessionProblem } from './errors';

const apiError = (status: number, errorCode: string, error: string, params: unknown[] = []) =>
  new ApiError({ errorCode, error, params }, status, '/admin/product');

describe('errorText', () => {
  it("shows the API's own message first", () => {
    expect(errorText(apiError(403, 'auth/not_authorized', 'Your account does not have access to this part of the back office'))).toBe(
      'Your account does not have access to this part of the back office',
    );
  });
  it("falls back to the catalogue's wording of the code, with its parameters", () => {
    expect(errorText({ errorCode: 'cart/max_items_reached', error: '', params: [100] })).toBe(
      'Your cart can hold at most 100 different items',
    );
  });
  it('then to the error message, then to Unknown error', () => {
    expect(errorText(new Error('boom'))).toBe('boom');
    expect(errorText(undefined)).toBe('Unknown error');
    expect(errorText('')).toBe('Unknown error');
  });
});

describe('fieldErrorsOf', () => {
  it('maps the fields a 400 lists to their messages, the first per field', () => {
    const error = apiError(400, 'general/argument_error', 'Some of the details sent are not valid', [
      { field: 'name', errorCode: 'general/argument_error', error: 'Name must be 1 to 200 characters' },
      { field: 'variantPaths.0/1.price.SG', errorCode: 'general/argument_error', error: 'Price must be 0 or more' },
      { field: 'name', errorCode: 'general/argument_error', error: 'second' },
      'not a field',
    ]);
    expect(fieldErrorsOf(error)).toEqual({
      name: 'Name must be 1 to 200 characters',
      'variantPaths.0/1.price.SG': 'Price must be 0 or more',
    });
  });
  it('gives none for other answers', () => {
    expect(fieldErrorsOf(apiError(409, 'general/argument_error', 'stale', [{ field: 'name', error: 'x' }]))).toEqual({});
    expect(fieldErrorsOf(new Error('x'))).toEqual({});
  });
});

describe('session problems', () => {
  it('tells signed out, second factor owed and no role apart', () => {
    expect(sessionProblem(apiError(401, 'auth/not_authorized', 'Please sign in to continue'))).toBe('signed-out');
    expect(sessionProblem(apiError(403, 'auth/tfa_not_verified', 'x'))).toBe('second-factor');
    expect(sessionProblem(apiError(403, 'auth/not_authorized', 'x'))).toBe('no-access');
    expect(sessionProblem(apiError(404, 'product/not_found', 'x'))).toBeNull();
  });
  it('knows a stale save', () => {
    expect(isStale(apiError(409, 'product/version_conflict', 'changed'))).toBe(true);
    expect(isStale(apiError(409, 'product/param_name_taken', 'taken'))).toBe(false);
  });
});
