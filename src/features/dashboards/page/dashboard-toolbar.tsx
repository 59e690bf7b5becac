import { Trans, useLingui } from '@lingui/react/macro';
import {
  Check,
  Download,
  Ellipsis,
  FileDown,
  FileUp,
  MonitorPlay,
  Pencil,
  Plus,
  RotateCcw,
  Settings2,
  Trash2,
  X,
} from 'lucide-react';
import { DropdownMenu } from 'radix-ui';
import { useRef, useState, type ChangeEvent, type ReactNode } from 'react';
import styled from 'styled-components';
import type { Dashboard, DashboardFile, GraphPeriod } from '../../../../contracts/dashboard.ts';
import { Button } from '../../../ui/button.tsx';
import { SelectField } from '../../../ui/form/fields.tsx';
import { MenuContent, MenuItem, MenuRoot, MenuSeparator } from '../../../ui/menu.tsx';
import { colorValue } from '../components/dashboard-colors.ts';
import { readDashboardFile } from '../components/dashboard-file.ts';
import { PeriodMenu } from '../period/period-menu.tsx';

const Bar = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: flex-end;
  gap: 8px 12px;
  margin: 8px 0 16px;
  > label,
  > div:first-child {
    min-width: min(280px, 100%);
  }
`;

const Group = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: 8px;
  align-items: center;
`;

const Swatch = styled.span<{ $color: string }>`
  display: inline-block;
  width: 14px;
  height: 14px;
  border-radius: 50%;
  background: ${({ $color }) => $color};
  flex: none;
`;

const Switcher = styled.div`
  display: flex;
  align-items: flex-end;
  gap: 8px;
  flex: 1 1 280px;
  max-width: 420px;
  > span {
    margin-bottom: 14px;
  }
  > div {
    flex: 1;
  }
`;

const Unsaved = styled.span`
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: 0.875rem;
`;

function ToolButton({
  icon,
  children,
  ...props
}: {
  icon: ReactNode;
  children: ReactNode;
  onClick: () => void;
  disabled?: boolean;
  $variant?: 'primary' | 'secondary' | 'danger';
}) {
  return (
    <Button type="button" {...props}>
      {icon}
      <span>{children}</span>
    </Button>
  );
}

/** A hidden file input that reads a chosen file as a dashboard file, or says what is wrong with it. */
function useDashboardFileInput(
  onFile: (file: DashboardFile) => void,
  onProblem: (message: string) => void,
) {
  const { t } = useLingui();
  const input = useRef<HTMLInputElement>(null);
  const read = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    const reading = readDashboardFile(await file.text());
    if (reading.ok) onFile(reading.file);
    else if (reading.reason === 'json')
      onProblem(t`${file.name} is not a JSON file. Nothing was changed.`);
    else
      onProblem(
        t`${file.name} is not a Nordlys dashboard file (${reading.problems
          .slice(0, 3)
          .map((p) => `${p.path || '/'}: ${p.message}`)
          .join('; ')}). Nothing was changed.`,
      );
  };
  const element = (
    <input
      ref={input}
      type="file"
      accept="application/json,.json"
      hidden
      data-testid="dashboard-import-file"
      onChange={(event) => void read(event)}
    />
  );
  return { element, choose: () => input.current?.click() };
}

/** Import as a button of its own (where there is no dashboard yet). */
export function ImportButton({
  onFile,
  onProblem,
}: {
  onFile: (file: DashboardFile) => void;
  onProblem: (message: string) => void;
}) {
  const file = useDashboardFileInput(onFile, onProblem);
  return (
    <>
      {file.element}
      <ToolButton
        $variant="secondary"
        icon={<FileUp size={18} aria-hidden />}
        onClick={file.choose}
      >
        <Trans>Import</Trans>
      </ToolButton>
    </>
  );
}

export interface ViewToolbarProps {
  dashboards: readonly Dashboard[];
  current: Dashboard | undefined;
  period: GraphPeriod | undefined;
  liveData: boolean;
  busy: boolean;
  onSelect: (id: string) => void;
  onPeriod: (period: GraphPeriod | undefined) => void;
  onCreate: () => void;
  onImport: (file: DashboardFile) => void;
  onImportProblem: (message: string) => void;
  onEdit: () => void;
  onExportFile: () => void;
  onExportData: () => void;
  onDelete: () => void;
  onKiosk: () => void;
}

/** The default period of the dashboard-wide menu before one is chosen (spec §9: last 7 days). */
const LAST_7_DAYS: GraphPeriod = { menuId: 3, timeType: 2, chartType: 3 };

