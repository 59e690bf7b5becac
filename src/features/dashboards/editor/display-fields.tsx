import { Trans, useLingui } from '@lingui/react/macro';
import { FormGrid, FormSection } from '../../../ui/form/fields.tsx';
import { SelectInput, TextInput } from '../../../ui/form/inputs.tsx';
import type { EditableType } from '../graphs/editor-values.ts';
import type { EditorControl } from './editor-model.ts';

/**
 * How the graph shows its values: unit, conversion factor, label, how often
 * it reads again, and per type the value axis or the gauge's range.
 */
export function DisplayFields({ control, type }: { control: EditorControl; type: EditableType }) {
  const { t } = useLingui();
  const chart = type === 0 || type === 6;
  return (
    <FormSection>
      <legend>
        <Trans>Display</Trans>
      </legend>
      <FormGrid>
        <TextInput control={control} name="unit" label={t`Unit`} maxLength={40} />
        <TextInput
          control={control}
          name="cf"
          label={t`Conversion factor`}
          inputMode="decimal"
          help={t`Values are multiplied by it; empty means 1.`}
        />
        <TextInput control={control} name="label" label={t`Label`} maxLength={200} />
        <TextInput
          control={control}
          name="refresh"
          label={t`Refresh (seconds)`}
          inputMode="numeric"
          help={t`How often the history is read again; 0 means live updates only.`}
        />
        {chart ? (
          <SelectInput
            control={control}
            name="yAxis"
            label={t`Value axis`}
            options={[
              { value: 'linear', label: t`Linear` },
              { value: 'log', label: t`Logarithmic` },
            ]}
          />
        ) : null}
        {type === 1 ? (
          <>
            <TextInput control={control} name="min" label={t`Lowest value`} inputMode="decimal" />
            <TextInput control={control} name="max" label={t`Highest value`} inputMode="decimal" />
          </>
        ) : null}
      </FormGrid>
    </FormSection>
  );
}
