import { useLingui } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';
import styled from 'styled-components';
import type { User } from '../../../../contracts/user.ts';
import { formatDate } from '../../../lib/format.ts';
import { FieldList, Section } from '../../../ui/detail.tsx';
import { groupLabels, languageLabels } from './labels.ts';
import { phoneLink } from '../../../ui/phone-link.tsx';

const Tags = styled.ul`
  display: flex;
  flex-wrap: wrap;
  gap: 6px;
  margin: 0;
  padding: 0;
  list-style: none;
  li {
    padding: 2px 10px;
    border-radius: 999px;
    background: ${({ theme }) => theme.colors.hover};
    font-size: 0.875rem;
  }
`;

const external = (url: string | null) =>
  url ? (
    <a href={url} target="_blank" rel="noreferrer noopener">
      {url}
    </a>
  ) : null;

/** Everything a person keeps on their profile. */
export function UserProfile({ user }: { user: User }) {
  const { t, i18n } = useLingui();
  const social = Object.entries(user.social);
  return (
    <>
      <Section>
        <h2>{t`Profile`}</h2>
        <FieldList
          fields={[
            { label: t`First name`, value: user.firstName },
            { label: t`Last name`, value: user.lastName },
            { label: t`E-mail`, value: <a href={`mailto:${user.email}`}>{user.email}</a> },
            { label: t`Username`, value: user.username },
            {
              label: t`Phone`,
              value: phoneLink(user.phone),
            },
            {
              label: t`Mobile`,
              value: phoneLink(user.mobile),
            },
            {
              label: t`Organisation`,
              value: (
                <Link to="/management/org/$id" params={{ id: user.org.uuid }}>
                  {user.org.name}
                </Link>
              ),
            },
            { label: t`Group`, value: i18n._(groupLabels[user.group.id]) },
            { label: t`Language`, value: i18n._(languageLabels[user.language]) },
            { label: t`Position`, value: user.position },
            { label: t`Location`, value: user.location },
            { label: t`Birthday`, value: user.birthday ? formatDate(user.birthday) : null },
            {
              label: t`Tags`,
              value:
                user.tags.length > 0 ? (
                  <Tags>
                    {user.tags.map((tag) => (
                      <li key={tag}>{tag}</li>
                    ))}
                  </Tags>
                ) : null,
            },
            { label: t`Newsletter`, value: user.newsletter ? t`Yes` : t`No` },
            { label: t`Image`, value: external(user.img) },
            { label: t`Recovery e-mail`, value: user.recoveryEmail },
          ]}
        />
      </Section>
      <Section>
        <h2>{t`Bio`}</h2>
        <p style={{ margin: 0, whiteSpace: 'pre-wrap' }}>{user.bio || '–'}</p>
      </Section>
      <Section>
        <h2>{t`Social profiles`}</h2>
        {social.length > 0 ? (
          <FieldList fields={social.map(([key, url]) => ({ label: key, value: external(url) }))} />
        ) : (
          <p style={{ margin: 0 }}>–</p>
        )}
      </Section>
    </>
  );
}
