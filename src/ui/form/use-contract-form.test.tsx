import { cleanup, fireEvent, screen } from '@testing-library/react';
import { Type } from 'typebox';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { activateLocale } from '../../lib/i18n.ts';
import { press, renderScreen, typeInto as type } from '../test-support.tsx';
import { CheckboxInput, SelectInput, TextInput } from './inputs.tsx';
import { useContractForm } from './use-contract-form.ts';
import { numberOrNull, textOrNull } from './values.ts';

const RegistryBody = Type.Object(
  {
    name: Type.String({ minLength: 1, maxLength: 20 }),
    description: Type.Union([Type.String({ maxLength: 30 }), Type.Null()]),
    protocol: Type.Union([Type.Literal('mqtt'), Type.Literal('http')]),
    port: Type.Union([Type.Integer({ minimum: 1, maximum: 65535 }), Type.Null()]),
    active: Type.Boolean(),
  },
  { additionalProperties: false },
);

interface Values {
  name: string;
  description: string;
  protocol: 'mqtt' | 'http';
  port: string;
  active: boolean;
}

function RegistryForm({ onSave }: { onSave: (body: unknown) => void }) {
  const form = useContractForm({
    schema: RegistryBody,
    defaultValues: { name: '', description: '', protocol: 'mqtt', port: '', active: false },
    toBody: (values: Values) => ({
      name: values.name.trim(),
      description: textOrNull(values.description),
      protocol: values.protocol,
      port: numberOrNull(values.port),
      active: values.active,
    }),
  });
  return (
    <form noValidate onSubmit={form.handleSubmit(onSave)}>
      <TextInput control={form.control} name="name" label="Name" />
      <TextInput control={form.control} name="description" label="Description" />
      <SelectInput
        control={form.control}
        name="protocol"
        label="Protocol"
        options={[
          { value: 'mqtt', label: 'MQTT' },
          { value: 'http', label: 'HTTP' },
        ]}
      />
      <TextInput control={form.control} name="port" label="Port" inputMode="numeric" />
      <CheckboxInput control={form.control} name="active" label="Active" />
      <button type="submit">Save</button>
    </form>
  );
}

function show(onSave: (body: unknown) => void) {
  return renderScreen(<RegistryForm onSave={onSave} />);
}

beforeAll(() => activateLocale('en'));
afterEach(cleanup);

describe('a form built with the kit', () => {
  it('keeps a wrong form from being sent and says what is wrong beside each field', async () => {
    const onSave = vi.fn();
    show(onSave);
    type('Port', '70000');
    await press();
    expect(onSave).not.toHaveBeenCalled();
    expect(screen.getByLabelText('Name').getAttribute('aria-invalid')).toBe('true');
    const alerts = screen.getAllByRole('alert').map((alert) => alert.textContent);
    expect(alerts).toEqual(['Required', 'At most 65535']);
  });

  it('sends the body the contract accepts, typed as the server takes it', async () => {
    const onSave = vi.fn();
    show(onSave);
    type('Name', '  Gates ');
    type('Port', '1883');
    fireEvent.change(screen.getByLabelText('Protocol'), { target: { value: 'http' } });
    fireEvent.click(screen.getByLabelText('Active'));
    await press();
    expect(onSave).toHaveBeenCalledTimes(1);
    expect(onSave.mock.calls[0]?.[0]).toEqual({
      name: 'Gates',
      description: null,
      protocol: 'http',
      port: 1883,
      active: true,
    });
  });
});
