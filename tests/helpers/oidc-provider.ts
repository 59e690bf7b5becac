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
  /** `${issuer}/authorize`: the browser sign-in (response_type=id_token, answered in the fragment). */
  authorizationEndpoint: string;
  sign(claims: Record<string, unknown>, options?: TestOidcSignOptions): Promise<string>;
  /**
   * Who signs in at /authorize from now on: these claims (plus the request's
   * nonce) in the id_token, or null for a person who declines (access_denied).
   * Null until a test sets it.
   */
  setLogin(claims: Record<string, unknown> | null): void;
  close(): Promise<void>;
}

export interface TestOidcProviderOptions {
  clientId?: string;
  /** Redirect URIs /authorize accepts; any absolute http(s) URL when absent. */
  redirectUris?: string[];
}

const ALG = 'RS256';

/**
 * A real OpenID provider on loopback: discovery document, JWKS and token
 * signing, so verifiers are tested over HTTP with real keys instead of mocks.
 */
export async function startOidcProvider(
  options: TestOidcProviderOptions = {},
): Promise<TestOidcProvider> {
  const clientId = options.clientId ?? 'nordlys-test-client';
  const kid = `test-key-${Date.now().toString(36)}`;
  const keys = await generateKeyPair(ALG, { extractable: true });
  const foreignKeys = await generateKeyPair(ALG, { extractable: true });
  const publicJwk = { ...(await exportJWK(keys.publicKey)), kid, alg: ALG, use: 'sig' };

  let issuer = '';
  let login: Record<string, unknown> | null = null;

  const sign: TestOidcProvider['sign'] = (claims, signOptions = {}) => {
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
  };

  // OpenID Connect Core 3.2.2: the implicit flow. Errors in the client or
  // redirect_uri are shown to the person (never redirected, or the provider
  // would be an open redirector); everything else goes back in the fragment.
  async function authorize(url: URL, response: http.ServerResponse): Promise<void> {
    const param = (name: string) => url.searchParams.get(name) ?? undefined;
    const redirectUri = param('redirect_uri');
    if (param('client_id') !== clientId) {
      send(response, 400, { error: 'invalid_client' });
      return;
    }
    if (!redirectUri || !acceptsRedirect(redirectUri, options.redirectUris)) {
      send(response, 400, { error: 'invalid_request', error_description: 'redirect_uri' });
      return;
    }
    const state = param('state');
    const back = (fields: Record<string, string>) => {
      const fragment = new URLSearchParams({ ...fields, ...(state ? { state } : {}) });
      response.writeHead(302, { location: `${redirectUri}#${fragment.toString()}` });
      response.end();
    };
    const nonce = param('nonce');
    if (param('response_type') !== 'id_token') {
      back({ error: 'unsupported_response_type' });
    } else if (!param('scope')?.split(' ').includes('openid') || !nonce) {
      back({ error: 'invalid_request' });
    } else if (!login) {
      back({ error: 'access_denied', error_description: 'The user declined' });
    } else {
      back({ id_token: await sign({ ...login, nonce }) });
    }
  }

  const server = http.createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://localhost');
    const path = url.pathname;
    if (request.method !== 'GET') {
      send(response, 405, { error: 'method_not_allowed' });
    } else if (path === '/.well-known/openid-configuration') {
      send(response, 200, {
        issuer,
        jwks_uri: `${issuer}/jwks.json`,
        authorization_endpoint: `${issuer}/authorize`,
        token_endpoint: `${issuer}/token`,
        response_types_supported: ['code', 'id_token'],
        subject_types_supported: ['public'],
        id_token_signing_alg_values_supported: [ALG],
      });
    } else if (path === '/jwks.json') {
      send(response, 200, { keys: [publicJwk] });
    } else if (path === '/authorize') {
      authorize(url, response).catch((error: unknown) => {
        send(response, 500, { error: 'server_error', error_description: String(error) });
      });
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
    authorizationEndpoint: `${issuer}/authorize`,
    sign,
    setLogin(claims) {
      login = claims;
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

function acceptsRedirect(uri: string, registered: string[] | undefined): boolean {
  if (registered) return registered.includes(uri);
  try {
    const url = new URL(uri);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.hash === '';
  } catch {
    return false;
  }
}

function send(response: http.ServerResponse, status: number, body: unknown): void {
  const json = JSON.stringify(body);
  response.writeHead(status, {
    'content-type': 'application/json',
    'content-length': Buffer.byteLength(json),
  });
  response.end(json);
}
