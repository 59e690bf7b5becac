import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type { MapThemeId } from '../../contracts/map.ts';

/** The eight map themes' names (spec §9), as settings and every map name them. */
export const mapThemeLabels: Record<MapThemeId, MessageDescriptor> = {
  0: msg`Standard`,
  1: msg`Light`,
  2: msg`Dark`,
  3: msg`Satellite`,
  4: msg`Terrain`,
  5: msg`Night`,
  6: msg`Retro`,
  7: msg`Silver`,
};
