import { describe, expect, it } from 'vitest';
import { choicesOf, ownedOptions, type OrganisationChoice } from './organisation-choices.ts';

const platform: OrganisationChoice = { uuid: 'p', name: 'Nordlys Platform', parent: null };
const byliv: OrganisationChoice = {
  uuid: 'b',
  name: 'Københavns Byliv',
  parent: { uuid: 'p', name: 'Nordlys Platform' },
};
const norrebro: OrganisationChoice = {
  uuid: 'n',
  name: 'Byliv Nørrebro',
  parent: { uuid: 'b', name: 'Københavns Byliv' },
};
const aarhus: OrganisationChoice = {
  uuid: 'a',
  name: 'Aarhus Trafiklab',
  parent: { uuid: 'p', name: 'Nordlys Platform' },
};
const orgs = [platform, byliv, norrebro, aarhus];

const type = (id: number, org: OrganisationChoice) => ({
  id,
  name: 'Persontæller PC-2',
  org: { uuid: org.uuid, name: org.name },
});

describe('the choices a device may link to', () => {
  const types = [type(1, byliv), type(2, aarhus), type(3, platform)];

  it('are those of its organisation and of those above it', () => {
    expect(choicesOf(types, orgs, 'n').map((t) => t.id)).toEqual([1, 3]);
    expect(choicesOf(types, orgs, 'a').map((t) => t.id)).toEqual([2, 3]);
    expect(choicesOf(types, orgs, 'p').map((t) => t.id)).toEqual([3]);
  });

  it('name the organisation only where names repeat', () => {
    expect(ownedOptions([type(2, aarhus)])).toEqual([{ value: 2, label: 'Persontæller PC-2' }]);
    expect(ownedOptions(types).map((o) => o.label)).toEqual([
      'Persontæller PC-2 (Københavns Byliv)',
      'Persontæller PC-2 (Aarhus Trafiklab)',
      'Persontæller PC-2 (Nordlys Platform)',
    ]);
  });
});
