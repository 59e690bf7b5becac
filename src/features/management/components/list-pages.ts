import type { Organisation } from '../../../../contracts/organisation.ts';
import type { ApiToken } from '../../../../contracts/token.ts';
import type { User } from '../../../../contracts/user.ts';
import { countryName } from '../../../lib/countries.ts';
import type { Locale } from '../../../lib/i18n.ts';
import type { ListState } from '../../../lib/list-search.ts';
import { localPage } from './local-page.ts';
import { fullName } from './user-name.ts';

/** A page of organisations: search, filters and sort as the list's URL asks; countries by their names in `language`. */
export const orgPage = (orgs: readonly Organisation[], state: ListState, language: Locale) =>
  localPage(orgs, state, {
    searchText: (o) => [o.name, o.nickname ?? '', o.city ?? '', o.parent?.name ?? ''],
    sortBy: {
      name: (o) => o.name,
      parent: (o) => o.parent?.name,
      city: (o) => o.city,
      country: (o) => o.country && countryName(o.country, language),
      devices: (o) => o.counts.devices,
      created: (o) => o.created,
    },
    filterBy: { parent: (o) => o.parent?.uuid ?? '', country: (o) => o.country ?? '' },
  });

export const userPage = (users: readonly User[], state: ListState) =>
  localPage(users, state, {
    searchText: (u) => [fullName(u), u.email, u.org.name, u.position ?? '', u.phone ?? ''],
    sortBy: {
      name: (u) => fullName(u),
      email: (u) => u.email,
      org: (u) => u.org.name,
      group: (u) => u.group.id,
      lastSignIn: (u) => u.lastSignIn,
      created: (u) => u.created,
    },
    filterBy: { group: (u) => String(u.group.id), org: (u) => u.org.uuid },
  });

export const tokenPage = (tokens: readonly ApiToken[], state: ListState) =>
  localPage(tokens, state, {
    searchText: (row) => [
      row.label,
      row.type,
      row.referenceName ?? '',
      row.createdBy?.name ?? '',
      row.createdBy?.email ?? '',
    ],
    sortBy: {
      label: (row) => row.label,
      type: (row) => row.type,
      reference: (row) => row.referenceName ?? row.reference,
      created: (row) => row.created,
      createdBy: (row) => row.createdBy?.name || row.createdBy?.email,
      calls: (row) => row.calls,
      lastCall: (row) => row.lastCall,
    },
    filterBy: { type: (row) => row.type },
  });
