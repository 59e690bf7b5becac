import { timingSafeEqual } from 'node:crypto';
import { createRemoteJWKSet, errors, jwtVerify, type JWTPayload } from 'jose';

export interface OidcSettings {
  /** e.g. 'https://accounts.google.com' */
  issuer: string;
  /** The audience the token must carry. */
  clientId: string;
  /** When absent, discovered from `${issuer}/.well-known/openid-configuration`, once. */
  jwksUrl?: string;
}

export interface OidcIdentity {
  subject: string;
  email: string;
  emailVerified: boolean;
  name?: string;
  givenName?: string;
  familyName?: string;
  picture?: string;
}

export type OidcErrorReason =
  'expired' | 'audience' | 'issuer' | 'signature' | 'claims' | 'provider';

/** A refused id_token or an unreachable provider; messages never quote the token. */
export class OidcError extends Error {
  override readonly name = 'OidcError';
  readonly reason: OidcErrorReason;

  constructor(reason: OidcErrorReason, message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.reason = reason;
  }
}

export interface OidcVerifyOptions {
  /**
   * The nonce this sign-in sent to the provider; the token's `nonce` claim must
   * equal it, so a token obtained for another sign-in cannot be replayed here.
   */
  nonce?: string;
}

export interface OidcVerifier {
  verify(idToken: string, options?: OidcVerifyOptions): Promise<OidcIdentity>;
}

/** What the browser sign-in flow and the verifier need from the provider's discovery document. */
export interface OidcDiscovery {
  /** Where the browser is sent to sign in (`authorization_endpoint`). */
  authorizationEndpoint(): Promise<URL>;
  /** The provider's signing keys (`jwks_uri`). */
  jwksUri(): Promise<URL>;
}

// Asymmetric only: with HS* the "key" would be the client secret (or, worse, a
// public key misread as one), and 'none' has no signature at all.
const ALGORITHMS = [
  'RS256',
  'RS384',
  'RS512',
  'PS256',
  'PS384',
  'PS512',
  'ES256',
  'ES384',
  'ES512',
  'EdDSA',
  'Ed25519',
];

// Google signs with either spelling of its issuer, and documents both as valid.
const GOOGLE_ISSUERS = ['https://accounts.google.com', 'accounts.google.com'];

const CLOCK_TOLERANCE_SECONDS = 30;
const HTTP_TIMEOUT_MS = 5000;
// Real id_tokens are 1-2 KB; refusing huge input early keeps parsing cheap.
const MAX_TOKEN_LENGTH = 16 * 1024;

type KeySet = ReturnType<typeof createRemoteJWKSet>;

export function createOidcVerifier(settings: OidcSettings): OidcVerifier {
  const { issuer, clientId, jwksUrl } = settings;
  if (!issuer) throw new TypeError('OIDC issuer is required');
  if (!clientId) throw new TypeError('OIDC client id is required');

  const acceptedIssuers = acceptedIssuersOf(issuer);
  // Lazy: nothing is fetched unless the keys are needed and jwksUrl is not given.
  const discovery = createOidcDiscovery(issuer);
  const remoteKeySet = (url: URL): KeySet =>
    createRemoteJWKSet(url, { timeoutDuration: HTTP_TIMEOUT_MS });

  // The JWKS resolver itself caches keys and refetches on an unknown kid (key
  // rotation); only the discovery step needs caching here.
  let keySet: Promise<KeySet> | undefined = jwksUrl
    ? Promise.resolve(remoteKeySet(new URL(jwksUrl)))
    : undefined;

  function keys(): Promise<KeySet> {
    if (!keySet) {
      const pending = discovery.jwksUri().then(remoteKeySet);
      keySet = pending;
      // A failed discovery is forgotten so that the next sign-in tries again.
      pending.catch(() => {
        if (keySet === pending) keySet = undefined;
      });
    }
    return keySet;
  }

  return {
    async verify(idToken, options = {}) {
      if (typeof idToken !== 'string' || idToken === '' || idToken.length > MAX_TOKEN_LENGTH) {
        throw new OidcError('signature', 'The id_token is malformed');
      }
      const jwks = await keys();
      let payload: JWTPayload;
      try {
        ({ payload } = await jwtVerify(idToken, jwks, {
          issuer: acceptedIssuers,
          audience: clientId,
          clockTolerance: CLOCK_TOLERANCE_SECONDS,
          algorithms: ALGORITHMS,
          // OpenID Connect Core 2 makes both mandatory; without exp a token never expires.
          requiredClaims: ['exp', 'iat'],
        }));
      } catch (error) {
        throw toOidcError(error);
      }
      // OpenID Connect Core 3.2.2.11: with a nonce sent, the token must carry the same one.
      if (options.nonce !== undefined && !sameText(payload.nonce, options.nonce)) {
        throw new OidcError('claims', 'The id_token\'s "nonce" claim is invalid');
      }
      return toIdentity(payload, clientId);
    },
  };
}

/**
 * The provider's discovery document (`${issuer}/.well-known/openid-configuration`),
 * fetched on first use and kept; a failed or unusable fetch is forgotten so
 * that the next call tries again.
 */
