import { cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { CodeEditorProps } from './code-editor-props.ts';
import { activateLocale } from '../../../lib/i18n.ts';
import { emptyForm } from './form-model.ts';
import { FunctionForm } from './function-form.tsx';
import { press, renderScreen, typeInto as type } from '../../../ui/test-support.tsx';

vi.mock('../../../lib/api-client.ts', () => ({ apiRequest: vi.fn() }));
// CodeMirror is not what is tested here: a text area stands in for the editor.
vi.mock('./lazy-code-editor.tsx', () => ({
  CodeEditor: ({ value, onChange, labelId }: CodeEditorProps) => (
    <textarea
      aria-labelledby={labelId}
      value={value}
      onChange={(e) => onChange?.(e.target.value)}
    />
  ),
}));

function show(onSubmit: (body: unknown) => void) {
  return renderScreen(
    <FunctionForm
      initial={emptyForm()}
      saving={false}
      serverError={null}
      submitLabel="Create"
      onSubmit={onSubmit}
      onCancel={() => undefined}
    />,
  );
}

const save = () => press('Create');

beforeAll(() => activateLocale('en'));
afterEach(cleanup);

describe('the cloud function form', () => {
  it('refuses a missing name, a key the contract refuses and a repeated key', async () => {
    const onSubmit = vi.fn();
    show(onSubmit);
    const addKey = screen.getByRole('button', { name: 'Add data key' });
    fireEvent.click(addKey);
    fireEvent.click(addKey);
    fireEvent.click(addKey);
    type('Key 1', 'count in');
    type('Key 2', 'countIn');
    type('Key 3', 'countIn');
    await save();
    expect(onSubmit).not.toHaveBeenCalled();
    expect(screen.getAllByRole('alert').map((alert) => alert.textContent)).toEqual([
      'Required',
      'Only letters, digits, _ . and -',
      'Must be unique',
    ]);
  });

  it('sends the body of the function contract, metadata typed', async () => {
    const onSubmit = vi.fn();
    show(onSubmit);
    type('Name', ' Counter ');
    fireEvent.click(screen.getByRole('button', { name: 'Add metadata' }));
    type('Metadata key 1', 'max');
    type('Value of metadata key 1', '10');
    type('Code', 'function main(input) { return input; }');
    await save();
    expect(onSubmit).toHaveBeenCalledTimes(1);
    expect(onSubmit.mock.calls[0]?.[0]).toEqual({
      name: 'Counter',
      description: null,
      type: 'function',
      dataType: 'timeseries',
      code: 'function main(input) { return input; }',
      dataKeys: [],
      metadata: [{ key: 'max', value: 10 }],
    });
  });
});
