import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useEffect } from 'react';
import { Type } from 'typebox';
import {
  DashboardUpdate,
  DEFAULT_DASHBOARD_COLOR,
  DEFAULT_DASHBOARD_NAME,
} from '../../../../contracts/dashboard.ts';
import { Button } from '../../../ui/button.tsx';
import { Dialog, DialogActions } from '../../../ui/dialog.tsx';
import { FormError, FormGrid } from '../../../ui/form/fields.tsx';
import { SelectInput, TextAreaInput, TextInput } from '../../../ui/form/inputs.tsx';
import { useContractForm } from '../../../ui/form/use-contract-form.ts';
import { textOrNull } from '../../../ui/form/values.ts';
import { dashboardColors } from './dashboard-colors.ts';

/** What the dialog sends: a dashboard's name, colour and description. */
const DashboardDetails = Type.Object(
  {
    name: DashboardUpdate.properties.name,
    color: DashboardUpdate.properties.color,
    description: DashboardUpdate.properties.description,
  },
  { additionalProperties: false },
);

export interface DashboardDetailsValues {
  name: string;
  color: string;
  description: string | null;
}

type Values = { name: string; color: string; description: string };

const messages = {
  name: {
    minLength: msg`A name is required.`,
    pattern: msg`A name is required.`,
    maxLength: msg`At most 200 characters.`,
  },
  description: { maxLength: msg`At most 2000 characters.` },
};

/**
 * Creates a dashboard or changes its name, colour and description. A new
 * one starts as 'My Dashboard' in teal (spec §3 Dashboard).
 */
export function DashboardDetailsDialog({
  open,
  initial,
  busy,
  error,
  onSubmit,
  onCancel,
}: {
  open: boolean;
  /** The dashboard being edited; none for a new one. */
  initial?: DashboardDetailsValues | undefined;
  busy: boolean;
  error?: string | undefined;
  onSubmit: (values: DashboardDetailsValues) => void;
  onCancel: () => void;
}) {
  const { t, i18n } = useLingui();
  const defaults: Values = {
    name: initial?.name ?? DEFAULT_DASHBOARD_NAME,
    color: initial?.color ?? DEFAULT_DASHBOARD_COLOR,
    description: initial?.description ?? '',
  };
  const form = useContractForm({
    schema: DashboardDetails,
    defaultValues: defaults,
    messages,
    toBody: (values: Values) => ({
      name: values.name.trim(),
      color: values.color,
      description: textOrNull(values.description),
    }),
  });
  const { reset } = form;
  const key = `${open}-${defaults.name}-${defaults.color}-${defaults.description}`;
  useEffect(() => {
    if (open) reset(defaults);
    // The dialog starts again from the dashboard each time it opens.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key, reset]);
  const colorOptions = dashboardColors.map((color) => ({
    value: color.name,
    label: i18n._(color.label),
  }));
  if (!colorOptions.some((option) => option.value === defaults.color))
    colorOptions.push({ value: defaults.color, label: defaults.color });
  return (
    <Dialog
      open={open}
      onOpenChange={(next) => !next && onCancel()}
      title={initial ? <Trans>Edit dashboard</Trans> : <Trans>New dashboard</Trans>}
    >
      <form noValidate onSubmit={form.handleSubmit((body) => onSubmit(body))}>
        <FormGrid>
          <TextInput control={form.control} name="name" label={t`Name`} autoFocus />
          <SelectInput
            control={form.control}
            name="color"
            label={t`Colour`}
            options={colorOptions}
          />
          <TextAreaInput
            control={form.control}
            name="description"
            label={t`Description`}
            rows={3}
          />
        </FormGrid>
        <FormError message={error} />
        <DialogActions>
          <Button type="button" $variant="secondary" onClick={onCancel} disabled={busy}>
            <Trans>Cancel</Trans>
          </Button>
          <Button type="submit" disabled={busy}>
            {initial ? <Trans>Save</Trans> : <Trans>Create</Trans>}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
