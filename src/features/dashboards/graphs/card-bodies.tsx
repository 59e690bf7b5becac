import { Trans, useLingui } from '@lingui/react/macro';
import styled from 'styled-components';
import { formatCount } from '../../../lib/format.ts';
import type { DrawnDataset } from './drawn-data.tsx';

/** The bodies of the card graphs: difference, score and wind (spec §3 Graph types 2, 3, 4). */

const Cards = styled.div`
  display: grid;
  grid-template-columns: repeat(auto-fit, minmax(120px, 1fr));
  gap: 12px;
  align-items: stretch;
  padding: 8px 0;
`;

const Figure = styled.div`
  display: grid;
  gap: 4px;
  align-content: center;
  justify-items: center;
  padding: 12px 8px;
  border-radius: ${({ theme }) => theme.radius};
  background: ${({ theme }) => theme.colors.hover};
  text-align: center;
  min-width: 0;
  /* The value's size follows the figure's own width, so long numbers fit a narrow card. */
  container-type: inline-size;
  span {
    color: ${({ theme }) => theme.colors.textMuted};
    font-size: 0.8125rem;
    overflow-wrap: anywhere;
  }
  strong {
    font-size: clamp(0.875rem, 15cqi, 2rem);
    white-space: nowrap;
    font-variant-numeric: tabular-nums;
  }
`;

const Wide = styled(Figure)`
  grid-column: 1 / -1;
`;

export const valueOf = (dataset: DrawnDataset | undefined): number | null =>
  dataset?.rows[dataset.rows.length - 1]?.value ?? null;

export function useFormatValue() {
  const { i18n } = useLingui();
  const language = i18n.locale === 'en' ? 'en' : 'da';
  return (value: number | null, decimals = 2) =>
    value === null ? '–' : formatCount(value, decimals, language);
}

function Value({ dataset }: { dataset: DrawnDataset | undefined }) {
  const format = useFormatValue();
  return (
    <Figure data-testid="card-value">
      <span>{dataset?.label}</span>
      <strong>
        {format(valueOf(dataset))}
        {dataset?.unit ? ` ${dataset.unit}` : ''}
      </strong>
    </Figure>
  );
}

/** Two sources' values side by side (in / out today). */
export function ScoreBody({ datasets }: { datasets: readonly DrawnDataset[] }) {
  return (
    <Cards>
      {datasets.map((dataset, index) => (
        <Value key={index} dataset={dataset} />
      ))}
    </Cards>
  );
}

/** a, b and a − b (and how many percent of b that is). */
export function DifferenceBody({ datasets }: { datasets: readonly DrawnDataset[] }) {
  const format = useFormatValue();
  const [a, b] = datasets;
  const va = valueOf(a);
  const vb = valueOf(b);
  const difference = va !== null && vb !== null ? va - vb : null;
  const percent = difference !== null && vb !== null && vb !== 0 ? (difference / vb) * 100 : null;
  const unit = a?.unit ?? b?.unit;
  return (
    <Cards>
      <Value dataset={a} />
      <Value dataset={b} />
      <Wide data-testid="card-difference">
        <span>
          <Trans>Difference</Trans>
        </span>
        <strong>
          {difference !== null && difference > 0 ? '+' : ''}
          {format(difference)}
          {unit ? ` ${unit}` : ''}
        </strong>
        {percent !== null ? (
          <span>{`${percent > 0 ? '+' : ''}${format(percent, 1)} %`}</span>
        ) : null}
      </Wide>
    </Cards>
  );
}

const Compass = styled.svg`
  width: 120px;
  height: 120px;
  circle {
    fill: none;
    stroke: ${({ theme }) => theme.colors.border};
    stroke-width: 2;
  }
  text {
    fill: ${({ theme }) => theme.colors.textMuted};
    font-size: 11px;
    text-anchor: middle;
    dominant-baseline: middle;
  }
  path {
    fill: ${({ theme }) => theme.colors.primary};
  }
`;

/** Wind speed and the direction it blows from, as a compass arrow pointing where it goes. */
export function WindBody({ datasets }: { datasets: readonly DrawnDataset[] }) {
  const { t } = useLingui();
  const format = useFormatValue();
  const [speed, direction] = datasets;
  const degrees = valueOf(direction);
  const unit = speed?.unit ?? 'm/s';
  return (
    <Cards>
      <Figure data-testid="card-wind">
        <Compass viewBox="-60 -60 120 120" role="img" aria-label={t`Wind direction`}>
          <circle r="50" />
          <text y="-42">{t`N`}</text>
          <text x="42">{t`E`}</text>
          <text y="42">{t`S`}</text>
          <text x="-42">{t`W`}</text>
          {degrees !== null ? (
            // Wind is named after where it comes from: the arrow points where it blows to.
            <path
              d="M0,-32 L9,10 L0,4 L-9,10 Z"
              transform={`rotate(${(degrees + 180) % 360})`}
              data-degrees={degrees}
            />
          ) : null}
        </Compass>
        <strong>
          {format(valueOf(speed), 1)} {unit}
        </strong>
        {degrees !== null ? <span>{`${format(degrees, 0)}°`}</span> : null}
      </Figure>
    </Cards>
  );
}
