import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { Search } from 'lucide-react';
import { useEffect, useId, useMemo, useRef, useState } from 'react';
import styled from 'styled-components';
import type { Suggestion } from '../../../contracts/search.ts';
import { searchQuery } from '../../api/search/queries.ts';
import { IconButton } from '../../ui/button.tsx';
import { useDebounced } from '../../lib/use-debounced.ts';

const GROUPS = [
  { id: 'projects', title: msg`Projects` },
  { id: 'devices', title: msg`Devices` },
  { id: 'collections', title: msg`Data collections` },
  { id: 'users', title: msg`Users` },
  { id: 'orgs', title: msg`Organisations` },
] as const;

/** Typing waits this long before asking the server. */
const DEBOUNCE_MS = 200;

// Narrow, the open box takes what the header has left, so the user menu stays on screen.
const Box = styled.div<{ $compact: boolean }>`
  position: relative;
  margin-left: auto;
  flex: ${({ $compact }) => ($compact ? '1 1 auto' : 'none')};
  min-width: 0;
  width: ${({ $compact }) => ($compact ? 'auto' : 'min(320px, 30vw)')};
`;

const Field = styled.label`
  display: flex;
  align-items: center;
  gap: 8px;
  padding: 0 12px;
  height: 38px;
  border-radius: 999px;
  background: ${({ theme }) => theme.colors.hover};
  color: ${({ theme }) => theme.colors.textMuted};
  input {
    flex: 1;
    min-width: 0;
    border: none;
    background: none;
    font: inherit;
    color: ${({ theme }) => theme.colors.text};
    outline: none;
  }
  &:focus-within {
    outline: 2px solid ${({ theme }) => theme.colors.primary};
  }
`;

const Popup = styled.div`
  position: absolute;
  top: calc(100% + 6px);
  right: 0;
  width: max(100%, 260px);
  max-height: 200px;
  overflow: auto;
  z-index: 45;
  background: ${({ theme }) => theme.colors.surface};
  color: ${({ theme }) => theme.colors.text};
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radius};
  box-shadow: 0 12px 32px rgb(0 0 0 / 20%);
  padding: 4px;
  [role='group'] > div:first-child {
    padding: 6px 10px 2px;
    font-size: 0.75rem;
    font-weight: 700;
    text-transform: uppercase;
    letter-spacing: 0.04em;
    color: ${({ theme }) => theme.colors.textMuted};
  }
  [role='option'] {
    padding: 7px 10px;
    border-radius: 6px;
    cursor: pointer;
    overflow: hidden;
    text-overflow: ellipsis;
    white-space: nowrap;
  }
  [role='option'][aria-selected='true'] {
    background: ${({ theme }) => theme.colors.hover};
  }
  p {
    margin: 8px 10px;
    color: ${({ theme }) => theme.colors.textMuted};
  }
`;

/**
 * The header's search box: suggestions as the user types, grouped as
 * projects, devices, collections, users and organisations, at most five per
 * group and only over what the user may see (the server decides). Arrow keys
 * move through them, Enter opens one, Escape closes the list.
 */
export function GlobalSearch({ compact = false }: { compact?: boolean }) {
  const { t, i18n } = useLingui();
  const navigate = useNavigate();
  const listId = useId();
  const [text, setText] = useState('');
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(0);
  const input = useRef<HTMLInputElement>(null);
  // In the narrow header the box opens from a button and closes when it loses focus.
  const [expanded, setExpanded] = useState(false);
  useEffect(() => {
    if (expanded) input.current?.focus();
  }, [expanded]);

  const query = useDebounced(text.trim(), DEBOUNCE_MS);

  const result = useQuery(searchQuery(query));
  const groups = useMemo(
    () =>
      query === '' || !result.data
        ? []
        : GROUPS.map((group) => ({ ...group, items: result.data[group.id] })).filter(
            (group) => group.items.length > 0,
          ),
    [query, result.data],
  );
  const flat = groups.flatMap((group) => group.items);
  const showing = open && text.trim() !== '';

  const go = (suggestion: Suggestion) => {
    setOpen(false);
    setText('');
    setExpanded(false);
    input.current?.blur();
    void navigate({ to: suggestion.path });
  };

  // Each suggestion's place in the keyboard order across the groups.
  const offsets = groups.map((_, g) =>
    groups.slice(0, g).reduce((sum, group) => sum + group.items.length, 0),
  );
  if (compact && !expanded)
    return (
      <IconButton
        type="button"
        style={{ marginLeft: 'auto' }}
        aria-label={t`Search`}
        onClick={() => setExpanded(true)}
      >
        <Search size={20} />
      </IconButton>
    );
  return (
    <Box $compact={compact}>
      <Field>
        <Search size={18} aria-hidden />
        <input
          ref={input}
          type="search"
          role="combobox"
          aria-expanded={showing}
          aria-controls={listId}
          aria-autocomplete="list"
          aria-activedescendant={showing && flat[active] ? `${listId}-${active}` : undefined}
          placeholder={t`Search`}
          aria-label={t`Search`}
          value={text}
          maxLength={100}
          onChange={(event) => {
            setText(event.target.value);
            setActive(0);
            setOpen(true);
          }}
          onFocus={() => setOpen(true)}
          onBlur={() => {
            setOpen(false);
            if (compact) setExpanded(false);
          }}
          onKeyDown={(event) => {
            if (event.key === 'ArrowDown') {
              event.preventDefault();
              setActive((a) => (flat.length === 0 ? 0 : (a + 1) % flat.length));
            } else if (event.key === 'ArrowUp') {
              event.preventDefault();
              setActive((a) => (flat.length === 0 ? 0 : (a - 1 + flat.length) % flat.length));
            } else if (event.key === 'Enter') {
              const chosen = flat[active];
              if (chosen) {
                event.preventDefault();
                go(chosen);
              }
            } else if (event.key === 'Escape') {
              setOpen(false);
            }
          }}
        />
      </Field>
      {showing ? (
        <Popup id={listId} role="listbox" aria-label={t`Search suggestions`}>
          {groups.map((group, g) => (
            <div role="group" key={group.id} aria-labelledby={`${listId}-${group.id}`}>
              <div id={`${listId}-${group.id}`}>{i18n._(group.title)}</div>
              {group.items.map((item, i) => {
                const position = (offsets[g] ?? 0) + i;
                return (
                  <div
                    key={`${group.id}-${item.id}`}
                    id={`${listId}-${position}`}
                    role="option"
                    aria-selected={position === active}
                    // The input keeps the focus: a click must not blur it before it counts.
                    onMouseDown={(event) => event.preventDefault()}
                    onMouseEnter={() => setActive(position)}
                    onClick={() => go(item)}
                  >
                    {item.name}
                  </div>
                );
              })}
            </div>
          ))}
          {groups.length === 0 ? (
            <p>
              {result.isError ? (
                <Trans>Search is not available right now.</Trans>
              ) : result.isFetching || query !== text.trim() ? (
                <Trans>Searching…</Trans>
              ) : (
                <Trans>No matches.</Trans>
              )}
            </p>
          ) : null}
        </Popup>
      ) : null}
    </Box>
  );
}
