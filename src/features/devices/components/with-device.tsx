import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { NotFound, QueryView } from '../../../ui/detail.tsx';
import type { Device } from '../../../../contracts/device.ts';
import { deviceQuery } from '../../../api/devices/queries.ts';
import { parseDeviceId } from './device-id.ts';

/** A device tab's content once the device (cached by the page around it) is there. */
export function WithDevice({
  id,
  children,
}: {
  id: string;
  children: (device: Device) => ReactNode;
}) {
  const deviceId = parseDeviceId(id);
  if (deviceId === null) return <NotFound />;
  return <Loaded id={deviceId}>{children}</Loaded>;
}

function Loaded({ id, children }: { id: number; children: (device: Device) => ReactNode }) {
  const query = useQuery(deviceQuery(id));
  return <QueryView query={query}>{children}</QueryView>;
}
