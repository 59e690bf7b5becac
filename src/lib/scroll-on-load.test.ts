import type { ParsedLocation } from '@tanstack/react-router';
import { describe, expect, it } from 'vitest';
import { scrollRestorationOnLoad } from './scroll-on-load.ts';

const location = { pathname: '/dashboard' } as ParsedLocation;
const opened = (type: string) => () => ({ type }) as unknown as PerformanceEntry;

describe('scroll restoration on the page the console opened on', () => {
  it('leaves a page just opened as it is, and restores every later one', () => {
    const restores = scrollRestorationOnLoad(opened('navigate'));
    expect(restores({ location })).toBe(false);
    expect(restores({ location })).toBe(true);
    expect(restores({ location })).toBe(true);
  });

  it('restores a page the browser came back to: a reload, back or forward', () => {
    for (const type of ['reload', 'back_forward'])
      expect(scrollRestorationOnLoad(opened(type))({ location }), type).toBe(true);
  });

  it('leaves the page as it is where the browser does not say how it came', () => {
    expect(scrollRestorationOnLoad(() => undefined)({ location })).toBe(false);
  });
});
