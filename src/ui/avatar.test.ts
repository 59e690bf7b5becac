import { describe, expect, it } from 'vitest';
import { defaultAvatar } from './avatar.tsx';

describe('defaultAvatar', () => {
  it('takes initials from the name, or else the e-mail', () => {
    expect(defaultAvatar('mads@x.dk', 'Mads Holm').initials).toBe('MH');
    expect(defaultAvatar('ida.lund@x.dk', '').initials).toBe('IL');
  });

  it('gives the same e-mail the same colour, dark enough for white text', () => {
    const a = defaultAvatar('Mads@X.dk', 'A');
    expect(defaultAvatar('mads@x.dk', 'B').color).toBe(a.color);
    expect(a.color).toMatch(/^hsl\(\d+ 60% 30%\)$/);
  });
});
