import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../../tests/helpers/free-port.ts';
import { startOidcProvider, type TestOidcProvider } from '../../tests/helpers/oidc-provider.ts';
import { createOidcVerifier, OidcError, type OidcErrorReason, type OidcVerifier } from './oidc.ts';

const CLIENT_ID = 'nordlys-web';

const alice = {
  sub: '1184467200',
  email: 'alice@example.com',
  email_verified: true,
  name: 'Alice Lind',
  given_name: 'Alice',
  family_name: 'Lind',
  picture: 'https://example.com/alice.png',
};

const now = (): number => Math.floor(Date.now() / 1000);

async function rejection(promise: Promise<unknown>): Promise<OidcError> {
  try {
    await promise;
  } catch (error) {
    expect(error).toBeInstanceOf(OidcError);
    return error as OidcError;
  }
  throw new Error('expected the promise to reject');
}

async function reason(promise: Promise<unknown>): Promise<OidcErrorReason> {
  return (await rejection(promise)).reason;
}

function base64url(value: unknown): string {
  return Buffer.from(JSON.stringify(value)).toString('base64url');
}

interface DiscoveryServer {
  url: string;
  hits(): number;
  close(): Promise<void>;
}

/** A discovery endpoint whose answers the test scripts: fails first, then serves `document`. */
async function startDiscoveryServer(
  document: (url: string) => Record<string, unknown>,
  failures = 0,
): Promise<DiscoveryServer> {
  let hits = 0;
  let url = '';
  const server = http.createServer((_request, response) => {
    hits += 1;
    if (hits <= failures) {
      response.writeHead(503).end();
      return;
    }
    response.writeHead(200, { 'content-type': 'application/json' });
    response.end(JSON.stringify(document(url)));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url,
    hits: () => hits,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.close((error) => (error ? reject(error) : resolve()));
        server.closeAllConnections();
      }),
  };
}

describe('OIDC id_token verification', () => {
  let provider: TestOidcProvider;
  let verifier: OidcVerifier;

  beforeAll(async () => {
    provider = await startOidcProvider({ clientId: CLIENT_ID });
    verifier = createOidcVerifier({
      issuer: provider.issuer,
      clientId: CLIENT_ID,
      jwksUrl: provider.jwksUrl,
    });
  });

  afterAll(async () => {
    await provider.close();
  });

  it('accepts a valid token and maps its claims', async () => {
    const identity = await verifier.verify(await provider.sign(alice));
    expect(identity).toEqual({
      subject: alice.sub,
      email: alice.email,
      emailVerified: true,
      name: 'Alice Lind',
      givenName: 'Alice',
      familyName: 'Lind',
      picture: 'https://example.com/alice.png',
    });
  });

  it("reads email_verified as a boolean or the string 'true', and as false otherwise", async () => {
    const as = async (value: unknown) =>
      (
        await verifier.verify(
          await provider.sign({ sub: 's', email: 'e@x.io', email_verified: value }),
        )
      ).emailVerified;
    expect(await as('true')).toBe(true);
    expect(await as(false)).toBe(false);
    expect(await as('false')).toBe(false);
    expect(await as(undefined)).toBe(false);
    const identity = await verifier.verify(await provider.sign({ sub: 's', email: 'e@x.io' }));
    expect(identity).toEqual({ subject: 's', email: 'e@x.io', emailVerified: false });
  });

  it('refuses an expired token', async () => {
    const token = await provider.sign(alice, { issuedAt: now() - 7200, expiresIn: now() - 3600 });
    const error = await rejection(verifier.verify(token));
    expect(error.reason).toBe('expired');
    expect(error.message).not.toContain(alice.email);
  });

  it('allows 30 seconds of clock skew on expiry', async () => {
    const token = await provider.sign(alice, { issuedAt: now() - 600, expiresIn: now() - 10 });
    await expect(verifier.verify(token)).resolves.toMatchObject({ subject: alice.sub });
  });

  it('refuses a token for another client', async () => {
    const token = await provider.sign(alice, { audience: 'someone-else' });
    expect(await reason(verifier.verify(token))).toBe('audience');
  });

  it('checks azp when a token has several audiences', async () => {
    const audience = [CLIENT_ID, 'another-client'];
    const forUs = await provider.sign({ ...alice, azp: CLIENT_ID }, { audience });
    await expect(verifier.verify(forUs)).resolves.toMatchObject({ subject: alice.sub });
    const forThem = await provider.sign({ ...alice, azp: 'another-client' }, { audience });
    expect(await reason(verifier.verify(forThem))).toBe('audience');
  });

  it('refuses a token from another issuer', async () => {
    const token = await provider.sign(alice, { issuer: 'https://evil.example.com' });
    expect(await reason(verifier.verify(token))).toBe('issuer');
  });

  it('refuses a token signed with a key the provider does not publish', async () => {
    const token = await provider.sign(alice, { useForeignKey: true });
    expect(await reason(verifier.verify(token))).toBe('signature');
  });

  it('refuses a token whose payload was altered', async () => {
    const [header, , signature] = (await provider.sign(alice)).split('.');
    const forged = [header, base64url({ ...alice, email: 'mallory@example.com' }), signature];
    expect(await reason(verifier.verify(forged.join('.')))).toBe('signature');
  });

  it('refuses a token without email or subject', async () => {
    const { email: _email, ...noEmail } = alice;
    const { sub: _sub, ...noSubject } = alice;
    expect(await reason(verifier.verify(await provider.sign(noEmail)))).toBe('claims');
    expect(await reason(verifier.verify(await provider.sign(noSubject)))).toBe('claims');
  });

  it('refuses an HS256 token signed with a secret', async () => {
    const secret = new TextEncoder().encode('a-shared-secret-of-at-least-32-bytes!');
    const token = await new SignJWT(alice)
      .setProtectedHeader({ alg: 'HS256' })
      .setIssuer(provider.issuer)
      .setAudience(CLIENT_ID)
      .setIssuedAt()
      .setExpirationTime('1h')
      .sign(secret);
    expect(await reason(verifier.verify(token))).toBe('signature');
  });

  it("refuses an unsigned 'none' token and garbage", async () => {
    const claims = { ...alice, iss: provider.issuer, aud: CLIENT_ID, iat: now(), exp: now() + 600 };
    const unsigned = `${base64url({ alg: 'none' })}.${base64url(claims)}.`;
    expect(await reason(verifier.verify(unsigned))).toBe('signature');
    expect(await reason(verifier.verify('not-a-jwt'))).toBe('signature');
    expect(await reason(verifier.verify(''))).toBe('signature');
  });

  it('finds the JWKS through discovery when no jwksUrl is given', async () => {
    const discovering = createOidcVerifier({ issuer: provider.issuer, clientId: CLIENT_ID });
    const identity = await discovering.verify(await provider.sign(alice));
    expect(identity.subject).toBe(alice.sub);
    expect(
      await reason(discovering.verify(await provider.sign(alice, { useForeignKey: true }))),
    ).toBe('signature');
  });

  it('accepts both spellings of the Google issuer', async () => {
    const google = createOidcVerifier({
      issuer: 'https://accounts.google.com',
      clientId: CLIENT_ID,
      jwksUrl: provider.jwksUrl,
    });
    for (const issuer of ['https://accounts.google.com', 'accounts.google.com']) {
      const identity = await google.verify(await provider.sign(alice, { issuer }));
      expect(identity.email).toBe(alice.email);
    }
    expect(await reason(google.verify(await provider.sign(alice)))).toBe('issuer');
  });
});

