import fs from 'node:fs';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { activateLocale, chooseLocale, startLocale } from './i18n.ts';

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

describe('the language before sign-in', () => {
  beforeEach(() => localStorage.clear());
  afterEach(() => vi.restoreAllMocks());

  it('is Danish whatever languages the browser prefers', () => {
    vi.spyOn(navigator, 'languages', 'get').mockReturnValue(['en-US', 'en']);
    expect(startLocale()).toBe('da');
  });

  it('is the one last chosen on the pages before sign-in', async () => {
    await chooseLocale('en');
    expect(startLocale()).toBe('en');
    await chooseLocale('da');
    expect(startLocale()).toBe('da');
  });

  it("is not taken from a signed-in user's language or a mailed link's", async () => {
    await activateLocale('en');
    expect(startLocale()).toBe('da');
  });
});
