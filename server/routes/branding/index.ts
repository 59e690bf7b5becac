import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import { groups } from '../../access/matrix.ts';
import { json } from '../../db/json.ts';
import { HttpError } from '../../lib/http-error.ts';
import { requireActor } from '../../plugins/auth.ts';
import { brandingRepository, type BrandingRow } from '../../repositories/branding-repository.ts';
import { Branding, BrandingUpdate, unbranded } from '../../../contracts/branding.ts';
import { errors, Ok } from '../../../contracts/common.ts';
import { HostParams } from '../../schemas/params.ts';

const hostPattern = /^[a-z0-9]([a-z0-9.-]*[a-z0-9])?$/;

/** The host the console was opened on: the white-label header when the client sends one, else Host. */
export function brandingHost(request: FastifyRequest): string {
  const header = request.headers['x-whitelabel-host'];
  const candidate = (typeof header === 'string' ? header : request.hostname)
    .toLowerCase()
    .replace(/:\d+$/, '');
  return hostPattern.test(candidate) ? candidate : 'localhost';
}

export function brandingView(host: string, row: BrandingRow | undefined): Branding {
  if (!row) return unbranded(host);
  return {
    host,
    custom: true,
    title: row.title,
    loginText: row.login_text,
    url: row.url,
    copyrightText: row.copyright_text,
    gdprUrl: row.gdpr_url,
    cookieUrl: row.cookie_url,
    logo: row.logo,
    favicon: row.favicon,
    colors: row.colors,
  };
}

const requireSuperUser = async (request: FastifyRequest) => {
  if (requireActor(request).group !== groups.superuser)
    throw new HttpError(403, 'Only super users manage branding');
};

/** White-label branding, chosen by host name: read by anyone (the login page), edited by super users. */
const branding: FastifyPluginAsyncTypebox = async (fastify) => {
  const repo = brandingRepository(fastify.db);

  fastify.get(
    '/branding',
    {
      schema: {
        tags: ['branding'],
        summary: 'Branding for the host the console is opened on',
        response: { 200: Branding },
      },
    },
    async (request) => {
      const host = brandingHost(request);
      return brandingView(host, await repo.get(host));
    },
  );

  fastify.get(
    '/branding/hosts',
    {
      preHandler: requireSuperUser,
      schema: {
        tags: ['branding'],
        summary: 'Every host with its own branding',
        security: [{ bearer: [] }],
        response: { 200: Type.Array(Branding), ...errors },
      },
    },
    async () => (await repo.list()).map((row) => brandingView(row.host, row)),
  );

  fastify.put(
    '/branding/:host',
    {
      preHandler: requireSuperUser,
      bodyLimit: 512 * 1024,
      schema: {
        tags: ['branding'],
        summary: 'Set the branding of a host',
        security: [{ bearer: [] }],
        params: HostParams,
        body: BrandingUpdate,
        response: { 200: Branding, ...errors },
      },
    },
    async (request) => {
      const b = request.body;
      await repo.upsert({
        host: request.params.host,
        title: b.title ?? null,
        login_text: b.loginText ?? null,
        url: b.url ?? null,
        copyright_text: b.copyrightText ?? null,
        gdpr_url: b.gdprUrl ?? null,
        cookie_url: b.cookieUrl ?? null,
        logo: b.logo ?? null,
        favicon: b.favicon ?? null,
        colors: json(b.colors ?? {}),
      });
      return brandingView(request.params.host, await repo.get(request.params.host));
    },
  );

  fastify.delete(
    '/branding/:host',
    {
      preHandler: requireSuperUser,
      schema: {
        tags: ['branding'],
        summary: 'Remove a host’s branding (Nordlys’ own shows again)',
        security: [{ bearer: [] }],
        params: HostParams,
        response: { 200: Ok, ...errors },
      },
    },
    async (request) => ({ ok: await repo.delete(request.params.host) }),
  );
};

export default branding;
