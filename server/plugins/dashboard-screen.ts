import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Branding } from '../../contracts/branding.ts';
import type { DashboardList } from '../../contracts/dashboard.ts';
import {
  DASHBOARD_RENDERER,
  type DashboardScreen,
  type DashboardScreenRenderer,
} from '../../contracts/first-screen.ts';
import type { CurrentSession } from '../../contracts/session.ts';
import { SESSION_COOKIE } from '../auth/session-cookie.ts';

/**
 * The dashboard home's renderer the build made beside the console
 * (dist/first-screen/ next to dist/web/, scripts/first-screen.ts), or null
 * when there is none (the console not built, or built before it was) or it
 * cannot load here (an install without the console's libraries, which it
 * takes from node_modules): told to `failed`, and the page goes without it.
 */
export async function loadDashboardRenderer(
  webRoot: string,
  failed: (error: unknown) => void,
): Promise<DashboardScreenRenderer | null> {
  const file = path.join(path.dirname(webRoot), 'first-screen', DASHBOARD_RENDERER);
  if (!fs.existsSync(file)) return null;
  try {
    return (await import(pathToFileURL(file).href)) as DashboardScreenRenderer;
  } catch (error) {
    failed(error);
    return null;
  }
}

/** The headers of the page's request that the API's answers depend on: who asks, on which host. */
const forwarded = ['cookie', 'host', 'x-whitelabel-host'] as const;

/**
 * The dashboard home's first screen for a request: made from what the API
 * answers the same caller (the session, the host's branding, the user's
 * dashboards), asked in-process with the request's cookie and host, so the
 * page shows exactly what the console would, under the same checks. Null for
 * a caller who is not signed in, or has no dashboards yet (the console makes
 * a first one).
 */
export function dashboardScreenOf(fastify: FastifyInstance, renderer: DashboardScreenRenderer) {
  return async (request: FastifyRequest): Promise<DashboardScreen | null> => {
    // Only a browser with a session cookie can be signed in: no reads for anyone else.
    if (!request.headers.cookie?.includes(`${SESSION_COOKIE}=`)) return null;
    const headers: Record<string, string> = { accept: 'application/json' };
    for (const name of forwarded) {
      const value = request.headers[name];
      if (typeof value === 'string') headers[name] = value;
    }
    const ask = async <T>(url: string): Promise<T | null> => {
      const answer = await fastify.inject({ method: 'GET', url, headers });
      return answer.statusCode === 200 ? answer.json<T>() : null;
    };
    const session = await ask<CurrentSession>('/api/auth/session');
    if (!session?.user) return null;
    const [branding, dashboards] = await Promise.all([
      ask<Branding>('/api/branding'),
      ask<DashboardList>('/api/v2/dashboards'),
    ]);
    if (!branding || !dashboards || dashboards.length === 0) return null;
    return renderer.renderDashboardHome({
      user: session.user,
      branding,
      dashboards,
      url: request.url,
    });
  };
}
