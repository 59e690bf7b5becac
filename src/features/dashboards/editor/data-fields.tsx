import { Trans, useLingui } from '@lingui/react/macro';
import { FormGrid, FormSection } from '../../../ui/form/fields.tsx';
import { TextInput } from '../../../ui/form/inputs.tsx';
import type { UseFormReturn } from 'react-hook-form';
import { MAP_GRAPH_DEVICES_MAX, type Graph } from '../../../../contracts/dashboard.ts';
import type { EditableType, EditorValues } from '../graphs/editor-values.ts';
import type { SourcePath } from './editor-model.ts';
import { KeySelect, type KeyInfo } from './key-select.tsx';
import { DeviceBoxes, MultiSourceFields } from './multi-source-fields.tsx';
import { SourceFields } from './source-fields.tsx';

/**
 * What the graph reads, by type: one device's key (chart, gauge, wind card,
 * with the wind's direction key), a difference card's a and b, a score
 * card's two sources, or a multi-source chart's devices of one type.
 */
export function DataFields({
  form,
  type,
}: {
  form: UseFormReturn<EditorValues, unknown, Graph>;
  type: EditableType;
}) {
  const { t } = useLingui();
  const { control } = form;
  // A chosen key's unit becomes the unit shown, unless one was typed.
  const unitFrom = (path: 'unit' | `${SourcePath}.unit`) => (info: KeyInfo | undefined) => {
    if (info?.unit && form.getValues(path).trim() === '') form.setValue(path, info.unit);
  };
  switch (type) {
    case 2:
      return (
        <>
          <SourceFields
            control={control}
            path="ab.a"
            legend={t`Source A`}
            own
            onKeyChosen={unitFrom('ab.a.unit')}
          />
          <SourceFields
            control={control}
            path="ab.b"
            legend={t`Source B (subtracted from A)`}
            own
            onKeyChosen={unitFrom('ab.b.unit')}
          />
        </>
      );
    case 3:
      return (
        <>
          <SourceFields
            control={control}
            path="pair.0"
            legend={t`First source`}
            own
            onKeyChosen={unitFrom('pair.0.unit')}
          />
          <SourceFields
            control={control}
            path="pair.1"
            legend={t`Second source`}
            own
            onKeyChosen={unitFrom('pair.1.unit')}
          />
        </>
      );
    case 5:
      return (
        <FormSection>
          <legend>
            <Trans>Devices on the map</Trans>
          </legend>
          <FormGrid>
            <DeviceBoxes
              control={control}
              max={MAP_GRAPH_DEVICES_MAX}
              help={t`Only calibrated devices with a position are drawn.`}
            />
          </FormGrid>
        </FormSection>
      );
    case 6:
      return <MultiSourceFields control={control} />;
    case 7:
      return (
        <SourceFields
          control={control}
          path="dataSource"
          legend={t`Data`}
          onKeyChosen={unitFrom('unit')}
        >
          {() => (
            <>
              <TextInput
                control={control}
                name="lat"
                label={t`Centre latitude`}
                inputMode="decimal"
                help={t`Empty: the map looks at the device's place first.`}
              />
              <TextInput
                control={control}
                name="long"
                label={t`Centre longitude`}
                inputMode="decimal"
              />
            </>
          )}
        </SourceFields>
      );
    default:
      return (
        <SourceFields
          control={control}
          path="dataSource"
          legend={t`Data`}
          onKeyChosen={unitFrom('unit')}
        >
          {type === 4
            ? (keys) => (
                <KeySelect
                  control={control}
                  name="directionKey"
                  label={t`Direction key`}
                  keys={keys}
                  optional
                  help={t`Optional: the key with the wind's direction in degrees.`}
                />
              )
            : undefined}
        </SourceFields>
      );
  }
}
