import { runtimeConfig } from '../lib/runtime-config.ts';
import styled from 'styled-components';

/** A colour and initials from the e-mail, computed here: no request to an avatar service. */
export function defaultAvatar(email: string, name: string): { initials: string; color: string } {
  let hash = 0;
  for (const char of email.toLowerCase()) hash = (hash * 31 + char.charCodeAt(0)) >>> 0;
  const source = name.trim() || email;
  const initials = source
    .split(/[\s@._-]+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((part) => part[0]?.toUpperCase() ?? '')
    .join('');
  return { initials: initials || '?', color: `hsl(${hash % 360} 60% 30%)` };
}

const Circle = styled.span<{ $size: number; $color: string }>`
  display: inline-grid;
  place-items: center;
  width: ${({ $size }) => $size}px;
  height: ${({ $size }) => $size}px;
  border-radius: 50%;
  background: ${({ $color }) => $color};
  color: #fff;
  font-weight: 700;
  font-size: ${({ $size }) => Math.round($size * 0.4)}px;
  overflow: hidden;
  flex: none;
  img {
    width: 100%;
    height: 100%;
    object-fit: cover;
  }
`;

/**
 * Where an <img> reads a user's image: an uploaded one is an API address
 * (`/api/…`), read from the core service's base URL, which may be another origin.
 */
export const imageSource = (img: string) =>
  img.startsWith('/api/') ? `${runtimeConfig().services.core}${img.slice('/api'.length)}` : img;

export function Avatar({
  email,
  name,
  img,
  size = 36,
}: {
  email: string;
  name: string;
  img?: string | null;
  size?: number;
}) {
  const fallback = defaultAvatar(email, name);
  return (
    <Circle $size={size} $color={fallback.color} aria-hidden>
      {img ? <img src={imageSource(img)} alt="" /> : fallback.initials}
    </Circle>
  );
}
