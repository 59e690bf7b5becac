import { useLingui } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';
import { ChevronDown } from 'lucide-react';
import { useEffect, useState } from 'react';
import styled, { css } from 'styled-components';
import type { SignedInUser } from '../../../contracts/session.ts';
import { CONSENT_SPACE } from './cookie-consent.tsx';
import { sidebarItems, type SidebarItem } from './sidebar-items.ts';

export const DRAWER_WIDTH = 260;
export const DRAWER_COLLAPSED = 60;

const Nav = styled.nav<{ $width: number; $temporary: boolean; $open: boolean }>`
  width: ${({ $width }) => $width}px;
  flex: none;
  height: 100%;
  overflow-x: hidden;
  overflow-y: auto;
  background: ${({ theme }) => theme.colors.surface};
  border-right: 1px solid ${({ theme }) => theme.colors.border};
  transition:
    width 160ms ease,
    transform 160ms ease;
  ${({ $temporary, $open }) =>
    $temporary &&
    css`
      position: fixed;
      top: 0;
      bottom: ${CONSENT_SPACE};
      height: auto;
      left: 0;
      z-index: 30;
      transform: translateX(${$open ? '0' : '-100%'});
      box-shadow: ${$open ? '0 0 32px rgb(0 0 0 / 30%)' : 'none'};
    `}
  ul {
    list-style: none;
    margin: 0;
    padding: 8px;
  }
`;

const itemStyle = css`
  display: flex;
  align-items: center;
  gap: 14px;
  width: 100%;
  min-height: 44px;
  padding: 0 10px;
  border: none;
  border-radius: ${({ theme }) => theme.radius};
  background: none;
  color: ${({ theme }) => theme.colors.text};
  font: inherit;
  text-decoration: none;
  white-space: nowrap;
  cursor: pointer;
  svg {
    flex: none;
  }
  &:hover {
    background: ${({ theme }) => theme.colors.hover};
  }
  &[data-status='active'] {
    background: ${({ theme }) => theme.colors.hover};
    color: ${({ theme }) => theme.colors.primary};
    font-weight: 600;
  }
`;

const ItemLink = styled(Link)`
  ${itemStyle}
`;
const ItemAnchor = styled.a`
  ${itemStyle}
`;
const GroupButton = styled.button`
  ${itemStyle}
`;

const Divider = styled.li`
  height: 1px;
  margin: 8px 4px;
  background: ${({ theme }) => theme.colors.border};
`;

const Backdrop = styled.div`
  position: fixed;
  inset: 0;
  z-index: 29;
  background: rgb(0 0 0 / 40%);
`;

export interface SidebarProps {
  user: SignedInUser;
  /** Permanent beside the content, or temporary over it (mobile, or the user's choice). */
  temporary: boolean;
  open: boolean;
  /** Permanent and closed: only the icons (60 px). */
  collapsed: boolean;
  defaultView: string;
  onNavigate: () => void;
  /** Closes a temporary drawer (the backdrop or Escape). */
  onClose: () => void;
}

export function Sidebar({
  user,
  temporary,
  open,
  collapsed,
  defaultView,
  onNavigate,
  onClose,
}: SidebarProps) {
  const { i18n, t } = useLingui();
  const [expanded, setExpanded] = useState<Record<string, boolean>>({ management: true });
  const narrow = !temporary && collapsed;
  // A temporary drawer renders its menu once first opened (then keeps it, to slide it out
  // again): closed, it is off screen, and on a phone's first load its links, each following
  // the router, would be two fifths of the page's elements.
  const [opened, setOpened] = useState(!temporary || open);
  if ((!temporary || open) && !opened) setOpened(true);

  // A temporary drawer lies over the page like a dialog, and closes like one.
  useEffect(() => {
    if (!temporary || !open) return;
    const closeOnEscape = (event: KeyboardEvent) => {
      if (event.key === 'Escape' && !event.defaultPrevented) onClose();
    };
    document.addEventListener('keydown', closeOnEscape);
    return () => document.removeEventListener('keydown', closeOnEscape);
  }, [temporary, open, onClose]);

  const render = (item: SidebarItem) => {
    if (item.kind === 'divider') return <Divider key={item.id} aria-hidden />;
    const label = i18n._(item.label);
    if (item.kind === 'group') {
      const isOpen = expanded[item.id] ?? false;
      return (
        <li key={item.id}>
          <GroupButton
            type="button"
            aria-expanded={isOpen}
            title={narrow ? label : undefined}
            onClick={() => setExpanded((all) => ({ ...all, [item.id]: !isOpen }))}
          >
            <item.icon size={20} aria-hidden />
            {narrow ? null : (
              <>
                <span style={{ flex: 1, textAlign: 'left' }}>{label}</span>
                <ChevronDown
                  size={16}
                  aria-hidden
                  style={{ transform: isOpen ? 'rotate(180deg)' : undefined }}
                />
              </>
            )}
          </GroupButton>
          {isOpen ? (
            <ul style={{ padding: narrow ? 0 : '0 0 0 12px' }}>{item.children.map(render)}</ul>
          ) : null}
        </li>
      );
    }
    if (item.hidden || (item.groups && !item.groups.includes(user.group.id))) return null;
    const content = (
      <>
        <item.icon size={20} aria-hidden />
        {narrow ? <span className="visually-hidden">{label}</span> : <span>{label}</span>}
      </>
    );
    return (
      <li key={item.id}>
        {item.external ? (
          <ItemAnchor href={item.path} title={narrow ? label : undefined}>
            {content}
          </ItemAnchor>
        ) : (
          <ItemLink
            to={item.defaultViewSuffix ? `${item.path}${defaultView}` : item.path}
            title={narrow ? label : undefined}
            onClick={onNavigate}
            activeOptions={{ exact: false }}
          >
            {content}
          </ItemLink>
        )}
      </li>
    );
  };

  return (
    <>
      {temporary && open ? <Backdrop onClick={onClose} aria-hidden /> : null}
      <Nav
        aria-label={t`Main menu`}
        $width={narrow ? DRAWER_COLLAPSED : DRAWER_WIDTH}
        $temporary={temporary}
        $open={open}
        inert={temporary && !open ? true : undefined}
      >
        <ul>{opened ? sidebarItems.map(render) : null}</ul>
      </Nav>
    </>
  );
}
