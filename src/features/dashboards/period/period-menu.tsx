import { Trans, useLingui } from '@lingui/react/macro';
import { useActorRef, useSelector } from '@xstate/react';
import { CalendarRange, Check, ChevronDown } from 'lucide-react';
import { DropdownMenu } from 'radix-ui';
import { useEffect } from 'react';
import styled from 'styled-components';
import type { GraphPeriod } from '../../../../contracts/dashboard.ts';
import { periodMenuMachine } from '../../../../machines/period-menu.machine.ts';
import { CUSTOM_MENU_ID } from '../../../../machines/periods.ts';
import { availablePeriods, periodOption } from '../../../lib/periods.ts';
import { Button } from '../../../ui/button.tsx';
import { MenuContent, MenuItem, MenuRoot, MenuSeparator } from '../../../ui/menu.tsx';
import { CustomDateDialog } from './custom-date-dialog.tsx';
import { formatDateTime } from './date-time.ts';

const Content = MenuContent;

const Item = styled(MenuItem)`
  gap: 8px;
  span {
    flex: 1;
  }
`;

const Separator = MenuSeparator;

/**
 * The period menu (spec §4 Period menu), run by the period menu machine: a
 * button naming the period, a menu of the spec's periods (the live ones,
 * last minute to last 6 hours, only with live data on), and the custom
 * period's dialog. `value` and `liveData` may change from outside; `now` is
 * read once, when the menu is first drawn.
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
  const menu = useActorRef(periodMenuMachine, { input: { now, liveData, value } });
  useEffect(() => {
    const selected = menu.on('period.selected', (event) => onChange(event.value));
    return () => selected.unsubscribe();
  }, [menu, onChange]);
  useEffect(() => menu.send({ type: 'period.set', value }), [menu, value]);
  useEffect(() => menu.send({ type: 'liveData.set', liveData }), [menu, liveData]);

  const open = useSelector(menu, (snapshot) => snapshot.matches('open'));
  const selected = useSelector(menu, (snapshot) => snapshot.context.value);
  const live = useSelector(menu, (snapshot) => snapshot.context.liveData);
  const options = availablePeriods(live);
  const current = periodOption(selected.menuId);
  const label =
    selected.menuId === CUSTOM_MENU_ID && selected.from && selected.to
      ? `${formatDateTime(Date.parse(selected.from))} – ${formatDateTime(Date.parse(selected.to))}`
      : current
        ? i18n._(current.label)
        : t`Period`;
  const select = (menuId: number) => menu.send({ type: 'period.select', menuId });
  return (
    <>
      <MenuRoot
        open={open}
        onOpenChange={(next) => menu.send({ type: next ? 'period.open' : 'period.close' })}
      >
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
              option.menuId === CUSTOM_MENU_ID ? null : (
                <Item
                  key={option.menuId}
                  data-menu-id={option.menuId}
                  onSelect={() => select(option.menuId)}
                >
                  <span>{i18n._(option.label)}</span>
                  {option.menuId === selected.menuId ? <Check size={16} aria-hidden /> : null}
                </Item>
              ),
            )}
            <Separator />
            <Item data-menu-id={CUSTOM_MENU_ID} onSelect={() => select(CUSTOM_MENU_ID)}>
              <span>
                <Trans>Custom period…</Trans>
              </span>
              {selected.menuId === CUSTOM_MENU_ID ? <Check size={16} aria-hidden /> : null}
            </Item>
          </Content>
        </DropdownMenu.Portal>
      </MenuRoot>
      <CustomDateDialog menu={menu} />
    </>
  );
}
