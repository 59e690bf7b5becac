import { DropdownMenu } from 'radix-ui';
import styled from 'styled-components';

/**
 * A dropdown menu of the console (radix DropdownMenu.Root), not modal: an
 * open menu does not hide the rest of the page from assistive technology
 * while the page's links and buttons stay focusable (axe aria-hidden-focus).
 * Escape, Tab or a click outside still closes it.
 */
export function MenuRoot(props: DropdownMenu.DropdownMenuProps) {
  return <DropdownMenu.Root modal={false} {...props} />;
}

/** A dropdown menu's panel (radix DropdownMenu.Content), as the console's menus look. */
export const MenuContent = styled(DropdownMenu.Content)`
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

export const MenuItem = styled(DropdownMenu.Item)<{ $danger?: boolean }>`
  display: flex;
  align-items: center;
  gap: 10px;
  min-height: 40px;
  padding: 0 10px;
  border-radius: 6px;
  cursor: pointer;
  outline: none;
  color: ${({ theme, $danger }) => ($danger ? theme.colors.danger : 'inherit')};
  &[data-highlighted] {
    background: ${({ theme }) => theme.colors.hover};
  }
  &[data-disabled] {
    opacity: 0.5;
    cursor: default;
  }
`;

export const MenuSeparator = styled(DropdownMenu.Separator)`
  height: 1px;
  margin: 4px 0;
  background: ${({ theme }) => theme.colors.border};
`;
