import { Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import styled from 'styled-components';
import { Button } from '../../../ui/button.tsx';
import { Dialog, DialogActions } from '../../../ui/dialog.tsx';
import { DateTimeField } from './date-time-field.tsx';
import { checkRange, formatDateTime, type RangeProblem } from './date-time.ts';

const Fields = styled.div`
  display: grid;
  gap: 16px;
  grid-template-columns: repeat(auto-fit, minmax(min(100%, 220px), 1fr));
  margin-top: 12px;
`;

/**
 * The custom period (spec §2 custom date dialog, §5): from and to typed as
 * DD/MM/YYYY HH:mm:ss through a mask, 24-hour, never in the future, from
 * before to. Opens on the last 7 days up to now unless a range is given.
 */
export function CustomDateDialog({
  open,
  from,
  to,
  now,
  onApply,
  onCancel,
}: {
  open: boolean;
  /** Epoch ms the fields start with. */
  from: number;
  to: number;
  /** The time future dates are refused after (the dialog's clock). */
  now: () => number;
  onApply: (range: { from: number; to: number }) => void;
  onCancel: () => void;
}) {
  const { t } = useLingui();
  const [fromText, setFromText] = useState(() => formatDateTime(from));
  const [toText, setToText] = useState(() => formatDateTime(to));
  const [problems, setProblems] = useState<Partial<Record<'from' | 'to', RangeProblem>>>({});
  const words: Record<RangeProblem, string> = {
    format: t`Enter a date and time as DD/MM/YYYY HH:mm:ss.`,
    future: t`A date in the future cannot be chosen.`,
    order: t`The start must be before the end.`,
  };
  const apply = () => {
    const checked = checkRange(fromText, toText, now());
    if ('problems' in checked) setProblems(checked.problems);
    else onApply(checked.range);
  };
  return (
    <Dialog
      open={open}
      onOpenChange={(next) => (next ? undefined : onCancel())}
      title={t`Custom period`}
      description={<Trans>Choose the start and end, at the latest now.</Trans>}
    >
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          apply();
        }}
      >
        <Fields>
          <DateTimeField
            label={t`From`}
            value={fromText}
            onChange={(text) => {
              setFromText(text);
              setProblems({});
            }}
            error={problems.from ? words[problems.from] : undefined}
          />
          <DateTimeField
            label={t`To`}
            value={toText}
            onChange={(text) => {
              setToText(text);
              setProblems({});
            }}
            error={problems.to ? words[problems.to] : undefined}
          />
        </Fields>
        <DialogActions>
          <Button type="button" $variant="secondary" onClick={onCancel}>
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
