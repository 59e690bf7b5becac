import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { exportJWK, generateKeyPair, SignJWT, type CryptoKey } from 'jose';

export interface TestOidcSignOptions {
  /** Defaults to the provider's client id; an array makes a multi-audience token. */
  audience?: string | string[];
  /** A string is relative to now ('1h', '-2h'); a number is an absolute epoch second. */
  expiresIn?: string | number;
  /** Epoch seconds; defaults to now. */
  issuedAt?: number;
  /** Sign with a key that is not in the JWKS but carries the published kid: a forged token. */
  useForeignKey?: boolean;
  /** Defaults to the provider's own issuer. */
  issuer?: string;
}

export interface TestOidcProvider {
  issuer: string;
  jwksUrl: string;
  sign(claims: Record<string, unknown>, options?: TestOidcSignOptions): Promise<string>;
  close(): Promise<void>;
}

const ALG = 'RS256';

/**
 * A real OpenID provider on loopback: discovery document, JWKS and token
 * signing, so verifiers are tested over HTTP with real keys instead of mocks.
 */
export async function startOidcProvider(
  options: { clientId?: string } = {},
): Promise<TestOidcProvider> {
  const clientId = options.clientId ?? 'nordlys-test-client';
  const kid = `test-key-${Date.now().toString(36)}`;
  const keys = await generateKeyPair(ALG, { extractable: true });
  const foreignKeys = await generateKeyPair(ALG, { extractable: true });
  const publicJwk = { ...(await exportJWK(keys.publicKey)), kid, alg: ALG, use: 'sig' };

  let issuer = '';
  const server = http.createServer((request, response) => {
    const path = new URL(request.url ?? '/', 'http://localhost').pathname;
    if (request.method !== 'GET') {
      send(response, 405, { error: 'method_not_allowed' });
    } else if (path === '/.well-known/openid-configuration') {
      send(response, 200, {
        issuer,
        jwks_uri: `${issuer}/jwks.json`,
        authorization_endpoint: `${issuer}/authorize`,
        token_endpoint: `${issuer}/token`,
        response_types_supported: ['code'],
        subject_types_supported: ['public'],
        id_token_signing_alg_values_supported: [ALG],
      });
    } else if (path === '/jwks.json') {
      send(response, 200, { keys: [publicJwk] });
    } else {
      send(response, 404, { error: 'not_found' });
    }
  });

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      server.off('error', reject);
      resolve();
    });
  });
  const { port } = server.address() as AddressInfo;
  issuer = `http://127.0.0.1:${port}`;

  return {
    issuer,
    jwksUrl: `${issuer}/jwks.json`,
    sign(claims, signOptions = {}) {
      const signingKey: CryptoKey = signOptions.useForeignKey
        ? foreignKeys.privateKey
        : keys.privateKey;
      const jwt = new SignJWT(claims)
        .setProtectedHeader({ alg: ALG, kid, typ: 'JWT' })
        .setIssuer(signOptions.issuer ?? issuer)
        .setAudience(signOptions.audience ?? clientId)
        .setIssuedAt(signOptions.issuedAt)
        .setExpirationTime(signOptions.expiresIn ?? '1h');
      return jwt.sign(signingKey);
    },
    close() {
      return new Promise<void>((resolve, reject) => {
        server.close((error) => (error ? reject(error) : resolve()));
        // fetch keeps connections alive; without this close() waits for them to time out.
        server.closeAllConnections();
      });
    },
  };
}

function send(response: http.ServerResponse, status: number, body: unknown): void {
  const json = JSON.stringify(body);
  response.writeHead(status, {
    'content-type': 'application/json',
    'content-length': Buffer.byteLength(json),
  });
  response.end(json);
}
