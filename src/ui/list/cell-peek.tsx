import { useLayoutEffect, useRef, type FocusEvent, type MouseEvent } from 'react';
import { createPortal } from 'react-dom';
import styled from 'styled-components';

/** The cut cell (marked by use-column-fit.ts) an event happened in, or null outside one. */
export function cutCellAt(event: MouseEvent | FocusEvent): HTMLElement | null {
  const target = event.target instanceof Element ? event.target : null;
  return target?.closest<HTMLElement>('[data-cut]') ?? null;
}

const MARGIN = 8;

const Box = styled.div`
  position: fixed;
  z-index: 40;
  box-sizing: border-box;
  display: flex;
  align-items: center;
  padding: 4px 12px;
  max-width: min(40rem, calc(100vw - ${2 * MARGIN}px));
  max-height: 40vh;
  overflow: hidden;
  overflow-wrap: anywhere;
  background: ${({ theme }) => theme.colors.surface};
  color: ${({ theme }) => theme.colors.text};
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radius};
  box-shadow: 0 4px 16px rgb(0 0 0 / 0.18);
  pointer-events: none;
`;

/**
 * A cut cell's whole text, laid over the cell while it is hovered or focused.
 * It sits on the page (the list's scroll box would clip it), follows the cell
 * as the list scrolls and stays inside the window.
 */
export function CellPeek({ cell }: { cell: HTMLElement }) {
  const box = useRef<HTMLDivElement>(null);
  useLayoutEffect(() => {
    const element = box.current;
    if (!element) return;
    const place = () => {
      const rect = cell.getBoundingClientRect();
      element.hidden = !cell.isConnected;
      Object.assign(element.style, {
        top: `${rect.top}px`,
        left: `${rect.left}px`,
        minWidth: `${rect.width}px`,
        minHeight: `${rect.height}px`,
      });
      const over = element.getBoundingClientRect().right - (window.innerWidth - MARGIN);
      if (over > 0) element.style.left = `${Math.max(MARGIN, rect.left - over)}px`;
    };
    place();
    window.addEventListener('scroll', place, true);
    window.addEventListener('resize', place);
    return () => {
      window.removeEventListener('scroll', place, true);
      window.removeEventListener('resize', place);
    };
  }, [cell]);
  return createPortal(
    <Box ref={box} role="tooltip">
      {cell.textContent?.trim()}
    </Box>,
    document.body,
  );
}
