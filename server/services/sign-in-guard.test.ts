import { describe, expect, it } from 'vitest';
import { signInSource } from './sign-in-guard.ts';

describe('signInSource', () => {
  it('keeps an IPv4 address, also when a dual-stack socket maps it into IPv6', () => {
    expect(signInSource('203.0.113.7')).toBe('203.0.113.7');
    expect(signInSource('::ffff:203.0.113.7')).toBe('203.0.113.7');
  });

  it('takes the /64 of an IPv6 address, however it is written', () => {
    expect(signInSource('2001:db8:1:2::1')).toBe('2001:db8:1:2::/64');
    expect(signInSource('2001:0db8:0001:0002:ffff:0:0:9')).toBe('2001:db8:1:2::/64');
    expect(signInSource('2001:db8::1')).toBe('2001:db8:0:0::/64');
    expect(signInSource('::1')).toBe('0:0:0:0::/64');
    expect(signInSource('fe80::1%eth0')).toBe('fe80:0:0:0::/64');
  });
});
