import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import styled from 'styled-components';
import { formatDateTime } from '../../../lib/format.ts';
import { Button } from '../../../ui/button.tsx';
import type { MqttForwardStatus } from '../../../../contracts/mqtt-forward.ts';
import { deviceForwardQuery } from '../../../api/devices/queries.ts';

type Tone = 'muted' | 'success' | 'warning' | 'danger';

const Box = styled.div<{ $tone: Tone }>`
  display: grid;
  gap: 4px;
  margin-bottom: 16px;
  padding: 12px 14px;
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-left: 4px solid
    ${({ theme, $tone }) => ($tone === 'muted' ? theme.colors.border : theme.colors[$tone])};
  border-radius: ${({ theme }) => theme.radius};
  p {
    margin: 0;
  }
  strong {
    font-weight: 600;
  }
`;

const Detail = styled.p`
  color: ${({ theme }) => theme.colors.textMuted};
  overflow-wrap: anywhere;
`;

const tones: Record<MqttForwardStatus['state'], Tone> = {
  off: 'muted',
  idle: 'muted',
  connecting: 'warning',
  connected: 'success',
  failing: 'danger',
  refused: 'danger',
};

function StateText({ status }: { status: MqttForwardStatus }) {
  const target = status.target ?? '';
  const since = status.since ? formatDateTime(status.since) : '';
  const next = status.nextRetryAt ? formatDateTime(status.nextRetryAt) : '';
  switch (status.state) {
    case 'off':
      return (
        <p>
          <strong>
            <Trans>Off</Trans>
          </strong>{' '}
          <Trans>No host and topic are set.</Trans>
        </p>
      );
    case 'idle':
      return (
        <p>
          <strong>
            <Trans>Not connected yet</Trans>
          </strong>{' '}
          <Trans>The connection to {target} opens with the device’s next data.</Trans>
        </p>
      );
    case 'connecting':
      return (
        <p>
          <strong>
            <Trans>Connecting</Trans>
          </strong>{' '}
          <Trans>to {target}</Trans>
        </p>
      );
    case 'connected':
      return (
        <p>
          <strong>
            <Trans>Connected</Trans>
          </strong>{' '}
          <Trans>
            to {target} since {since}
          </Trans>
        </p>
      );
    case 'failing':
    case 'refused':
      return (
        <>
          <p>
            <strong>
              {status.state === 'failing' ? (
                <Trans>Failing</Trans>
              ) : (
                <Trans>Refused by the address rules</Trans>
              )}
            </strong>{' '}
            {target}
          </p>
          <Detail>{status.error}</Detail>
          {status.nextRetryAt ? (
            <Detail>
              <Trans>
                Failed attempts in a row: {status.failures}. Next attempt with the device’s first
                data after {next}.
              </Trans>
            </Detail>
          ) : (
            <Detail>
              <Trans>No attempt is made. Change the host to forward the data.</Trans>
            </Detail>
          )}
        </>
      );
  }
}

/** The forward's connection as the server sees it, read again every few seconds. */
export function MqttForwardState({ deviceId }: { deviceId: number }) {
  const { t } = useLingui();
  const query = useQuery(deviceForwardQuery(deviceId));
  const label = t`Forward state`;
  if (query.isPending) {
    return (
      <Box $tone="muted" role="status" aria-label={label}>
        <p>
          <Trans>Reading the forward’s state…</Trans>
        </p>
      </Box>
    );
  }
  if (query.isError) {
    return (
      <Box $tone="danger" role="alert" aria-label={label}>
        <p>
          <Trans>The forward’s state could not be read.</Trans>
        </p>
        <div>
          <Button $variant="secondary" onClick={() => void query.refetch()}>
            <Trans>Try again</Trans>
          </Button>
        </div>
      </Box>
    );
  }
  return (
    <Box $tone={tones[query.data.state]} role="status" aria-label={label}>
      <StateText status={query.data} />
    </Box>
  );
}
