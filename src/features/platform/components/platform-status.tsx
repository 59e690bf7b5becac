import { Trans } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import styled from 'styled-components';
import { readinessQuery } from '../api/queries.ts';

const List = styled.dl`
  display: grid;
  grid-template-columns: max-content 1fr;
  gap: 6px 16px;
  margin: 0;
`;

const State = styled.dd<{ $up: boolean }>`
  margin: 0;
  font-weight: 600;
  color: ${({ theme, $up }) => ($up ? theme.colors.success : theme.colors.danger)};
`;

/** What the platform behind the console is running on, and whether it is reachable. */
export function PlatformStatus() {
  const { data, isPending, isError } = useQuery(readinessQuery());

  if (isPending) {
    return (
      <p role="status">
        <Trans>Checking the platform…</Trans>
      </p>
    );
  }
  if (isError) {
    return (
      <p role="alert">
        <Trans>The platform cannot be reached. Network error.</Trans>
      </p>
    );
  }
  const up = (state: 'up' | 'down') =>
    state === 'up' ? <Trans>reachable</Trans> : <Trans>not reachable</Trans>;
  return (
    <List aria-label="platform">
      <dt>
        <Trans>Database</Trans>
      </dt>
      <State $up={data.checks.database === 'up'}>
        {data.database === 'postgres' ? 'PostgreSQL' : 'PGlite'} · {up(data.checks.database)}
      </State>
      <dt>
        <Trans>MQTT broker</Trans>
      </dt>
      <State $up={data.checks.broker === 'up'}>
        {data.broker === 'embedded' ? <Trans>embedded</Trans> : <Trans>external</Trans>} ·{' '}
        {up(data.checks.broker)}
      </State>
    </List>
  );
}
