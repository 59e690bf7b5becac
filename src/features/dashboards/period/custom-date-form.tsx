import { Trans, useLingui } from '@lingui/react/macro';
import { useSelector } from '@xstate/react';
import { useState } from 'react';
import styled from 'styled-components';
import type { CustomField, CustomProblem } from '../../../../machines/period-menu.machine.ts';
import { Button } from '../../../ui/button.tsx';
import { Dialog, DialogActions } from '../../../ui/dialog.tsx';
import { DateTimeField } from './date-time-field.tsx';
import type { PeriodMenuActor } from './custom-date-dialog.tsx';
import { formatDateTime, parseDateTime } from './date-time.ts';

const Fields = styled.div`
  display: grid;
  gap: 16px;
  grid-template-columns: repeat(auto-fit, minmax(min(100%, 220px), 1fr));
  margin-top: 12px;
`;

/** The custom period's form: from and to through a date mask (the mask library loads with it). */
export default function CustomDateForm({ menu }: { menu: PeriodMenuActor }) {
  const { t } = useLingui();
  const problems = useSelector(menu, (snapshot) => snapshot.context.problems);
  // The fields keep what is typed; the machine holds the dates it makes, null while unfinished.
  const [text, setText] = useState(() => {
    const { from, to } = menu.getSnapshot().context.draft;
    return {
      from: from === null ? '' : formatDateTime(from),
      to: to === null ? '' : formatDateTime(to),
    };
  });
  const words: Record<CustomProblem, string> = {
    required: t`Enter a date and time as DD/MM/YYYY HH:mm:ss.`,
    future: t`A date in the future cannot be chosen.`,
    order: t`The start cannot be after the end.`,
  };
  const field = (name: CustomField, label: string) => {
    const problem = problems[name];
    return (
      <DateTimeField
        label={label}
        value={text[name]}
        onChange={(typed) => {
          setText((before) => ({ ...before, [name]: typed }));
          menu.send({ type: 'custom.change', field: name, value: parseDateTime(typed) });
        }}
        error={problem ? words[problem] : undefined}
      />
    );
  };
  const cancel = () => menu.send({ type: 'custom.cancel' });
  return (
    <Dialog
      open
      onOpenChange={(next) => (next ? undefined : cancel())}
      title={t`Custom period`}
      description={<Trans>Choose the start and end, at the latest now.</Trans>}
    >
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          menu.send({ type: 'custom.apply' });
        }}
      >
        <Fields>
          {field('from', t`From`)}
          {field('to', t`To`)}
        </Fields>
        <DialogActions>
          <Button type="button" $variant="secondary" onClick={cancel}>
            <Trans>Cancel</Trans>
          </Button>
          <Button type="submit">
            <Trans>Apply</Trans>
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
