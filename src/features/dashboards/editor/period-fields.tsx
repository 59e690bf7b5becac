import { Trans, useLingui } from '@lingui/react/macro';
import { useController, useWatch, type UseFormSetValue } from 'react-hook-form';
import type { EditorValues } from '../graphs/editor-values.ts';
import { availablePeriods, periodOption } from '../../../lib/periods.ts';
import { useSettings } from '../../../lib/use-settings.ts';
import { FormGrid, FormSection, SelectField } from '../../../ui/form/fields.tsx';
import { SelectInput, TextInput } from '../../../ui/form/inputs.tsx';
import { formatDateTime } from '../period/date-time.ts';
import type { EditorControl } from './editor-model.ts';

const CUSTOM = 6;
const DAY = 86_400_000;

/**
 * Which period the graph shows: the user's default (Settings) or its own, a
 * menu entry (the live ones with live data on) or custom times; and for
 * charts, the chart kind.
 */
export function PeriodFields({
  control,
  setValue,
  chartKind,
  now = () => Date.now(),
}: {
  control: EditorControl;
  setValue: UseFormSetValue<EditorValues>;
  /** Whether the type is drawn as a chart (pie, donut, bar or line). */
  chartKind: boolean;
  /** The clock a new custom period ends at. */
  now?: () => number;
}) {
  const { t, i18n } = useLingui();
  const { settings } = useSettings();
  const periodType = useWatch({ control, name: 'periodType' });
  const {
    field: { ref: menuRef, ...menu },
  } = useController({ control, name: 'period.menuId' });
  const [from, to] = useWatch({ control, name: ['periodFrom', 'periodTo'] });
  const own = periodType === 1;
  const offered = availablePeriods(settings.nordlysLiveData);
  // A live period the graph already has stays offered when live data is off.
  const current = periodOption(menu.value);
  const shown = current && !offered.includes(current) ? [...offered, current] : offered;
  const options = shown.map((o) => ({ value: o.menuId, label: i18n._(o.label) }));
  const preferred = periodOption(settings.periods[0]?.menuId ?? 3);
  return (
    <FormSection>
      <legend>
        <Trans>Period</Trans>
      </legend>
      <FormGrid>
        <SelectInput
          control={control}
          name="periodType"
          label={t`Period to show`}
          options={[
            { value: 0, label: t`My default period` },
            { value: 1, label: t`This graph's own period` },
          ]}
          help={
            own || !preferred
              ? undefined
              : t`Now ${i18n._(preferred.label)}; it is set in Settings.`
          }
        />
        {own ? (
          <SelectField
            ref={menuRef}
            name={menu.name}
            label={t`Period`}
            value={menu.value}
            options={options}
            onBlur={menu.onBlur}
            onChange={(menuId) => {
              menu.onChange(menuId);
              // Spec §5: a custom period starts as the last 7 days up to now.
              if (menuId === CUSTOM && from === '' && to === '') {
                const at = now();
                setValue('periodFrom', formatDateTime(at - 7 * DAY));
                setValue('periodTo', formatDateTime(at));
              }
            }}
          />
        ) : null}
        {own && menu.value === CUSTOM ? (
          <>
            <TextInput
              control={control}
              name="periodFrom"
              label={t`From`}
              inputMode="numeric"
              autoComplete="off"
              help={t`DD/MM/YYYY HH:mm:ss`}
            />
            <TextInput
              control={control}
              name="periodTo"
              label={t`To`}
              inputMode="numeric"
              autoComplete="off"
              help={t`DD/MM/YYYY HH:mm:ss`}
            />
          </>
        ) : null}
        {chartKind ? (
          <SelectInput
            control={control}
            name="period.chartType"
            label={t`Chart kind`}
            options={[
              { value: 3, label: t`Line` },
              { value: 2, label: t`Bar` },
              { value: 0, label: t`Pie` },
              { value: 1, label: t`Donut` },
            ]}
          />
        ) : null}
      </FormGrid>
    </FormSection>
  );
}
