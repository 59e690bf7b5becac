import type { I18n } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type { CollectionState } from '../../../../contracts/collection.ts';

const stateLabels = {
  active: msg`Active`,
  inactive: msg`Inactive`,
} as const;

/** A collection's state in the user's language (spec §4 Data collection states). */
export const stateLabel = (state: CollectionState, i18n: I18n) => i18n._(stateLabels[state]);
