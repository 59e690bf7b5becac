import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { pathToFileURL } from 'node:url';

/**
 * A local stand-in for the Danish address service (DAWA) that speaks its
 * format for the two calls Nordlys makes: `GET /adgangsadresser/reverse?x&y&struktur=mini`
 * (the nearest access address, however far) and `GET /adgangsadresser?q&struktur=mini&per_side`
 * (every word of q must begin a word of the address). Tests and the e2e
 * server use it: the public service is not reachable here.
 */

/** An access address in `struktur=mini` (x: longitude, y: latitude). */
export interface MiniAddress {
  id: string;
  status: number;
  darstatus: number;
  vejkode: string;
  vejnavn: string;
  adresseringsvejnavn: string;
  husnr: string;
  supplerendebynavn: string | null;
  postnr: string;
  postnrnavn: string;
  stormodtagerpostnr: string | null;
  stormodtagerpostnrnavn: string | null;
  kommunekode: string;
  x: number;
  y: number;
  href: string;
  betegnelse: string;
}

const mini = (
  id: string,
  vejnavn: string,
  husnr: string,
  postnr: string,
  postnrnavn: string,
  kommunekode: string,
  y: number,
  x: number,
): MiniAddress => ({
  id,
  status: 1,
  darstatus: 3,
  vejkode: '0000',
  vejnavn,
  adresseringsvejnavn: vejnavn,
  husnr,
  supplerendebynavn: null,
  postnr,
  postnrnavn,
  stormodtagerpostnr: null,
  stormodtagerpostnrnavn: null,
  kommunekode,
  x,
  y,
  href: `https://api.dataforsyningen.dk/adgangsadresser/${id}`,
  betegnelse: `${vejnavn} ${husnr}, ${postnr} ${postnrnavn}`,
});

/** Addresses near the demo's places in Copenhagen and Aarhus (the ids are made up). */
export const knownAddresses: MiniAddress[] = [
  mini(
    '0a3f507a-b2e6-32b8-e044-0003ba298018',
    'Nyhavn',
    '17',
    '1051',
    'København K',
    '0101',
    55.67989,
    12.59076,
  ),
  mini(
    '0a3f507a-ae7d-32b8-e044-0003ba298018',
    'Amagertorv',
    '1',
    '1160',
    'København K',
    '0101',
    55.67853,
    12.57889,
  ),
  mini(
    '0a3f507a-a2b5-32b8-e044-0003ba298018',
    'Rådhuspladsen',
    '1',
    '1550',
    'København V',
    '0101',
    55.67606,
    12.56913,
  ),
  mini(
    '0a3f507a-c1d4-32b8-e044-0003ba298018',
    'Islands Brygge',
    '14',
    '2300',
    'København S',
    '0101',
    55.66762,
    12.57771,
  ),
  mini(
    '0a3f5081-4d1e-32b8-e044-0003ba298018',
    'Rådhuspladsen',
    '2',
    '8000',
    'Aarhus C',
    '0751',
    56.15275,
    10.20311,
  ),
  mini(
    '0a3f5081-5a9c-32b8-e044-0003ba298018',
    'Store Torv',
    '1',
    '8000',
    'Aarhus C',
    '0751',
    56.15671,
    10.21062,
  ),
  mini(
    '0a3f5081-6b3e-32b8-e044-0003ba298018',
    'Hack Kampmanns Plads',
    '2',
    '8000',
    'Aarhus C',
    '0751',
    56.15362,
    10.21399,
  ),
];

export interface AddressServer {
  url: string;
  /** Requests answered so far, by path. */
  hits: Map<string, number>;
  /** Delay every answer (a slow service). */
  setDelay(ms: number): void;
  /** Answer every request with this status instead (null: answer normally). */
  setStatus(status: number | null): void;
  close(): Promise<void>;
}

const words = (text: string) =>
  text
    .toLowerCase()
    .split(/[\s,]+/)
    .filter(Boolean);

export async function startAddressServer(
  addresses: readonly MiniAddress[] = knownAddresses,
  port = 0,
): Promise<AddressServer> {
  const hits = new Map<string, number>();
  let delayMs = 0;
  let status: number | null = null;
  const server: Server = createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://localhost');
    hits.set(url.pathname, (hits.get(url.pathname) ?? 0) + 1);
    const send = (code: number, body: unknown) => {
      const write = () => {
        if (response.destroyed) return;
        response.writeHead(code, { 'content-type': 'application/json; charset=UTF-8' });
        response.end(JSON.stringify(body));
      };
      if (delayMs > 0) setTimeout(write, delayMs).unref();
      else write();
    };
    if (status !== null) return send(status, { type: 'InternalError', title: 'Forced' });
    if (request.method !== 'GET') return send(405, { type: 'MethodNotAllowed' });
    const struktur = url.searchParams.get('struktur');
    if (struktur !== null && struktur !== 'mini' && struktur !== 'flad' && struktur !== 'nestet')
      return send(400, { type: 'QueryParameterFormatError', title: 'struktur' });
    if (url.pathname === '/adgangsadresser/reverse') {
      const x = Number(url.searchParams.get('x'));
      const y = Number(url.searchParams.get('y'));
      if (!url.searchParams.has('x') || !url.searchParams.has('y') || !Number.isFinite(x + y))
        return send(400, {
          type: 'QueryParameterFormatError',
          title: 'Ugyldig værdi for x eller y',
        });
      const nearest = [...addresses].sort(
        (a, b) => (a.x - x) ** 2 + (a.y - y) ** 2 - ((b.x - x) ** 2 + (b.y - y) ** 2),
      )[0];
      return nearest ? send(200, nearest) : send(404, { type: 'ResourceNotFoundError' });
    }
    if (url.pathname === '/adgangsadresser') {
      const q = words(url.searchParams.get('q') ?? '');
      const perPage = Number(url.searchParams.get('per_side') ?? '20');
      const found = addresses.filter((a) => {
        const own = words(`${a.vejnavn} ${a.husnr} ${a.postnr} ${a.postnrnavn}`);
        return q.every((w) => own.some((o) => o.startsWith(w.replace(/\*$/, ''))));
      });
      return send(200, found.slice(0, perPage));
    }
    return send(404, { type: 'ResourceNotFoundError', title: 'The resource was not found' });
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  const { port: bound } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${bound}`,
    hits,
    setDelay: (ms) => {
      delayMs = ms;
    },
    setStatus: (next) => {
      status = next;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

// `node --import tsx tests/helpers/address-server.ts <port>`: the e2e suite's address service.
if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const port = Number(process.argv[2] ?? '0');
  const server = await startAddressServer(knownAddresses, port);
  process.stdout.write(`address service at ${server.url}\n`);
}
