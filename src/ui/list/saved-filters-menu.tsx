import { Trans, useLingui } from '@lingui/react/macro';
import { Bookmark, X } from 'lucide-react';
import { DropdownMenu } from 'radix-ui';
import { useState } from 'react';
import styled from 'styled-components';
import { MenuContent, MenuItem, MenuRoot } from '../menu.tsx';
import {
  addSavedFilter,
  readSavedFilters,
  removeSavedFilter,
  writeSavedFilters,
  type ListKey,
  type SavedFilter,
} from '../../lib/saved-filters.ts';
import { Button } from '../button.tsx';
import { Dialog, DialogActions } from '../dialog.tsx';
import { TextField } from '../form/text-field.tsx';

const Content = styled(MenuContent)`
  min-width: 240px;
  max-width: min(360px, calc(100vw - 24px));
`;

const Item = styled(MenuItem)`
  gap: 8px;
  min-height: 0;
  padding: 8px 10px;
  span {
    flex: 1;
    overflow: hidden;
    text-overflow: ellipsis;
    white-space: nowrap;
  }
`;

const Remove = styled.button`
  display: inline-flex;
  border: none;
  background: none;
  color: ${({ theme }) => theme.colors.textMuted};
  cursor: pointer;
  padding: 2px;
  border-radius: 4px;
  &:hover {
    color: ${({ theme }) => theme.colors.danger};
  }
`;

const Hint = styled.p`
  margin: 6px 10px;
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: 0.875rem;
`;

const Separator = styled(DropdownMenu.Separator)`
  height: 1px;
  margin: 4px 0;
  background: ${({ theme }) => theme.colors.border};
`;

export type FilterSnapshot = Omit<SavedFilter, 'id' | 'name'>;

/**
 * The saved filters of one list (spec §3): apply one, save the current
 * search, sort and filters under a name, or remove one. Kept in local storage.
 */
export function SavedFiltersMenu({
  listKey,
  current,
  onApply,
}: {
  listKey: ListKey;
  current: FilterSnapshot;
  onApply: (filter: SavedFilter) => void;
}) {
  const { t } = useLingui();
  const [all, setAll] = useState(() => readSavedFilters(window.localStorage));
  const [naming, setNaming] = useState(false);
  const [name, setName] = useState('');
  const saved = all[listKey] ?? [];

  const store = (next: typeof all) => {
    writeSavedFilters(window.localStorage, next);
    setAll(next);
  };
  const nothingToSave = !current.search && !current.sort && !current.filters;

  return (
    <>
      <MenuRoot>
        <DropdownMenu.Trigger asChild>
          <Button $variant="secondary" type="button">
            <Bookmark size={18} aria-hidden />
            <Trans>Saved filters</Trans>
          </Button>
        </DropdownMenu.Trigger>
        <DropdownMenu.Portal>
          <Content align="start" sideOffset={6}>
            {saved.length === 0 ? (
              <Hint>
                <Trans>No saved filters yet.</Trans>
              </Hint>
            ) : (
              saved.map((filter) => (
                <Item key={filter.id} onSelect={() => onApply(filter)}>
                  <span>{filter.name}</span>
                  <Remove
                    type="button"
                    aria-label={t`Remove the filter ${filter.name}`}
                    onClick={(event) => {
                      event.stopPropagation();
                      event.preventDefault();
                      store(removeSavedFilter(all, listKey, filter.id));
                    }}
                  >
                    <X size={16} aria-hidden />
                  </Remove>
                </Item>
              ))
            )}
            <Separator />
            <Item
              disabled={nothingToSave}
              onSelect={() => {
                setName('');
                setNaming(true);
              }}
            >
              <span>
                <Trans>Save the current filter…</Trans>
              </span>
            </Item>
          </Content>
        </DropdownMenu.Portal>
      </MenuRoot>
      <Dialog open={naming} onOpenChange={setNaming} title={t`Save filter`}>
        <form
          onSubmit={(event) => {
            event.preventDefault();
            const trimmed = name.trim();
            if (!trimmed) return;
            store(addSavedFilter(all, listKey, { name: trimmed, ...current }));
            setNaming(false);
          }}
        >
          <TextField
            label={t`Name`}
            value={name}
            maxLength={60}
            required
            autoFocus
            onChange={(event) => setName(event.target.value)}
          />
          <DialogActions>
            <Button $variant="secondary" type="button" onClick={() => setNaming(false)}>
              <Trans>Cancel</Trans>
            </Button>
            <Button type="submit" disabled={!name.trim()}>
              <Trans>Save</Trans>
            </Button>
          </DialogActions>
        </form>
      </Dialog>
    </>
  );
}
