import { I18nProvider } from '@lingui/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { ThemeProvider } from 'styled-components';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Organisation } from '../../../../contracts/organisation.ts';
import { organisationChoicesQuery } from '../../../api/organisations/queries.ts';
import { activateLocale, i18n } from '../../../lib/i18n.ts';
import { lightTheme } from '../../../ui/theme.ts';
import { OrgForm, type OrganisationFields } from './org-form.tsx';

const top = {
  uuid: '00000000-0000-4000-8000-000000000001',
  name: 'Nordlys',
  parent: null,
} as Partial<Organisation> as Organisation;

function show(onSubmit: (body: OrganisationFields) => void, org?: Organisation) {
  const client = new QueryClient();
  client.setQueryData(organisationChoicesQuery().queryKey, [top]);
  return render(
    <QueryClientProvider client={client}>
      <I18nProvider i18n={i18n}>
        <ThemeProvider theme={lightTheme}>
          <OrgForm
            {...(org ? { org } : {})}
            defaultParent={top.uuid}
            parentLocked={false}
            saving={false}
            onSubmit={onSubmit}
            onCancel={() => undefined}
          />
        </ThemeProvider>
      </I18nProvider>
    </QueryClientProvider>,
  );
}

const type = (label: string, value: string) =>
  fireEvent.change(screen.getByLabelText(label), { target: { value } });
const save = () => act(async () => fireEvent.click(screen.getByRole('button', { name: 'Save' })));
const alerts = () => screen.queryAllByRole('alert').map((alert) => alert.textContent);

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
      country: 'Danmark',
      website: 'https://depot.example',
      taxNumber: null,
      eanNumber: null,
      phone: '+45 20 12 34 56',
    });
  });

  it('asks no parent of the top organisation and sends none', async () => {
    const onSubmit = vi.fn();
    show(onSubmit, {
      ...top,
      address: 'Torvet 1',
      zip: '1000',
      city: 'København',
      country: 'Danmark',
    } as Organisation);
    expect(screen.queryByLabelText('Parent organisation *')).toBeNull();
    await save();
    expect(onSubmit.mock.calls[0]?.[0]).not.toHaveProperty('parentUuid');
  });
});
