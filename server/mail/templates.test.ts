import { describe, expect, it } from 'vitest';
import { confirmAccountMail, passwordResetMail } from './templates.ts';

const link = 'https://nordlys.example/reset?token=abc123&lang=da';

describe('passwordResetMail', () => {
  it('has the right subject in Danish and English', () => {
    const da = passwordResetMail({ language: 'da', name: 'Mette', link, expiresInHours: 2 });
    const en = passwordResetMail({ language: 'en', name: 'Mette', link, expiresInHours: 2 });
    expect(da.subject).toBe('Nulstil din adgangskode til Nordlys');
    expect(en.subject).toBe('Reset your Nordlys password');
    expect(da.text).toContain('Hej Mette,');
    expect(en.text).toContain('Hi Mette,');
  });

  it('puts the link on its own line in the text and in the html, with the validity', () => {
    const mail = passwordResetMail({ language: 'da', name: 'Mette', link, expiresInHours: 2 });
    expect(mail.text.split('\n')).toContain(link);
    expect(mail.text).toContain('2 timer');
    expect(mail.text).toContain('se bort fra denne e-mail');
    // In html the & of the query string is escaped, in the button and in the visible URL.
    const escaped = link.replace('&', '&amp;');
    expect(mail.html).toContain(`href="${escaped}"`);
    expect(mail.html.split(escaped).length - 1).toBeGreaterThanOrEqual(3);
    expect(mail.html).toContain('lang="da"');
  });

  it('states the validity in English with a singular hour', () => {
    const mail = passwordResetMail({ language: 'en', name: 'Ann', link, expiresInHours: 1 });
    expect(mail.text).toContain('The link expires in 1 hour.');
    expect(mail.text).toContain('If you did not ask to reset your password');
  });

  it('escapes the name in html but keeps it verbatim in text', () => {
    const name = '<script>alert("x")</script> & Ø';
    const mail = passwordResetMail({ language: 'en', name, link, expiresInHours: 1 });
    expect(mail.html).not.toContain('<script>');
    expect(mail.html).toContain('&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; Ø');
    expect(mail.text).toContain(`Hi ${name},`);
  });

  it('greets neutrally when the name is empty', () => {
    const da = passwordResetMail({ language: 'da', name: '  ', link, expiresInHours: 1 });
    const en = passwordResetMail({ language: 'en', name: '', link, expiresInHours: 1 });
    expect(da.text.startsWith('Hej,\n')).toBe(true);
    expect(en.text.startsWith('Hello,\n')).toBe(true);
    expect(da.html).not.toContain('Hej ,');
  });

  it('falls back to Danish for an unknown language', () => {
    const mail = passwordResetMail({
      language: 'de' as unknown as 'da',
      name: 'Hans',
      link,
      expiresInHours: 1,
    });
    expect(mail.subject).toBe('Nulstil din adgangskode til Nordlys');
  });
});

describe('confirmAccountMail', () => {
  const input = {
    name: 'Jens',
    link: 'https://nordlys.example/confirm?token=xyz',
    organisation: 'Aarhus Vand',
    expiresInHours: 168,
  };

  it('has the right subject in Danish and English', () => {
    const da = confirmAccountMail({ ...input, language: 'da' });
    const en = confirmAccountMail({ ...input, language: 'en' });
    expect(da.subject).toBe('Bekræft din konto i Nordlys');
    expect(en.subject).toBe('Confirm your Nordlys account');
    expect(da.subject).not.toBe(en.subject);
  });

  it('names the organisation, the link and the validity in days', () => {
    const da = confirmAccountMail({ ...input, language: 'da' });
    const en = confirmAccountMail({ ...input, language: 'en' });
    expect(da.text).toContain('Aarhus Vand');
    expect(da.text).toContain('7 dage');
    expect(en.text).toContain('account in Aarhus Vand');
    expect(en.text).toContain('7 days');
    for (const mail of [da, en]) {
      expect(mail.text.split('\n')).toContain(input.link);
      expect(mail.html).toContain(`href="${input.link}"`);
      expect(mail.html).toContain('Aarhus Vand');
    }
  });

  it('escapes the organisation and name in html', () => {
    const mail = confirmAccountMail({
      ...input,
      language: 'da',
      name: '<b>Jens</b>',
      organisation: 'A&B "Drift"',
    });
    expect(mail.html).toContain('&lt;b&gt;Jens&lt;/b&gt;');
    expect(mail.html).toContain('A&amp;B &quot;Drift&quot;');
    expect(mail.html).not.toContain('<b>Jens</b>');
  });

  it('reads well without an organisation or a name', () => {
    const mail = confirmAccountMail({ ...input, language: 'en', name: '', organisation: '' });
    expect(mail.text.startsWith('Hello,\n')).toBe(true);
    expect(mail.text).toContain('You have been given an account on Nordlys.');
  });

  it('keeps 24 hours as hours and short validity in minutes', () => {
    expect(confirmAccountMail({ ...input, language: 'da', expiresInHours: 24 }).text).toContain(
      '24 timer',
    );
    expect(confirmAccountMail({ ...input, language: 'en', expiresInHours: 0.5 }).text).toContain(
      '30 minutes',
    );
  });
});
