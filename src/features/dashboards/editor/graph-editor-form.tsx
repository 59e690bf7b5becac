import { Trans, useLingui } from '@lingui/react/macro';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useForm, useWatch, type UseFormReturn } from 'react-hook-form';
import { idFromName, type Graph } from '../../../../contracts/dashboard.ts';
import { isGraphComplete, newGraph } from '../../../../machines/dashboard-layout.ts';
import { deviceQuery } from '../../../api/devices/queries.ts';
import { useSettings } from '../../../lib/use-settings.ts';
import { Button } from '../../../ui/button.tsx';
import { DialogActions } from '../../../ui/dialog.tsx';
import { FormError, FormGrid, FormSection, SelectField } from '../../../ui/form/fields.tsx';
import { TextAreaInput, TextInput } from '../../../ui/form/inputs.tsx';
import {
  editableTypes,
  toValues,
  type EditableType,
  type EditorValues,
} from '../graphs/editor-values.ts';
import { DataFields } from './data-fields.tsx';
import { DisplayFields } from './display-fields.tsx';
import { typeNames, withType } from './editor-model.ts';
import { editorResolver } from './editor-resolver.ts';
import { PeriodFields } from './period-fields.tsx';

export interface GraphEditorFormProps {
  /** The graph to change; null for a new one. */
  graph: Graph | null;
  onSave: (graph: Graph) => void;
  onCancel: () => void;
  /** Numbers in [0, 1) a new graph's id is made with. */
  random: () => number;
  /** The clock a custom period is checked against. */
  now?: () => number;
}

type EditorForm = UseFormReturn<EditorValues, unknown, Graph>;

/** What the graph is: its type, name and description. */
function GraphFields({ form }: { form: EditorForm }) {
  const { t, i18n } = useLingui();
  const queryClient = useQueryClient();
  const type = useWatch({ control: form.control, name: 'type' });
  const nameOf = (of: EditableType) => i18n._(typeNames[of]);
  const deviceTypeOf = (deviceId: number) =>
    queryClient.getQueryData(deviceQuery(deviceId).queryKey)?.deviceType?.id ?? null;
  return (
    <FormSection>
      <legend>
        <Trans>Graph</Trans>
      </legend>
      <FormGrid>
        <SelectField
          label={t`Type`}
          value={type}
          options={editableTypes.map((value) => ({ value, label: nameOf(value) }))}
          onChange={(to) =>
            // What was typed stays where the new type has a place for it; the old type's errors go.
            form.reset(withType(form.getValues(), to, nameOf, deviceTypeOf), {
              keepDefaultValues: true,
              keepIsSubmitted: true,
              keepTouched: true,
            })
          }
        />
        <TextInput control={form.control} name="name" label={t`Name`} maxLength={200} />
        <div className="wide">
          <TextAreaInput
            control={form.control}
            name="description"
            label={t`Description`}
            rows={2}
          />
        </div>
      </FormGrid>
    </FormSection>
  );
}

/** A graph as it starts in the editor: a chart named after its type, drawn as the user's chart kind. */
function startingGraph(name: string, chartType: number, random: () => number): Graph {
  const graph = newGraph(0, random, name);
  const kind = Number.isInteger(chartType) && chartType >= 0 && chartType <= 3 ? chartType : 3;
  return { ...graph, period: { ...graph.period, chartType: kind } };
}

export default function GraphEditorForm({
  graph,
  onSave,
  onCancel,
  random,
  now,
}: GraphEditorFormProps) {
  const { t, i18n } = useLingui();
  const { settings } = useSettings();
  // The graph being edited, fixed while the dialog is open; a new one is made once.
  const [original] = useState(
    () => graph ?? startingGraph(i18n._(typeNames[0]), settings.chartType, random),
  );
  const form = useForm<EditorValues, unknown, Graph>({
    defaultValues: toValues(original),
    mode: 'onTouched',
    resolver: editorResolver(original, now),
  });
  const type = useWatch({ control: form.control, name: 'type' });
  const { errors, isSubmitted, isSubmitting } = form.formState;
  const submit = form.handleSubmit((body) => {
    // A new graph is named for good only now: its id follows the name it is saved with.
    const saved = graph === null ? { ...body, id: idFromName(body.name, random) } : body;
    if (!isGraphComplete(saved)) {
      form.setError('root', { message: t`The graph is not complete yet.` });
      return;
    }
    onSave(saved);
  });
  return (
    <form noValidate onSubmit={(event) => void submit(event)}>
      <GraphFields form={form} />
      <DataFields form={form} type={type} />
      <PeriodFields
        control={form.control}
        setValue={form.setValue}
        chartKind={type === 0 || type === 6}
        {...(now ? { now } : {})}
      />
      <DisplayFields control={form.control} type={type} />
      {isSubmitted && Object.keys(errors).length > 0 ? (
        <FormError message={errors.root?.message ?? t`Correct the marked fields before saving.`} />
      ) : null}
      <DialogActions>
        <Button type="button" $variant="secondary" onClick={onCancel}>
          <Trans>Cancel</Trans>
        </Button>
        <Button type="submit" disabled={isSubmitting}>
          <Trans>Save</Trans>
        </Button>
      </DialogActions>
    </form>
  );
}
