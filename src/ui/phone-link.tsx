import type { ReactNode } from 'react';
import { formatPhone, phoneUri } from '../lib/phone.ts';

/**
 * A stored phone number as the detail pages show it, a user's and an
 * organisation's alike: formatted as the server stores it (one stored
 * before that rule shows that way too) and, when it is a number, a link
 * that dials it.
 */
export function phoneLink(number: string | null): ReactNode {
  const shown = number ? formatPhone(number) : '';
  if (!shown) return null;
  const uri = phoneUri(shown);
  return uri ? <a href={uri}>{shown}</a> : shown;
}
