import type { QueryClient } from '@tanstack/react-query';
import { Outlet, createRootRouteWithContext } from '@tanstack/react-router';
import { usePreferredThemeMode } from '../ui/theme-mode.ts';
import { RootFrame } from './-components/root-frame.tsx';
import '../lib/route-meta.ts';

export interface RouterContext {
  queryClient: QueryClient;
}

export const Route = createRootRouteWithContext<RouterContext>()({
  component: Root,
});

/** Every page, in the console's frame (branding, theme, language, banners, cookie consent). */
function Root() {
  return (
    <RootFrame system={usePreferredThemeMode()}>
      <Outlet />
    </RootFrame>
  );
}
