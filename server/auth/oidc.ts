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

export interface OidcVerifier {
  verify(idToken: string): Promise<OidcIdentity>;
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

  const acceptedIssuers = GOOGLE_ISSUERS.includes(issuer) ? GOOGLE_ISSUERS : [issuer];
  const remoteKeySet = (url: URL): KeySet =>
    createRemoteJWKSet(url, { timeoutDuration: HTTP_TIMEOUT_MS });

  // The JWKS resolver itself caches keys and refetches on an unknown kid (key
  // rotation); only the discovery step needs caching here.
  let keySet: Promise<KeySet> | undefined = jwksUrl
    ? Promise.resolve(remoteKeySet(new URL(jwksUrl)))
    : undefined;

  function keys(): Promise<KeySet> {
    if (!keySet) {
      const pending = discoverJwksUrl(issuer, acceptedIssuers).then(remoteKeySet);
      keySet = pending;
      // A failed discovery is forgotten so that the next sign-in tries again.
      pending.catch(() => {
        if (keySet === pending) keySet = undefined;
      });
    }
    return keySet;
  }

  return {
    async verify(idToken) {
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
      return toIdentity(payload, clientId);
    },
  };
}

async function discoverJwksUrl(issuer: string, acceptedIssuers: string[]): Promise<URL> {
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

  if (typeof document !== 'object' || document === null) {
    throw new OidcError('provider', 'OpenID discovery document is not an object');
  }
  const { issuer: documentIssuer, jwks_uri: jwksUri } = document as Record<string, unknown>;
  // OpenID Connect Discovery 4.3: a document naming another issuer must not be used.
  if (typeof documentIssuer !== 'string' || !acceptedIssuers.includes(documentIssuer)) {
    throw new OidcError('provider', 'OpenID discovery document names another issuer');
  }
  if (typeof jwksUri !== 'string') {
    throw new OidcError('provider', 'OpenID discovery document has no jwks_uri');
  }
  let jwks: URL;
  try {
    jwks = new URL(jwksUri);
  } catch (cause) {
    throw new OidcError('provider', 'OpenID discovery jwks_uri is not a URL', { cause });
  }
  if (jwks.protocol !== 'https:' && jwks.protocol !== 'http:') {
    throw new OidcError('provider', 'OpenID discovery jwks_uri is not an HTTP URL');
  }
  return jwks;
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
