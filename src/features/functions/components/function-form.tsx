import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useId, type ReactNode } from 'react';
import { get, useController, useWatch } from 'react-hook-form';
import styled from 'styled-components';
import {
  CloudFunctionCreate,
  dataTypes,
  functionTypes,
  METADATA_TEXT_MAX,
} from '../../../../contracts/cloud-function.ts';
import { NAME_MAX_LENGTH } from '../../../../contracts/list.ts';
import { Button } from '../../../ui/button.tsx';
import { Section } from '../../../ui/detail.tsx';
import { FormError } from '../../../ui/form/fields.tsx';
import { SelectInput, TextAreaInput, TextInput } from '../../../ui/form/inputs.tsx';
import { useContractForm } from '../../../ui/form/use-contract-form.ts';
import { ruleErrors, toBody, type FunctionFormValues } from './form-model.ts';
import { DataKeyRows, FieldHelp, MetadataRows } from './key-rows.tsx';
import { dataTypeLabels, fieldMessages, functionTypeLabels, ruleErrorMessages } from './labels.ts';
import { CodeEditor } from './lazy-code-editor.tsx';
import { TestRunPanel } from './test-run-panel.tsx';

const Grid = styled.div`
  display: grid;
  gap: 16px;
  grid-template-columns: repeat(2, minmax(0, 1fr));
  > .wide {
    grid-column: 1 / -1;
  }
  @media (max-width: 700px) {
    grid-template-columns: 1fr;
  }
`;

const Actions = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: 8px;
`;

const limit = METADATA_TEXT_MAX;
const messages = {
  ...fieldMessages,
  'metadata.*.value': { '*': msg`At most ${limit} characters` },
  'metadata.*.default': { '*': msg`At most ${limit} characters` },
};

/** The first wrong field may be far above the button: take the user there. */
const focusFirstInvalid = (form: HTMLFormElement | null) =>
  requestAnimationFrame(() => form?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus());

/**
 * Create and edit form of a cloud function: details, code (CodeMirror), a test run of the
 * code as it stands, data keys and metadata. Checks the contract and the form's own rules
 * (unique keys, code size in bytes) before saving; the caller saves and reports.
 */
export function FunctionForm({
  initial,
  saving,
  serverError,
  submitLabel,
  onSubmit,
  onCancel,
}: {
  initial: FunctionFormValues;
  saving: boolean;
  serverError: string | null;
  submitLabel: ReactNode;
  onSubmit: (body: CloudFunctionCreate) => void;
  onCancel: () => void;
}) {
  const { t, i18n } = useLingui();
  const id = useId();
  const form = useContractForm({
    schema: CloudFunctionCreate,
    defaultValues: initial,
    toBody,
    messages,
  });
  const code = useController({ control: form.control, name: 'code' });
  const dataKeys = useController({ control: form.control, name: 'dataKeys' });
  const metadata = useController({ control: form.control, name: 'metadata' });
  const values = useWatch({ control: form.control }) as FunctionFormValues;
  const rules = form.formState.isSubmitted ? ruleErrors(values) : {};
  const errorAt = (path: string): string | undefined => {
    const rule = rules[path];
    if (rule) return i18n._(ruleErrorMessages[rule]);
    const found: unknown = get(form.formState.errors, `${path}.message`);
    return typeof found === 'string' ? found : undefined;
  };
  const codeError = errorAt('code');

  return (
    <form
      onSubmit={(event) => {
        const element = event.currentTarget;
        void form.handleSubmit(
          (body) => {
            if (Object.keys(ruleErrors(form.getValues())).length > 0) focusFirstInvalid(element);
            else onSubmit(body);
          },
          () => focusFirstInvalid(element),
        )(event);
      }}
      noValidate
      aria-label={t`Cloud function`}
    >
      {serverError ? <FormError message={serverError} /> : null}
      <Section>
        <h2>
          <Trans>Details</Trans>
        </h2>
        <Grid>
          <TextInput
            control={form.control}
            name="name"
            label={t`Name`}
            maxLength={NAME_MAX_LENGTH}
            required
          />
          <SelectInput
            control={form.control}
            name="type"
            label={t`Type`}
            options={functionTypes.map((type) => ({
              value: type,
              label: i18n._(functionTypeLabels[type]),
            }))}
          />
          <div className="wide">
            <TextAreaInput control={form.control} name="description" label={t`Description`} />
          </div>
          <SelectInput
            control={form.control}
            name="dataType"
            label={t`Data type`}
            options={dataTypes.map((type) => ({
              value: type,
              label: i18n._(dataTypeLabels[type]),
            }))}
          />
        </Grid>
      </Section>

      <Section>
        <h2 id={`${id}-code`}>
          <Trans>Code</Trans>
        </h2>
        <CodeEditor
          language="javascript"
          value={code.field.value}
          onChange={code.field.onChange}
          labelId={`${id}-code`}
          describedBy={`${id}-code-help`}
          invalid={Boolean(codeError)}
          minHeight="240px"
          maxHeight="560px"
        />
        <FieldHelp id={`${id}-code-help`} $error={Boolean(codeError)}>
          {codeError ?? (
            <Trans>
              Define main(input, context) and return a JSON value. No timers, network or modules; 1
              second and 32 MiB per run.
            </Trans>
          )}
        </FieldHelp>
      </Section>

      <TestRunPanel code={code.field.value} />

      <Section>
        <h2>
          <Trans>Data keys</Trans>
        </h2>
        <DataKeyRows
          rows={dataKeys.field.value}
          errorAt={errorAt}
          onChange={dataKeys.field.onChange}
        />
      </Section>

      <Section>
        <h2>
          <Trans>Metadata</Trans>
        </h2>
        <FieldHelp style={{ margin: '0 0 12px' }}>
          <Trans>
            Numbers, true, false and null are stored as such; put text in quotes to keep it as text.
          </Trans>
        </FieldHelp>
        <MetadataRows
          rows={metadata.field.value}
          errorAt={errorAt}
          onChange={metadata.field.onChange}
        />
      </Section>

      <Actions>
        <Button type="submit" disabled={saving}>
          {saving ? <Trans>Saving…</Trans> : submitLabel}
        </Button>
        <Button type="button" $variant="secondary" onClick={onCancel} disabled={saving}>
          <Trans>Cancel</Trans>
        </Button>
      </Actions>
    </form>
  );
}
