import { Dialog as Radix } from 'radix-ui';
import { useRef, type ReactNode } from 'react';
import styled from 'styled-components';

const Overlay = styled(Radix.Overlay)`
  position: fixed;
  inset: 0;
  background: rgb(0 0 0 / 45%);
  z-index: 40;
`;

const Content = styled(Radix.Content)`
  position: fixed;
  z-index: 41;
  top: 50%;
  left: 50%;
  transform: translate(-50%, -50%);
  width: min(640px, calc(100vw - 32px));
  max-height: calc(100vh - 48px);
  overflow: auto;
  background: ${({ theme }) => theme.colors.surface};
  color: ${({ theme }) => theme.colors.text};
  border-radius: ${({ theme }) => theme.radius};
  padding: 24px;
  box-shadow: 0 16px 48px rgb(0 0 0 / 30%);
`;

const Title = styled(Radix.Title)`
  margin: 0 0 12px;
  font-size: 1.25rem;
`;

export const DialogActions = styled.div`
  display: flex;
  justify-content: flex-end;
  gap: 8px;
  margin-top: 20px;
`;

/**
 * Where focus was last: what a dialog opened from there hands it back to on
 * closing. A menu's item stands for its menu's button, as the item goes with the
 * menu that the choice closes.
 */
let lastFocused: HTMLElement | null = null;

function focusedOpener(target: EventTarget | null): HTMLElement | null {
  if (!(target instanceof HTMLElement)) return null;
  const menu = target.closest('[role="menu"]');
  if (!menu) return target;
  const button = menu.getAttribute('aria-labelledby');
  return button ? document.getElementById(button) : null;
}

if (typeof document !== 'undefined')
  document.addEventListener('focusin', (event) => (lastFocused = focusedOpener(event.target)), {
    capture: true,
  });

/**
 * A modal dialog (radix Dialog, open as the caller says). Opened without radix's
 * trigger, it hands the focus back on closing to what had it when it opened: the
 * button, or the menu's button whose item opened it.
 */
export function Dialog({
  open,
  onOpenChange,
  title,
  description,
  children,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: ReactNode;
  description?: ReactNode;
  children: ReactNode;
}) {
  const opener = useRef<HTMLElement | null>(null);
  return (
    <Radix.Root open={open} onOpenChange={onOpenChange}>
      <Radix.Portal>
        <Overlay />
        {/* Without a description Radix asks for the attribute explicitly; with one it links it itself. */}
        <Content
          aria-describedby={undefined}
          onOpenAutoFocus={() => {
            opener.current = lastFocused;
          }}
          onCloseAutoFocus={(event) => {
            const back = opener.current;
            opener.current = null;
            if (!back?.isConnected) return;
            event.preventDefault();
            back.focus();
          }}
        >
          <Title>{title}</Title>
          {description ? <Radix.Description>{description}</Radix.Description> : null}
          {children}
        </Content>
      </Radix.Portal>
    </Radix.Root>
  );
}

export const DialogClose = Radix.Close;