export function createOidcDiscovery(issuer: string): OidcDiscovery {
  if (!issuer) throw new TypeError('OIDC issuer is required');
  const acceptedIssuers = acceptedIssuersOf(issuer);
  let cached: Promise<Record<string, unknown>> | undefined;

  function document(): Promise<Record<string, unknown>> {
    if (!cached) {
      const pending = fetchDiscoveryDocument(issuer, acceptedIssuers);
      cached = pending;
      pending.catch(() => forget(pending));
    }
    return cached;
  }

  function forget(pending: Promise<Record<string, unknown>>): void {
    if (cached === pending) cached = undefined;
  }

  async function endpoint(field: 'jwks_uri' | 'authorization_endpoint'): Promise<URL> {
    const pending = document();
    try {
      return httpUrl((await pending)[field], field);
    } catch (error) {
      // A document without the field may be a provider mid-deployment; ask again next time.
      forget(pending);
      throw error;
    }
  }

  return {
    authorizationEndpoint: () => endpoint('authorization_endpoint'),
    jwksUri: () => endpoint('jwks_uri'),
  };
}

function acceptedIssuersOf(issuer: string): string[] {
  return GOOGLE_ISSUERS.includes(issuer) ? GOOGLE_ISSUERS : [issuer];
}

// Constant-time, so the comparison does not leak how much of a guess was right.
function sameText(value: unknown, expected: string): boolean {
  if (typeof value !== 'string') return false;
  const a = Buffer.from(value);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

async function fetchDiscoveryDocument(
  issuer: string,
  acceptedIssuers: string[],
): Promise<Record<string, unknown>> {
  const base = issuer === 'accounts.google.com' ? 'https://accounts.google.com' : issuer;
  const url = `${base.replace(/\/+$/, '')}/.well-known/openid-configuration`;

  let document: unknown;
  try {
    const response = await fetch(url, {
      headers: { accept: 'application/json' },
      signal: AbortSignal.timeout(HTTP_TIMEOUT_MS),
    });
    if (!response.ok) {
      await response.body?.cancel();
      throw new OidcError('provider', `OpenID discovery answered HTTP ${response.status}`);
    }
    document = await response.json();
  } catch (error) {
    if (error instanceof OidcError) throw error;
    throw new OidcError('provider', 'OpenID discovery failed', { cause: error });
  }

  if (typeof document !== 'object' || document === null || Array.isArray(document)) {
    throw new OidcError('provider', 'OpenID discovery document is not an object');
  }
  const fields = document as Record<string, unknown>;
  // OpenID Connect Discovery 4.3: a document naming another issuer must not be used.
  if (typeof fields.issuer !== 'string' || !acceptedIssuers.includes(fields.issuer)) {
    throw new OidcError('provider', 'OpenID discovery document names another issuer');
  }
  return fields;
}

function httpUrl(value: unknown, field: string): URL {
  if (typeof value !== 'string') {
    throw new OidcError('provider', `OpenID discovery document has no ${field}`);
  }
  let url: URL;
  try {
    url = new URL(value);
  } catch (cause) {
    throw new OidcError('provider', `OpenID discovery ${field} is not a URL`, { cause });
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') {
    throw new OidcError('provider', `OpenID discovery ${field} is not an HTTP URL`);
  }
  return url;
}

// jose errors are not passed on as `cause`: claim errors carry the decoded
// payload, which would end up in logs.
function toOidcError(error: unknown): OidcError {
  if (error instanceof OidcError) return error;
  if (error instanceof errors.JWTExpired) {
    return new OidcError('expired', 'The id_token has expired');
  }
  if (error instanceof errors.JWTClaimValidationFailed) {
    if (error.claim === 'aud') {
      return new OidcError('audience', 'The id_token was issued for another client');
    }
    if (error.claim === 'iss') {
      return new OidcError('issuer', 'The id_token comes from an unexpected issuer');
    }
    return new OidcError('claims', `The id_token's "${error.claim}" claim is invalid`);
  }
  if (
    error instanceof errors.JWSSignatureVerificationFailed ||
    error instanceof errors.JWKSNoMatchingKey ||
    error instanceof errors.JWKSMultipleMatchingKeys ||
    error instanceof errors.JWSInvalid ||
    error instanceof errors.JWTInvalid ||
    error instanceof errors.JOSEAlgNotAllowed ||
    error instanceof errors.JOSENotSupported
  ) {
    return new OidcError('signature', 'The id_token signature is invalid');
  }
  // What is left is fetching the JWKS: network errors, timeouts, non-200 or
  // malformed key sets. Those messages hold no token contents, so keep them.
  return new OidcError('provider', 'The OpenID provider keys could not be loaded', {
    cause: error,
  });
}

function toIdentity(payload: JWTPayload, clientId: string): OidcIdentity {
  const { sub, email, aud, azp } = payload;
  if (typeof sub !== 'string' || sub === '') {
    throw new OidcError('claims', 'The id_token has no subject');
  }
  if (typeof email !== 'string' || email === '') {
    throw new OidcError('claims', 'The id_token has no email');
  }
  // OpenID Connect Core 3.1.3.7: with several audiences, azp says who the token is for.
  if (Array.isArray(aud) && aud.length > 1 && azp !== clientId) {
    throw new OidcError('audience', 'The id_token was issued for another client');
  }

  const identity: OidcIdentity = {
    subject: sub,
    email,
    emailVerified: payload.email_verified === true || payload.email_verified === 'true',
  };
  const name = optionalString(payload.name);
  const givenName = optionalString(payload.given_name);
  const familyName = optionalString(payload.family_name);
  const picture = optionalString(payload.picture);
  if (name !== undefined) identity.name = name;
  if (givenName !== undefined) identity.givenName = givenName;
  if (familyName !== undefined) identity.familyName = familyName;
  if (picture !== undefined) identity.picture = picture;
  return identity;
}

function optionalString(value: unknown): string | undefined {
  return typeof value === 'string' && value !== '' ? value : undefined;
}
