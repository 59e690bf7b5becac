import { Type, type Static } from 'typebox';
import { Nullable } from './common.ts';
import { acceptReadOnly } from './read-only.ts';

const HexColor = Type.String({ pattern: '^#[0-9a-fA-F]{6}$' });
// An https (or http) address, or a small inline image.
const ImageRef = Type.String({
  maxLength: 200_000,
  pattern:
    '^(https?://|data:image/(png|svg\\+xml|jpeg|webp|x-icon|vnd\\.microsoft\\.icon);base64,)',
});
const Link = Type.String({ maxLength: 2000, pattern: '^https?://' });

/** A host name the console is reached on, in lower case: the key of its branding (`PUT /branding/{host}`). */
export const BrandedHost = Type.String({
  minLength: 1,
  maxLength: 253,
  pattern: '^[a-z0-9]([a-z0-9.-]*[a-z0-9])?$',
});

export const BrandingColors = Type.Object(
  {
    primary: Type.Optional(HexColor),
    secondary: Type.Optional(HexColor),
    background: Type.Optional(HexColor),
  },
  { additionalProperties: false },
);

export const BrandingInput = Type.Object(
  {
    title: Type.Optional(Nullable(Type.String({ maxLength: 100 }))),
    loginText: Type.Optional(Nullable(Type.String({ maxLength: 2000 }))),
    url: Type.Optional(Nullable(Link)),
    copyrightText: Type.Optional(Nullable(Type.String({ maxLength: 300 }))),
    gdprUrl: Type.Optional(Nullable(Link)),
    cookieUrl: Type.Optional(Nullable(Link)),
    logo: Type.Optional(Nullable(ImageRef)),
    favicon: Type.Optional(Nullable(ImageRef)),
    colors: Type.Optional(BrandingColors),
  },
  { additionalProperties: false },
);
export type BrandingInput = Static<typeof BrandingInput>;

export const Branding = Type.Object({
  host: Type.String(),
  /** false: no branding is stored for this host and Nordlys' own is shown. */
  custom: Type.Boolean(),
  title: Nullable(Type.String()),
  loginText: Nullable(Type.String()),
  url: Nullable(Type.String()),
  copyrightText: Nullable(Type.String()),
  gdprUrl: Nullable(Type.String()),
  cookieUrl: Nullable(Type.String()),
  logo: Nullable(Type.String()),
  favicon: Nullable(Type.String()),
  colors: Type.Record(Type.String(), Type.String()),
});
export type Branding = Static<typeof Branding>;

/** What a host without branding of its own shows: Nordlys' own (the server's answer, and the sign-in page's first screen). */
export function unbranded(host: string): Branding {
  return {
    host,
    custom: false,
    title: null,
    loginText: null,
    url: null,
    copyrightText: null,
    gdprUrl: null,
    cookieUrl: null,
    logo: null,
    favicon: null,
    colors: {},
  };
}

/** A host's branding as read may be sent back: its host and custom flag are ignored. */
export const BrandingUpdate = acceptReadOnly(BrandingInput, Branding);
export type BrandingUpdate = Static<typeof BrandingUpdate>;
