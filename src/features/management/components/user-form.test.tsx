import { QueryClient } from '@tanstack/react-query';
import { cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Organisation } from '../../../../contracts/organisation.ts';
import type { User } from '../../../../contracts/user.ts';
import { organisationChoicesQuery } from '../../../api/organisations/queries.ts';
import { activateLocale } from '../../../lib/i18n.ts';
import { UserForm } from './user-form.tsx';
import type { UserFields } from './user-form-model.ts';
import {
  alertTexts as alerts,
  press,
  renderScreen,
  typeInto as type,
} from '../../../ui/test-support.tsx';

const orgUuid = '00000000-0000-4000-8000-000000000001';
const userUuid = '00000000-0000-4000-8000-000000000002';

function show(onSubmit: (body: UserFields) => void, user?: User) {
  const client = new QueryClient();
  client.setQueryData(organisationChoicesQuery().queryKey, [
    { uuid: orgUuid, name: 'Byliv', parent: null } as Partial<Organisation> as Organisation,
  ]);
  return renderScreen(
    <UserForm
      {...(user ? { user } : {})}
      admin
      myGroup={2}
      defaultOrg={orgUuid}
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

describe('the user form', () => {
  it('asks for the e-mail before anything is sent, then for a valid one', async () => {
    const onSubmit = vi.fn();
    show(onSubmit);
    type('First name', 'Nora');
    await save();
    expect(onSubmit).not.toHaveBeenCalled();
    expect(alerts()).toEqual(['E-mail is required']);
    type('E-mail', 'nora@');
    await save();
    expect(alerts()).toEqual(['Not a valid e-mail address']);
  });

  it('refuses web addresses without a real host and too many or too long tags', async () => {
    const onSubmit = vi.fn();
    show(onSubmit);
    type('E-mail', 'nora@nordlys.example');
    type('GitHub', 'http://localhost');
    type('Tags', `kort, ${'x'.repeat(51)}`);
    await save();
    expect(onSubmit).not.toHaveBeenCalled();
    expect(alerts()).toEqual(['At most 50 tags of at most 50 characters', 'Not a valid URL']);
  });

  it('sends the profile as the server keeps it: trimmed, empty as null, Danish numbers formatted', async () => {
    const onSubmit = vi.fn();
    show(onSubmit);
    type('E-mail', ' nora@nordlys.example ');
    type('First name', ' Nora ');
    type('Phone', '20123456');
    type('Tags', 'drift, , trafik');
    type('LinkedIn', 'https://linkedin.example/nora');
    fireEvent.change(screen.getByLabelText('Group'), { target: { value: '2' } });
    await save();
    expect(onSubmit).toHaveBeenCalledTimes(1);
    expect(onSubmit.mock.calls[0]?.[0]).toEqual({
      email: 'nora@nordlys.example',
      firstName: 'Nora',
      lastName: '',
      phone: '+45 20 12 34 56',
      mobile: null,
      language: 'da',
      bio: null,
      birthday: null,
      position: null,
      location: null,
      tags: ['drift', 'trafik'],
      newsletter: false,
      social: { linkedin: 'https://linkedin.example/nora' },
      img: null,
      recoveryEmail: null,
      orgUuid,
      groupId: 2,
    });
  });

  it('keeps the user’s own uploaded picture as a valid image', async () => {
    const onSubmit = vi.fn();
    const img = `/api/entity/user/${userUuid}/image?v=abc123`;
    const user = {
      uuid: userUuid,
      email: 'nora@nordlys.example',
      firstName: 'Nora',
      lastName: 'Nyholm',
      org: { uuid: orgUuid, name: 'Byliv' },
      group: { id: 3, name: 'user' },
      language: 'en',
      tags: [],
      social: {},
      img,
      newsletter: true,
    } as Partial<User> as User;
    show(onSubmit, user);
    expect(screen.getByText('Uploaded picture')).toBeTruthy();
    await save();
    expect(alerts()).toEqual([]);
    expect(onSubmit.mock.calls[0]?.[0]).toMatchObject({ img, language: 'en', newsletter: true });
  });
});
