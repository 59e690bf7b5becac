import styled from 'styled-components';
import type { DrawnDataset } from './drawn-data.tsx';
import { useFormatValue, valueOf } from './card-bodies.tsx';

const Box = styled.div`
  display: grid;
  justify-items: center;
  gap: 6px;
  padding: 12px 0;
  strong {
    font-size: clamp(1.25rem, 4vw, 2rem);
    font-variant-numeric: tabular-nums;
  }
  span {
    color: ${({ theme }) => theme.colors.textMuted};
    font-size: 0.8125rem;
  }
  meter {
    width: min(100%, 240px);
    height: 16px;
  }
`;

/** The latest value (or the period's statistic) between min and max. */
export function GaugeBody({
  dataset,
  min,
  max,
}: {
  dataset: DrawnDataset | undefined;
  min: number;
  max: number;
}) {
  const format = useFormatValue();
  const value = valueOf(dataset);
  return (
    <Box data-testid="card-gauge">
      <strong>
        {format(value)}
        {dataset?.unit ? ` ${dataset.unit}` : ''}
      </strong>
      <meter min={min} max={max} value={value ?? min} aria-label={dataset?.label} />
      <span>{`${format(min, 0)} – ${format(max, 0)}`}</span>
    </Box>
  );
}
