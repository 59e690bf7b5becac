import { Plural } from '@lingui/react/macro';
import { ChartNote } from './frame.tsx';

/** Says how many values of zero or below a logarithmic axis leaves out (nothing when none). */
export function LogAxisNote({ skipped }: { skipped: number }) {
  if (skipped <= 0) return null;
  return (
    <ChartNote>
      <Plural
        value={skipped}
        one="# value of zero or below is not shown on the logarithmic axis."
        other="# values of zero or below are not shown on the logarithmic axis."
      />
    </ChartNote>
  );
}
