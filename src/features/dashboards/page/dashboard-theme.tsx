import type { ReactNode } from 'react';
import styled, { ThemeProvider } from 'styled-components';
import { useSettings } from '../../../lib/use-settings.ts';
import { themes, type Theme, type ThemeMode } from '../../../ui/theme.ts';

/** Settings → Diagrams "Dashboard theme": 0 like the console, 1 light, 2 dark. */
const modes: Record<number, ThemeMode | undefined> = { 1: 'light', 2: 'dark' };

const Surface = styled.div<{ $fill: boolean }>`
  background: ${({ theme }) => theme.colors.background};
  color: ${({ theme }) => theme.colors.text};
  ${({ $fill }) => ($fill ? 'min-height: 100vh;' : 'padding: 12px; border-radius: 8px;')}
`;

/**
 * The dashboards in the user's dashboard theme: a dark wall display in a
 * light console, or the other way round. The organisation's brand colour
 * stays. `fill` covers the whole screen (the wall display).
 */
export function DashboardTheme({
  children,
  fill = false,
}: {
  children: ReactNode;
  fill?: boolean;
}) {
  const { settings } = useSettings();
  const mode = modes[settings.dsTheme];
  if (!mode) return <>{children}</>;
  const own = (outer: Theme | undefined): Theme => ({
    ...themes[mode],
    colors: {
      ...themes[mode].colors,
      primary: outer?.colors.primary ?? themes[mode].colors.primary,
      onPrimary: outer?.colors.onPrimary ?? themes[mode].colors.onPrimary,
    },
  });
  return (
    <ThemeProvider theme={own}>
      <Surface $fill={fill} data-dashboard-theme={mode}>
        {children}
      </Surface>
    </ThemeProvider>
  );
}
