import { QueryClient } from '@tanstack/react-query';
import { cleanup, screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Organisation } from '../../../../contracts/organisation.ts';
import { organisationChoicesQuery } from '../../../api/organisations/queries.ts';
import { activateLocale } from '../../../lib/i18n.ts';
import { OrgForm, type OrganisationFields } from './org-form.tsx';
import {
  alertTexts as alerts,
  press,
  renderScreen,
  typeInto as type,
} from '../../../ui/test-support.tsx';

const top = {
  uuid: '00000000-0000-4000-8000-000000000001',
  name: 'Nordlys',
  parent: null,
} as Partial<Organisation> as Organisation;

function show(onSubmit: (body: OrganisationFields) => void, org?: Organisation) {
  const client = new QueryClient();
  client.setQueryData(organisationChoicesQuery().queryKey, [top]);
  return renderScreen(
    <OrgForm
      {...(org ? { org } : {})}
      defaultParent={top.uuid}
      parentLocked={false}
      saving={false}
      onSubmit={onSubmit}
      onCancel={() => undefined}
    />,
    client,
  );
}

const save = () => press();

beforeAll(() => activateLocale('en'));
afterEach(cleanup);

describe('the organisation form', () => {
  it('names each required field that is missing, and a website that is no real address', async () => {
    const onSubmit = vi.fn();
    show(onSubmit);
    type('Name *', '  ');
    type('Website', 'not a url');
    await save();
    expect(onSubmit).not.toHaveBeenCalled();
    expect(alerts()).toEqual([
      'Name is required',
      'Not a valid URL',
      'Address is required',
      'Zip code is required',
      'City is required',
    ]);
  });

  it('sends a new organisation under its parent, text trimmed and empty fields as null', async () => {
    const onSubmit = vi.fn();
    show(onSubmit);
    type('Name *', ' Depot ');
    type('Address *', 'Havnegade 1');
    type('Zip code *', '8000');
    type('City *', 'Aarhus');
    type('Phone', '20123456');
    type('Website', 'https://depot.example');
    await save();
    expect(onSubmit).toHaveBeenCalledTimes(1);
    expect(onSubmit.mock.calls[0]?.[0]).toEqual({
      name: 'Depot',
      nickname: null,
      parentUuid: top.uuid,
      address: 'Havnegade 1',
      zip: '8000',
      city: 'Aarhus',
      region: null,
      country: 'DK',
      website: 'https://depot.example',
      taxNumber: null,
      eanNumber: null,
      phone: '+45 20 12 34 56',
    });
  });

  it('picks the country by its name in the reader’s language and sends its code', async () => {
    const onSubmit = vi.fn();
    show(onSubmit);
    const country = screen.getByLabelText<HTMLSelectElement>('Country *');
    const chosen = () => country.options[country.selectedIndex]?.textContent;
    expect(chosen()).toBe('Denmark');
    type('Name *', 'Depot');
    type('Address *', 'Havnegade 1');
    type('Zip code *', '8000');
    type('City *', 'Aarhus');
    type('Country *', 'SE');
    expect(chosen()).toBe('Sweden');
    await save();
    expect(onSubmit.mock.calls[0]?.[0]).toMatchObject({ country: 'SE' });
  });

  it('asks no parent of the top organisation and sends none', async () => {
    const onSubmit = vi.fn();
    show(onSubmit, {
      ...top,
      address: 'Torvet 1',
      zip: '1000',
      city: 'København',
      country: 'DK',
    } as Organisation);
    expect(screen.queryByLabelText('Parent organisation *')).toBeNull();
    await save();
    expect(onSubmit.mock.calls[0]?.[0]).not.toHaveProperty('parentUuid');
  });
});
