import { Plural, Trans } from '@lingui/react/macro';
import { PauseCircle } from 'lucide-react';
import styled from 'styled-components';
import { formatDateTime } from '../../../lib/format.ts';
import { WarningNotice } from '../../../ui/warning-notice.tsx';
import type { Device } from '../../../../contracts/device.ts';

const Notice = styled(WarningNotice)`
  p {
    margin: 0;
  }
`;

/**
 * Says which of the device's decoders ingest has paused, why and until when: meanwhile its
 * messages are kept without data points (docs/ingest.md). Nothing when none is paused.
 */
export function DecoderPauses({ pauses }: { pauses: Device['decoderPauses'] }) {
  if (pauses.length === 0) return null;
  return (
    <>
      {pauses.map((pause) => {
        const name = pause.function.name;
        const until = formatDateTime(pause.until);
        const count = pause.timeouts;
        return (
          <Notice key={pause.function.id} role="status">
            <PauseCircle size={18} aria-hidden />
            <div>
              <p>
                <Trans>
                  The decoder {name} is paused until {until}: it ran into its time limit{' '}
                  <Plural value={count} one="# time" other="# times" /> in a row.
                </Trans>
              </p>
              <p>
                <Trans>
                  Messages are kept without data points meanwhile. Changing the function’s code ends
                  the pause.
                </Trans>
              </p>
            </div>
          </Notice>
        );
      })}
    </>
  );
}
