import fs from 'node:fs';
import path from 'node:path';
import { beforeEach, describe, expect, it } from 'vitest';
import { detectLocale } from './i18n.ts';

function entries(locale: string): { id: string; text: string }[] {
  const file = path.resolve(__dirname, '../locales', locale, 'messages.po');
  const po = fs.readFileSync(file, 'utf8');
  return [...po.matchAll(/msgid "((?:[^"\\]|\\.)+)"\nmsgstr "((?:[^"\\]|\\.)*)"/g)].map((m) => ({
    id: m[1] ?? '',
    text: m[2] ?? '',
  }));
}

describe('translations', () => {
  it('has a Danish text for every message', () => {
    const danish = entries('da');
    expect(danish.length).toBeGreaterThan(0);
    expect(danish.filter((e) => e.text === '').map((e) => e.id)).toEqual([]);
  });

  it('has the same messages in Danish and English', () => {
    expect(entries('da').map((e) => e.id)).toEqual(entries('en').map((e) => e.id));
  });
});

describe('detectLocale', () => {
  beforeEach(() => localStorage.clear());

  it('follows the browser when it speaks a language Nordlys has', () => {
    expect(detectLocale(['en-GB', 'da'])).toBe('en');
    expect(detectLocale(['da-DK'])).toBe('da');
  });

  it('falls back to Danish', () => {
    expect(detectLocale(['fr-FR', 'de'])).toBe('da');
    expect(detectLocale([])).toBe('da');
  });

  it('prefers the language chosen earlier in this browser', () => {
    localStorage.setItem('nordlys.locale', 'en');
    expect(detectLocale(['da-DK'])).toBe('en');
  });
});
