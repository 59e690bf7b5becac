import { Trans, useLingui } from '@lingui/react/macro';
import { CalendarRange, Check, ChevronDown } from 'lucide-react';
import { DropdownMenu } from 'radix-ui';
import { useState } from 'react';
import styled from 'styled-components';
import type { GraphPeriod } from '../../../../contracts/dashboard.ts';
import { availablePeriods, periodOption } from '../../../lib/periods.ts';
import { Button } from '../../../ui/button.tsx';
import { CustomDateDialog } from './custom-date-dialog.tsx';
import { formatDateTime } from './date-time.ts';

const Content = styled(DropdownMenu.Content)`
  min-width: 220px;
  max-height: min(70vh, 520px);
  overflow: auto;
  z-index: 45;
  background: ${({ theme }) => theme.colors.surface};
  color: ${({ theme }) => theme.colors.text};
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radius};
  box-shadow: 0 12px 32px rgb(0 0 0 / 20%);
  padding: 6px;
`;

const Item = styled(DropdownMenu.Item)`
  display: flex;
  align-items: center;
  gap: 8px;
  min-height: 40px;
  padding: 0 10px;
  border-radius: 6px;
  cursor: pointer;
  outline: none;
  span {
    flex: 1;
  }
  &[data-highlighted] {
    background: ${({ theme }) => theme.colors.hover};
  }
`;

const Separator = styled(DropdownMenu.Separator)`
  height: 1px;
  margin: 4px 0;
  background: ${({ theme }) => theme.colors.border};
`;

const DAY = 86_400_000;
const CUSTOM = 6;

/**
 * The period menu (spec §4 Period menu): a button naming the period, a menu
 * of the spec's periods (the live ones, last minute to last 6 hours, only
 * with live data on), and the custom period's dialog.
 */
export function PeriodMenu({
  value,
  onChange,
  liveData,
  now = () => Date.now(),
}: {
  value: GraphPeriod;
  onChange: (period: GraphPeriod) => void;
  /** The user's live data setting (settings.nordlysLiveData). */
  liveData: boolean;
  /** The clock the custom dialog refuses future dates by. */
  now?: () => number;
}) {
  const { t, i18n } = useLingui();
  const [custom, setCustom] = useState<{ from: number; to: number } | null>(null);
  const options = availablePeriods(liveData);
  const current = periodOption(value.menuId);
  const label =
    value.menuId === CUSTOM && value.from && value.to
      ? `${formatDateTime(Date.parse(value.from))} – ${formatDateTime(Date.parse(value.to))}`
      : current
        ? i18n._(current.label)
        : t`Period`;
  const openCustom = () => {
    const at = now();
    const own =
      value.menuId === CUSTOM && value.from && value.to
        ? { from: Date.parse(value.from), to: Date.parse(value.to) }
        : null;
    // Spec §5: the custom range starts as the last 7 days up to now.
    setCustom(own ?? { from: at - 7 * DAY, to: at });
  };
  return (
    <>
      <DropdownMenu.Root>
        <DropdownMenu.Trigger asChild>
          <Button $variant="secondary" type="button" aria-label={t`Period: ${label}`}>
            <CalendarRange size={18} aria-hidden />
            {label}
            <ChevronDown size={16} aria-hidden />
          </Button>
        </DropdownMenu.Trigger>
        <DropdownMenu.Portal>
          <Content align="start" sideOffset={6}>
            {options.map((option) =>
              option.menuId === CUSTOM ? null : (
                <Item
                  key={option.menuId}
                  data-menu-id={option.menuId}
                  onSelect={() =>
                    onChange({
                      menuId: option.menuId,
                      timeType: option.timeType,
                      chartType: value.chartType,
                    })
                  }
                >
                  <span>{i18n._(option.label)}</span>
                  {option.menuId === value.menuId ? <Check size={16} aria-hidden /> : null}
                </Item>
              ),
            )}
            <Separator />
            <Item data-menu-id={CUSTOM} onSelect={openCustom}>
              <span>
                <Trans>Custom period…</Trans>
              </span>
              {value.menuId === CUSTOM ? <Check size={16} aria-hidden /> : null}
            </Item>
          </Content>
        </DropdownMenu.Portal>
      </DropdownMenu.Root>
      {custom ? (
        <CustomDateDialog
          open
          from={custom.from}
          to={custom.to}
          now={now}
          onCancel={() => setCustom(null)}
          onApply={(range) => {
            setCustom(null);
            onChange({
              menuId: CUSTOM,
              timeType: 2,
              chartType: value.chartType,
              from: new Date(range.from).toISOString(),
              to: new Date(range.to).toISOString(),
            });
          }}
        />
      ) : null}
    </>
  );
}
