import { Trans, useLingui } from '@lingui/react/macro';
import { useId, useState, type FormEvent, type ReactNode } from 'react';
import styled from 'styled-components';
import { Button } from '../../../ui/button.tsx';
import { Section } from '../../../ui/detail.tsx';
import { TextField } from '../../../ui/text-field.tsx';
import {
  limits,
  validateForm,
  type FieldError,
  type FunctionFormValues,
} from '../api/form-model.ts';
import { dataTypes, functionTypes } from '../api/queries.ts';
import { FieldHelp, SelectField, TextareaField } from './form-parts.tsx';
import { DataKeyRows, MetadataRows } from './key-rows.tsx';
import { dataTypeLabels, fieldErrorMessage, functionTypeLabels } from './labels.ts';
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

const ServerError = styled.p`
  margin: 0 0 16px;
  padding: 10px 14px;
  border-radius: ${({ theme }) => theme.radius};
  border: 1px solid ${({ theme }) => theme.colors.danger};
  color: ${({ theme }) => theme.colors.danger};
`;

/**
 * Create and edit form of a cloud function: details, code (CodeMirror), a test run of the
 * code as it stands, data keys and metadata. Checks the server's rules before saving; the
 * caller saves and reports.
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
  onSubmit: (values: FunctionFormValues) => void;
  onCancel: () => void;
}) {
  const { t, i18n } = useLingui();
  const id = useId();
  const [values, setValues] = useState(initial);
  const [checked, setChecked] = useState(false);
  const errors = checked ? validateForm(values) : {};
  const set = (change: Partial<FunctionFormValues>) => setValues((old) => ({ ...old, ...change }));
  const say = (error: FieldError | undefined, max: number) =>
    error ? i18n._(fieldErrorMessage(error, max)) : undefined;

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setChecked(true);
    if (Object.keys(validateForm(values)).length > 0) {
      // The first wrong field may be far above the button: take the user there.
      const form = event.currentTarget;
      requestAnimationFrame(() =>
        form.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus(),
      );
      return;
    }
    onSubmit(values);
  };
  const codeError = say(errors.code, limits.codeBytes);

  return (
    <form onSubmit={submit} noValidate aria-label={t`Cloud function`}>
      {serverError ? <ServerError role="alert">{serverError}</ServerError> : null}
      <Section>
        <h2>
          <Trans>Details</Trans>
        </h2>
        <Grid>
          <TextField
            label={t`Name`}
            value={values.name}
            onChange={(e) => set({ name: e.target.value })}
            error={say(errors.name, limits.name) ?? false}
            maxLength={limits.name}
            required
          />
          <SelectField
            label={t`Type`}
            value={values.type}
            options={functionTypes.map((type) => ({
              value: type,
              label: i18n._(functionTypeLabels[type]),
            }))}
            onChange={(type) => set({ type })}
          />
          <div className="wide">
            <TextareaField
              label={t`Description`}
              value={values.description}
              onChange={(e) => set({ description: e.target.value })}
              error={say(errors.description, limits.description)}
              maxLength={limits.description}
            />
          </div>
          <SelectField
            label={t`Data type`}
            value={values.dataType}
            options={dataTypes.map((type) => ({
              value: type,
              label: i18n._(dataTypeLabels[type]),
            }))}
            onChange={(dataType) => set({ dataType })}
          />
        </Grid>
      </Section>

      <Section>
        <h2 id={`${id}-code`}>
          <Trans>Code</Trans>
        </h2>
        <CodeEditor
          language="javascript"
          value={values.code}
          onChange={(code) => set({ code })}
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

      <TestRunPanel code={values.code} />

      <Section>
        <h2>
          <Trans>Data keys</Trans>
        </h2>
        <DataKeyRows
          rows={values.dataKeys}
          errors={errors}
          onChange={(dataKeys) => set({ dataKeys })}
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
          rows={values.metadata}
          errors={errors}
          onChange={(metadata) => set({ metadata })}
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
