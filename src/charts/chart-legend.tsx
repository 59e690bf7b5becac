import styled from 'styled-components';

export interface LegendItem {
  id: string;
  label: string;
  color: string;
}

const List = styled.ul`
  display: flex;
  flex-wrap: wrap;
  gap: 4px 12px;
  margin: 8px 0 0;
  padding: 0;
  list-style: none;
  /* Two rows at most; more entries scroll, so the plot keeps its height. */
  max-height: 60px;
  overflow-y: auto;
  font-size: 0.8125rem;
  color: ${({ theme }) => theme.colors.text};
`;

const Entry = styled.li<{ $active: boolean }>`
  display: inline-flex;
  align-items: center;
  gap: 6px;
  min-height: 28px;
  padding: 0 6px;
  border-radius: ${({ theme }) => theme.radius};
  cursor: default;
  background: ${({ $active, theme }) => ($active ? theme.colors.hover : 'transparent')};
  &:focus-visible {
    outline: 2px solid ${({ theme }) => theme.colors.primary};
  }
`;

const Swatch = styled.span`
  width: 14px;
  height: 4px;
  border-radius: 2px;
`;

/**
 * The datasets of a chart by colour. Pointing at (or focusing) an entry
 * reports its dataset id, so the chart draws that line thick; leaving reports null.
 */
export function ChartLegend({
  items,
  hoverId = null,
  onHover,
}: {
  items: readonly LegendItem[];
  hoverId?: string | null;
  onHover?: (datasetId: string | null) => void;
}) {
  return (
    <List>
      {items.map((item) => (
        <Entry
          key={item.id}
          $active={item.id === hoverId}
          tabIndex={onHover ? 0 : undefined}
          data-dataset={item.id}
          onPointerEnter={() => onHover?.(item.id)}
          onPointerLeave={() => onHover?.(null)}
          onFocus={() => onHover?.(item.id)}
          onBlur={() => onHover?.(null)}
        >
          <Swatch style={{ background: item.color }} aria-hidden />
          {item.label}
        </Entry>
      ))}
    </List>
  );
}