describe('OIDC provider failures', () => {
  it('reports a discovery against a closed port as a provider failure', async () => {
    const issuer = `http://127.0.0.1:${await freePort()}`;
    const verifier = createOidcVerifier({ issuer, clientId: CLIENT_ID });
    expect(await reason(verifier.verify('a.b.c'))).toBe('provider');
  });

  it('reports an unreachable JWKS as a provider failure', async () => {
    const provider = await startOidcProvider({ clientId: CLIENT_ID });
    try {
      const verifier = createOidcVerifier({
        issuer: provider.issuer,
        clientId: CLIENT_ID,
        jwksUrl: `http://127.0.0.1:${await freePort()}/jwks.json`,
      });
      expect(await reason(verifier.verify(await provider.sign(alice)))).toBe('provider');
    } finally {
      await provider.close();
    }
  });

  it('caches a successful discovery and retries a failed one', async () => {
    const provider = await startOidcProvider({ clientId: CLIENT_ID });
    const discovery = await startDiscoveryServer(
      (url) => ({ issuer: url, jwks_uri: provider.jwksUrl }),
      1,
    );
    try {
      const verifier = createOidcVerifier({ issuer: discovery.url, clientId: CLIENT_ID });
      const token = await provider.sign(alice, { issuer: discovery.url });
      expect(await reason(verifier.verify(token))).toBe('provider');
      expect(discovery.hits()).toBe(1);
      await expect(verifier.verify(token)).resolves.toMatchObject({ subject: alice.sub });
      await expect(verifier.verify(token)).resolves.toMatchObject({ subject: alice.sub });
      expect(discovery.hits()).toBe(2);
    } finally {
      await discovery.close();
      await provider.close();
    }
  });

  it('refuses a discovery document that names another issuer', async () => {
    const discovery = await startDiscoveryServer(() => ({
      issuer: 'https://evil.example.com',
      jwks_uri: 'https://evil.example.com/jwks.json',
    }));
    try {
      const verifier = createOidcVerifier({ issuer: discovery.url, clientId: CLIENT_ID });
      expect(await reason(verifier.verify('a.b.c'))).toBe('provider');
    } finally {
      await discovery.close();
    }
  });
});
