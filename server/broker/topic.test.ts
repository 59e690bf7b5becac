import { describe, expect, it } from 'vitest';
import { topicMatches } from './topic.ts';

describe('topicMatches', () => {
  it('matches exact topics and single-level wildcards', () => {
    expect(topicMatches('a/b/c', 'a/b/c')).toBe(true);
    expect(topicMatches('a/+/c', 'a/b/c')).toBe(true);
    expect(topicMatches('a/+/c', 'a/b/d')).toBe(false);
    expect(topicMatches('a/+', 'a/b/c')).toBe(false);
  });

  it('matches multi-level wildcards, including the parent level', () => {
    expect(topicMatches('a/#', 'a/b/c')).toBe(true);
    expect(topicMatches('a/#', 'a')).toBe(true);
    expect(topicMatches('b/#', 'a/b')).toBe(false);
  });

  it('ignores the shared-subscription prefix', () => {
    expect(
      topicMatches('$share/nordlys/registries/+/devices/+/data', 'registries/1/devices/2/data'),
    ).toBe(true);
  });
});
