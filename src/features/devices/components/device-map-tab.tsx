import { Trans, useLingui } from '@lingui/react/macro';
import { MapPinOff } from 'lucide-react';
import { useRouteContext } from '@tanstack/react-router';
import { useState } from 'react';
import styled from 'styled-components';
import { DEVICE_PLACE_RIGHT, type Device } from '../../../../contracts/device.ts';
import { useUpdateDevice } from '../../../api/devices/mutations.ts';
import { PositionMap } from '../../../api/map/position-map.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { hasPrivilege } from '../../../lib/current-user.ts';
import { useNotify } from '../../../lib/notifications.ts';
import { Button } from '../../../ui/button.tsx';
import { Section } from '../../../ui/detail.tsx';
import { AddressOffer } from './address-offer.tsx';

const Note = styled.div`
  display: grid;
  justify-items: center;
  gap: 10px;
  padding: 40px 16px;
  text-align: center;
  color: ${({ theme }) => theme.colors.textMuted};
`;

const Actions = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: 8px 12px;
  margin-top: 8px;
  font-size: 0.875rem;
`;

/** Six decimals: about 10 cm, more than a device's place needs. */
const rounded = (degrees: number) => Math.round(degrees * 1e6) / 1e6;

/**
 * The device's map tab (spec §2): where it stands, in its live status colour.
 * Those who install devices drag it, or click where it stands, then save; the
 * address of the new place is offered as the device's address. Users see it
 * (docs/access.md). An uncalibrated device shows no place (spec §4, §8
 * notCalibrated).
 */
export function DeviceMapTab({ device }: { device: Device }) {
  const { t } = useLingui();
  const { user } = useRouteContext({ from: '/_app' });
  const canPlace = hasPrivilege(user, DEVICE_PLACE_RIGHT.name);
  const notify = useNotify();
  const save = useUpdateDevice(device.id);
  const [moved, setMoved] = useState<{ lat: number; lng: number } | null>(null);
  const [address, setAddress] = useState<string | null>(null);
  const title = (
    <h2>
      <Trans>Map</Trans>
    </h2>
  );
  if (!device.calibrated || device.lat === null || device.lng === null)
    return (
      <Section>
        {title}
        <Note role="status">
          <MapPinOff size={32} aria-hidden />
          <span>
            {device.calibrated && canPlace ? (
              <Trans>The device has no position yet. Set one when editing the device.</Trans>
            ) : device.calibrated ? (
              <Trans>The device has no position yet.</Trans>
            ) : (
              <Trans>The device is not calibrated: no map or weather data.</Trans>
            )}
          </span>
        </Note>
      </Section>
    );
  const place = moved ?? { lat: device.lat, lng: device.lng };
  const name = device.name;
  const point = {
    id: device.id,
    name: device.name,
    lat: place.lat,
    lng: place.lng,
    status: device.status,
  };
  const cancel = () => {
    setMoved(null);
    setAddress(null);
  };
  const submit = () => {
    if (!moved) return;
    save.mutate(
      { lat: moved.lat, lng: moved.lng, ...(address !== null ? { address } : {}) },
      {
        onSuccess: () => {
          cancel();
          notify(t`Updated`, 'success');
        },
        onError: (error) =>
          notify(error instanceof ApiError ? error.message : t`Update failed`, 'error'),
      },
    );
  };
  return (
    <Section>
      {title}
      <PositionMap
        point={point}
        label={t`Map of ${name}`}
        onMove={
          canPlace ? (lat, lng) => setMoved({ lat: rounded(lat), lng: rounded(lng) }) : undefined
        }
      >
        <p>
          {address ?? device.address ?? <Trans>No address</Trans>}
          {' · '}
          <span data-position>
            {place.lat.toFixed(5)}, {place.lng.toFixed(5)}
          </span>
        </p>
        {!moved ? (
          <p>
            {canPlace ? (
              <Trans>Drag the device, or click the map where it stands, to move it.</Trans>
            ) : (
              <Trans>Account managers move devices; you see where it stands.</Trans>
            )}
          </p>
        ) : null}
        {moved ? (
          <>
            <AddressOffer
              place={moved}
              current={address ?? device.address ?? ''}
              onUse={setAddress}
            />
            <Actions>
              <Button type="button" onClick={submit} disabled={save.isPending}>
                <Trans>Save the new position</Trans>
              </Button>
              <Button type="button" $variant="secondary" onClick={cancel}>
                <Trans>Cancel</Trans>
              </Button>
            </Actions>
          </>
        ) : null}
      </PositionMap>
    </Section>
  );
}
