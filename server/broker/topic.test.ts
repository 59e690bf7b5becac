import { describe, expect, it } from 'vitest';
import { topicFilter } from './topic.ts';

const topicMatches = (filter: string, topic: string) => topicFilter(filter)(topic);

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

describe('topicFilter', () => {
  it('matches level by level, empty levels included', () => {
    const data = topicFilter('registries/+/devices/+/data');
    expect(data('registries/1/devices/2/data')).toBe(true);
    expect(data('registries//devices/2/data')).toBe(true);
    expect(data('registries/1/devices/2/data/more')).toBe(false);
    expect(data('registries/1/devices/2')).toBe(false);
    expect(data('registries/1/device/2/data')).toBe(false);
    expect(data('registries/1/devicesx/2/data')).toBe(false);
    expect(topicFilter('a/b')('a/b/')).toBe(false);
    expect(topicFilter('a/+')('a/')).toBe(true);
    expect(topicFilter('a/#')('a/b/c')).toBe(true);
    expect(topicFilter('#')('anything/at/all')).toBe(true);
  });
});
