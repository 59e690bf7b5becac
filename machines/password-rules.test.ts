import { describe, expect, it } from 'vitest';
import { MIN_PASSWORD_LENGTH, validatePassword } from './password-rules.ts';

describe('validatePassword', () => {
  it('accepts a long enough password that matches its confirmation', () => {
    expect(validatePassword('correcthorse', 'correcthorse')).toBeNull();
  });

  it('accepts exactly the minimum length', () => {
    const password = 'x'.repeat(MIN_PASSWORD_LENGTH);
    expect(MIN_PASSWORD_LENGTH).toBe(8);
    expect(validatePassword(password, password)).toBeNull();
  });

  it('refuses an empty password, whatever the confirmation', () => {
    expect(validatePassword('', '')).toBe('passwordEmpty');
    expect(validatePassword('', 'something')).toBe('passwordEmpty');
  });

  it('refuses a password one character under the minimum', () => {
    expect(validatePassword('1234567', '1234567')).toBe('passwordUnder8');
  });

  it('reports a short password before a mismatch', () => {
    expect(validatePassword('short', 'other')).toBe('passwordUnder8');
  });

  it('refuses a confirmation that differs', () => {
    expect(validatePassword('correcthorse', 'correcthorsE')).toBe('passwordMismatch');
    expect(validatePassword('correcthorse', '')).toBe('passwordMismatch');
  });
});
