import type { I18n } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type { Protocol } from '../../../../contracts/registry.ts';

/** A protocol as the console names it: MQTT and HTTP in capitals, "none" in words. */
export const protocolLabel = (protocol: Protocol, i18n: I18n): string =>
  protocol === 'none' ? i18n._(msg`None`) : protocol.toUpperCase();
