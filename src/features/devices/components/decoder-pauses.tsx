import { Plural, Trans } from '@lingui/react/macro';
import { PauseCircle } from 'lucide-react';
import styled from 'styled-components';
import { formatDateTime } from '../../../lib/format.ts';
import type { Device } from '../api/queries.ts';

const Notice = styled.div`
  display: flex;
  align-items: flex-start;
  gap: 8px 12px;
  margin-bottom: 12px;
  padding: 8px 12px;
  border: 1px solid ${({ theme }) => theme.colors.warning};
  border-radius: ${({ theme }) => theme.radius};
  background: ${({ theme }) => theme.colors.surface};
  color: ${({ theme }) => theme.colors.text};
  font-size: 0.875rem;
  svg {
    color: ${({ theme }) => theme.colors.warning};
    flex: none;
  }
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