/** Viewing: choose a dashboard, a period for all its graphs, and what to do with it. */
export function ViewToolbar(props: ViewToolbarProps) {
  const { t } = useLingui();
  const { dashboards, current, period } = props;
  const [periodShown, setPeriodShown] = useState(period !== undefined);
  const file = useDashboardFileInput(props.onImport, props.onImportProblem);
  return (
    <Bar role="toolbar" aria-label={t`Dashboard`}>
      {current ? (
        <Switcher>
          <Swatch $color={colorValue(current.color)} aria-hidden />
          <SelectField
            label={t`Dashboard`}
            value={current.id}
            options={dashboards.map((d) => ({ value: d.id, label: d.name }))}
            onChange={props.onSelect}
          />
        </Switcher>
      ) : null}
      {current ? (
        <Group>
          {periodShown || period ? (
            <>
              <PeriodMenu
                value={period ?? LAST_7_DAYS}
                liveData={props.liveData}
                onChange={(next) => props.onPeriod(next)}
              />
              <ToolButton
                $variant="secondary"
                icon={<RotateCcw size={18} aria-hidden />}
                onClick={() => {
                  setPeriodShown(false);
                  props.onPeriod(undefined);
                }}
              >
                <Trans>Each graph’s own period</Trans>
              </ToolButton>
            </>
          ) : (
            <ToolButton
              $variant="secondary"
              icon={<Settings2 size={18} aria-hidden />}
              onClick={() => setPeriodShown(true)}
            >
              <Trans>One period for all graphs</Trans>
            </ToolButton>
          )}
        </Group>
      ) : null}
      <Group>
        {current ? (
          <ToolButton
            icon={<Pencil size={18} aria-hidden />}
            onClick={props.onEdit}
            disabled={props.busy}
          >
            <Trans>Edit</Trans>
          </ToolButton>
        ) : null}
        <ToolButton
          $variant="secondary"
          icon={<Plus size={18} aria-hidden />}
          onClick={props.onCreate}
          disabled={props.busy}
        >
          <Trans>New dashboard</Trans>
        </ToolButton>
        {current ? (
          <ToolButton
            $variant="secondary"
            icon={<MonitorPlay size={18} aria-hidden />}
            onClick={props.onKiosk}
          >
            <Trans>Wall display</Trans>
          </ToolButton>
        ) : null}
        {file.element}
        <MenuRoot>
          <DropdownMenu.Trigger asChild>
            <Button type="button" $variant="secondary" aria-label={t`More`}>
              <Ellipsis size={18} aria-hidden />
            </Button>
          </DropdownMenu.Trigger>
          <DropdownMenu.Portal>
            <MenuContent align="end" sideOffset={6}>
              <MenuItem onSelect={file.choose} disabled={props.busy}>
                <FileUp size={16} aria-hidden />
                <Trans>Import dashboard</Trans>
              </MenuItem>
              {current ? (
                <>
                  <MenuItem onSelect={props.onExportFile}>
                    <FileDown size={16} aria-hidden />
                    <Trans>Export dashboard</Trans>
                  </MenuItem>
                  <MenuItem onSelect={props.onExportData}>
                    <Download size={16} aria-hidden />
                    <Trans>Export data</Trans>
                  </MenuItem>
                  <MenuSeparator />
                  <MenuItem $danger onSelect={props.onDelete} disabled={props.busy}>
                    <Trash2 size={16} aria-hidden />
                    <Trans>Delete dashboard</Trans>
                  </MenuItem>
                </>
              ) : null}
            </MenuContent>
          </DropdownMenu.Portal>
        </MenuRoot>
      </Group>
    </Bar>
  );
}

/** Editing: add graphs, change the details, save or close. */
export function EditToolbar({
  name,
  dirty,
  saving,
  onAdd,
  onDetails,
  onSave,
  onClose,
}: {
  name: string;
  dirty: boolean;
  saving: boolean;
  onAdd: () => void;
  onDetails: () => void;
  onSave: () => void;
  onClose: () => void;
}) {
  const { t } = useLingui();
  return (
    <Bar role="toolbar" aria-label={t`Editing ${name}`}>
      <Group>
        <ToolButton icon={<Plus size={18} aria-hidden />} onClick={onAdd} disabled={saving}>
          <Trans>Add graph</Trans>
        </ToolButton>
        <ToolButton
          $variant="secondary"
          icon={<Pencil size={18} aria-hidden />}
          onClick={onDetails}
          disabled={saving}
        >
          <Trans>Name and colour</Trans>
        </ToolButton>
      </Group>
      <Group>
        {dirty ? (
          <Unsaved role="status">
            <Trans>Unsaved changes</Trans>
          </Unsaved>
        ) : null}
        <ToolButton icon={<Check size={18} aria-hidden />} onClick={onSave} disabled={saving}>
          {saving ? <Trans>Saving…</Trans> : <Trans>Save</Trans>}
        </ToolButton>
        <ToolButton
          $variant="secondary"
          icon={<X size={18} aria-hidden />}
          onClick={onClose}
          disabled={saving}
        >
          <Trans>Close</Trans>
        </ToolButton>
      </Group>
    </Bar>
  );
}
