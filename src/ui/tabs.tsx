import { useLingui } from '@lingui/react/macro';
import { Link, useRouterState } from '@tanstack/react-router';
import { ChevronLeft, ChevronRight } from 'lucide-react';
import { useCallback, useEffect, useLayoutEffect, useRef, useState, type RefObject } from 'react';
import styled from 'styled-components';

/** How far the fade at a cut edge reaches, under its scroll button: a tab is in view only past it. */
const FADE = 40;

const Frame = styled.div`
  position: relative;
  display: flex;
  margin: 0 0 16px;
  border-bottom: 1px solid ${({ theme }) => theme.colors.border};
`;

// A cut edge fades out, so a tab past it reads as "there is more this way".
const fade = ({ $start, $end }: { $start: boolean; $end: boolean }) =>
  $start || $end
    ? `linear-gradient(to right, ${$start ? 'transparent' : '#000'}, #000 ${FADE}px, #000 calc(100% - ${FADE}px), ${$end ? 'transparent' : '#000'})`
    : 'none';

const Bar = styled.nav<{ $start: boolean; $end: boolean }>`
  position: relative;
  flex: 1;
  min-width: 0;
  display: flex;
  gap: 4px;
  overflow-x: auto;
  scrollbar-width: none;
  mask-image: ${fade};
  &::-webkit-scrollbar {
    display: none;
  }
  a {
    padding: 10px 14px;
    color: ${({ theme }) => theme.colors.textMuted};
    text-decoration: none;
    border-bottom: 2px solid transparent;
    white-space: nowrap;
    font-weight: 600;
  }
  a[data-status='active'] {
    color: ${({ theme }) => theme.colors.primary};
    border-bottom-color: ${({ theme }) => theme.colors.primary};
  }
`;

// Over the faded edge, so showing it never narrows the bar.
const Scroll = styled.button<{ $side: 'left' | 'right' }>`
  position: absolute;
  top: 0;
  bottom: 0;
  ${({ $side }) => $side}: 0;
  display: grid;
  place-items: center;
  width: 36px;
  border: none;
  border-radius: ${({ theme }) => theme.radius};
  background: transparent;
  color: ${({ theme }) => theme.colors.text};
  cursor: pointer;
  &:hover {
    background: ${({ theme }) => theme.colors.hover};
  }
`;

/** Which ends of the bar have tabs past them, measured when it resizes or scrolls. */
function useOverflow(bar: RefObject<HTMLElement | null>) {
  const [cut, setCut] = useState({ start: false, end: false });
  const measure = useCallback((element: HTMLElement) => {
    const start = element.scrollLeft > 1;
    const end = element.scrollLeft + element.clientWidth < element.scrollWidth - 1;
    setCut((now) => (now.start === start && now.end === end ? now : { start, end }));
  }, []);
  useLayoutEffect(() => {
    const element = bar.current;
    if (!element) return;
    // An observer reports each box once at the start, so this measures at once too.
    const observer = new ResizeObserver(() => measure(element));
    observer.observe(element);
    for (const child of Array.from(element.children)) observer.observe(child);
    return () => observer.disconnect();
  }, [bar, measure]);
  return { cut, measure };
}

/**
 * The top bar's tabs: each tab is a route, so the chosen tab is in the URL.
 * When they do not all fit, the bar scrolls: buttons at a cut end move it a
 * page, the cut ends fade, and the active tab is kept in view.
 */
export function TabBar({ label, tabs }: { label: string; tabs: { to: string; label: string }[] }) {
  const { t } = useLingui();
  const bar = useRef<HTMLElement>(null);
  const { cut, measure } = useOverflow(bar);
  const pathname = useRouterState({ select: (state) => state.location.pathname });

  // Bring the active tab into view (clear of the fades) when the page opens or changes tab.
  useEffect(() => {
    const element = bar.current;
    const active = element?.querySelector<HTMLElement>("a[data-status='active']");
    if (!element || !active) return;
    const left = active.offsetLeft - FADE;
    const right = active.offsetLeft + active.offsetWidth + FADE - element.clientWidth;
    if (element.scrollLeft > left) element.scrollLeft = left;
    else if (element.scrollLeft < right) element.scrollLeft = right;
  }, [pathname]);

  // A page on: the first tab cut at that end comes whole into view at the other.
  const page = (direction: 1 | -1) => {
    const element = bar.current;
    if (!element) return;
    const start = element.scrollLeft + FADE;
    const end = element.scrollLeft + element.clientWidth - FADE;
    const links = Array.from(element.querySelectorAll<HTMLElement>('a'));
    const cutTab =
      direction === 1
        ? links.find((link) => link.offsetLeft + link.offsetWidth > end + 1)
        : links.findLast((link) => link.offsetLeft < start - 1);
    if (!cutTab) return;
    element.scrollLeft =
      direction === 1
        ? cutTab.offsetLeft - FADE
        : cutTab.offsetLeft + cutTab.offsetWidth + FADE - element.clientWidth;
  };

  return (
    <Frame>
      <Bar
        ref={bar}
        aria-label={label}
        $start={cut.start}
        $end={cut.end}
        onScroll={(event) => measure(event.currentTarget)}
      >
        {tabs.map((tab) => (
          <Link key={tab.to} to={tab.to} activeOptions={{ exact: true, includeSearch: false }}>
            {tab.label}
          </Link>
        ))}
      </Bar>
      {cut.start ? (
        <Scroll type="button" $side="left" aria-label={t`Earlier tabs`} onClick={() => page(-1)}>
          <ChevronLeft size={20} aria-hidden />
        </Scroll>
      ) : null}
      {cut.end ? (
        <Scroll type="button" $side="right" aria-label={t`More tabs`} onClick={() => page(1)}>
          <ChevronRight size={20} aria-hidden />
        </Scroll>
      ) : null}
    </Frame>
  );
}
