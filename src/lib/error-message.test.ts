import { beforeAll, describe, expect, it } from 'vitest';
import { ApiError, NetworkError } from './api-client.ts';
import { errorMessage } from './error-message.ts';
import { activateLocale, i18n } from './i18n.ts';

beforeAll(() => activateLocale('en'));

describe('what a failed call says', () => {
  it('says network error only for a request that got no answer', () => {
    expect(errorMessage(i18n, new NetworkError())).toBe('Network Error');
  });

  it("says the server's message for its answer, a 400 or a 500 alike", () => {
    expect(
      errorMessage(i18n, new ApiError(400, 'body.token must NOT have fewer than 1 characters')),
    ).toBe('body.token must NOT have fewer than 1 characters');
    expect(
      errorMessage(
        i18n,
        new ApiError(500, 'Something went wrong on our side. Please try again later.'),
      ),
    ).toBe('Something went wrong on our side. Please try again later.');
  });

  it("says the spec's text for a 404", () => {
    expect(errorMessage(i18n, new ApiError(404, 'Resource not found'))).toBe('Resource not found');
    expect(errorMessage(i18n, new ApiError(404, ''))).toBe('Resource not found');
  });

  it('falls back to the given text, or the general one, when the failure has no words', () => {
    expect(errorMessage(i18n, new ApiError(500, ''), 'Update failed')).toBe('Update failed');
    expect(errorMessage(i18n, undefined)).toBe('Error');
  });
});
