import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import styled from 'styled-components';
import type { DeviceStatus } from '../../contracts/device.ts';

export const statusLabels: Record<DeviceStatus, MessageDescriptor> = {
  green: msg`Connected and receiving data`,
  yellow: msg`Connected, no data`,
  red: msg`Disconnected`,
  none: msg`No device attached`,
};

const Dot = styled.span<{ $status: DeviceStatus }>`
  display: inline-block;
  flex: 0 0 auto;
  width: 12px;
  height: 12px;
  border-radius: 50%;
  background: ${({ theme, $status }) =>
    $status === 'green'
      ? theme.colors.success
      : $status === 'yellow'
        ? theme.colors.warning
        : $status === 'red'
          ? theme.colors.danger
          : 'transparent'};
  border: 2px solid
    ${({ theme, $status }) => ($status === 'none' ? theme.colors.textMuted : 'transparent')};
`;

const Hidden = styled.span`
  position: absolute;
  width: 1px;
  height: 1px;
  overflow: hidden;
  clip: rect(0 0 0 0);
  white-space: nowrap;
`;

const Wrap = styled.span`
  display: inline-flex;
  align-items: center;
  gap: 8px;
`;

/**
 * The status colour (spec §4), with its meaning for screen readers and as a
 * tooltip; `data-device-status` names the colour for tests and styling
 * (`data-status` is taken: router links carry `data-status="active"`).
 */
export function StatusDot({
  status,
  withText = false,
}: {
  status: DeviceStatus;
  withText?: boolean;
}) {
  const { i18n } = useLingui();
  const label = i18n._(statusLabels[status]);
  return (
    <Wrap title={label} data-device-status={status}>
      <Dot $status={status} aria-hidden />
      {withText ? <span>{label}</span> : <Hidden>{label}</Hidden>}
    </Wrap>
  );
}
