import { QueryClient } from '@tanstack/react-query';
import { cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { CloudFunctionSummary } from '../../../../contracts/cloud-function.ts';
import { functionChoicesQuery } from '../../../api/functions/queries.ts';
import { activateLocale } from '../../../lib/i18n.ts';
import { DeviceTypeForm } from './device-type-form.tsx';
import { press, renderScreen, typeInto as type } from '../../../ui/test-support.tsx';

vi.mock('../../../lib/api-client.ts', () => ({ apiRequest: vi.fn(() => new Promise(() => {})) }));

const top = { uuid: '00000000-0000-4000-8000-00000000000a', name: 'Nordlys', parent: null };
const depot = {
  uuid: '00000000-0000-4000-8000-00000000000b',
  name: 'Depot',
  parent: { uuid: top.uuid, name: top.name },
};
const other = { uuid: '00000000-0000-4000-8000-00000000000c', name: 'Other', parent: null };
const decoder = {
  id: 7,
  name: 'Counter',
  org: { uuid: top.uuid, name: top.name },
} as Partial<CloudFunctionSummary> as CloudFunctionSummary;

function show(onSubmit: (body: unknown) => void) {
  const client = new QueryClient();
  client.setQueryData(functionChoicesQuery({ type: 'decoder' }).queryKey, [decoder]);
  return renderScreen(
    <DeviceTypeForm
      orgs={[top, depot, other]}
      defaultOrg={depot.uuid}
      canChooseOrg
      busy={false}
      onSubmit={onSubmit}
      onCancel={() => undefined}
    />,
    client,
  );
}

const addKey = () => fireEvent.click(screen.getByRole('button', { name: 'Add key' }));
const save = () => press('Create');

beforeAll(() => activateLocale('en'));
afterEach(cleanup);

describe('the device type form', () => {
  it('sends nothing while a name is missing or a key is wrong or repeated, and says why', async () => {
    const onSubmit = vi.fn();
    show(onSubmit);
    addKey();
    addKey();
    addKey();
    type('Key 1', 'count in');
    type('Name 1', 'Count in');
    type('Key 2', 'countOut');
    type('Name 2', 'Count out');
    type('Key 3', 'countOut');
    type('Name 3', 'Again');
    await save();
    expect(onSubmit).not.toHaveBeenCalled();
    const alerts = screen.getAllByRole('alert').map((alert) => alert.textContent);
    expect(alerts).toEqual([
      'A name is required.',
      'Use only letters A–Z, digits and _ . - (no spaces).',
      'This key is used more than once.',
      'This key is used more than once.',
      'Correct the marked fields before saving.',
    ]);
  });

  it('sends the body of the device type contract', async () => {
    const onSubmit = vi.fn();
    show(onSubmit);
    type('Name', '  People counter ');
    fireEvent.change(screen.getByLabelText('Decoder function'), { target: { value: '7' } });
    addKey();
    type('Key 1', 'countIn');
    type('Name 1', ' Count in ');
    await save();
    expect(onSubmit).toHaveBeenCalledTimes(1);
    expect(onSubmit.mock.calls[0]?.[0]).toEqual({
      name: 'People counter',
      description: null,
      orgUuid: depot.uuid,
      decoderFunctionId: 7,
      structure: [{ key: 'countIn', name: 'Count in', type: 'value' }],
      metadata: {},
    });
  });

  it('drops the decoder when the type moves to an organisation that cannot use it', async () => {
    const onSubmit = vi.fn();
    show(onSubmit);
    type('Name', 'Gate');
    fireEvent.change(screen.getByLabelText('Decoder function'), { target: { value: '7' } });
    fireEvent.change(screen.getByLabelText('Organisation'), { target: { value: other.uuid } });
    expect(screen.getByLabelText<HTMLSelectElement>('Decoder function').value).toBe('0');
    await save();
    expect(onSubmit.mock.calls[0]?.[0]).toMatchObject({
      orgUuid: other.uuid,
      decoderFunctionId: null,
    });
  });
});
