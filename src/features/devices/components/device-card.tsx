import { Trans, useLingui } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';
import styled from 'styled-components';
import { formatDateTime } from '../../../lib/format.ts';
import { FavouriteStar } from '../../../ui/favourite-star.tsx';
import type { Device } from '../../../../contracts/device.ts';
import { availabilityLabels, communicationLabel } from './labels.ts';
import { StatusDot } from '../../../ui/status-dot.tsx';

const Box = styled.article`
  display: grid;
  gap: 8px;
  height: 100%;
  padding: 14px 16px;
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radius};
  background: ${({ theme }) => theme.colors.surface};
  header {
    display: flex;
    align-items: center;
    gap: 8px;
  }
  h2 {
    flex: 1;
    min-width: 0;
    margin: 0;
    font-size: 1rem;
    overflow-wrap: anywhere;
  }
  h2 a {
    color: inherit;
  }
  dl {
    display: grid;
    grid-template-columns: max-content 1fr;
    gap: 4px 12px;
    margin: 0;
    font-size: 0.875rem;
  }
  dt {
    color: ${({ theme }) => theme.colors.textMuted};
  }
  dd {
    margin: 0;
    overflow-wrap: anywhere;
  }
`;

/** A device in the list's card view. */
export function DeviceCard({ device }: { device: Device }) {
  const { i18n } = useLingui();
  return (
    <Box aria-label={device.name}>
      <header>
        <StatusDot status={device.status} />
        <h2>
          <Link to="/sensor/$id" params={{ id: String(device.id) }}>
            {device.name}
          </Link>
        </h2>
        <FavouriteStar
          entity={{
            type: 'sensor',
            id: device.id,
            name: device.name,
            description: device.description,
            org: device.org.name,
          }}
        />
      </header>
      <dl>
        <dt>
          <Trans>Registry</Trans>
        </dt>
        <dd>{device.registry?.name ?? '–'}</dd>
        <dt>
          <Trans>Device type</Trans>
        </dt>
        <dd>{device.deviceType?.name ?? '–'}</dd>
        <dt>
          <Trans>Organisation</Trans>
        </dt>
        <dd>{device.org.name}</dd>
        <dt>
          <Trans>Availability</Trans>
        </dt>
        <dd>{i18n._(availabilityLabels[device.availability])}</dd>
        <dt>
          <Trans>Communication</Trans>
        </dt>
        <dd>{i18n._(communicationLabel(device.communication))}</dd>
        <dt>
          <Trans>Last data</Trans>
        </dt>
        <dd>{device.lastDataAt ? formatDateTime(device.lastDataAt) : '–'}</dd>
      </dl>
    </Box>
  );
}
