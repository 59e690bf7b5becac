import { Trans, useLingui } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';
import type { User } from '../../../../contracts/user.ts';
import type { SignedInUser } from '../../../../contracts/session.ts';
import type { Favourite } from '../../../../contracts/user.ts';
import { useFavourites } from '../../../lib/favourites.ts';
import { FieldList, Section } from '../../../ui/detail.tsx';
import { Empty } from '../../../ui/status.tsx';

function FavouriteLink({ favourite }: { favourite: Favourite }) {
  const id = String(favourite.id);
  const label = favourite.name ?? id;
  switch (favourite.type) {
    case 'user':
      return (
        <Link to="/management/user/$id" params={{ id }}>
          {label}
        </Link>
      );
    case 'org':
      return (
        <Link to="/management/org/$id" params={{ id }}>
          {label}
        </Link>
      );
    case 'registry':
      return (
        <Link to="/registry/$id" params={{ id }}>
          {label}
        </Link>
      );
    case 'devicetype':
      return (
        <Link to="/devicetype/$id" params={{ id }}>
          {label}
        </Link>
      );
    case 'cloudfunction':
      return (
        <Link to="/function/$id" params={{ id }}>
          {label}
        </Link>
      );
    case 'sensor':
      return (
        <Link to="/sensor/$id" params={{ id }}>
          {label}
        </Link>
      );
    case 'device':
      return (
        <Link to="/device/$id" params={{ id }}>
          {label}
        </Link>
      );
    case 'collection':
      return (
        <Link to="/collection/$id" params={{ id }}>
          {label}
        </Link>
      );
    case 'project':
      return (
        <Link to="/project/$id" params={{ id }}>
          {label}
        </Link>
      );
  }
}

/** One's own favourites; another user's stay private to them (the API does not show them). */
export function UserFavourites({ me, user }: { me: SignedInUser; user: User }) {
  const { t } = useLingui();
  const { favourites } = useFavourites();
  const name = user.firstName || user.email;
  if (me.uuid !== user.uuid)
    return (
      <Section>
        <Empty>
          <Trans>Favourites are private: only {name} can see them.</Trans>
        </Empty>
      </Section>
    );
  if (favourites.length === 0)
    return (
      <Section>
        <Empty>
          <Trans>No favourites yet. Mark something with the star to find it here.</Trans>
        </Empty>
      </Section>
    );
  return (
    <Section>
      <h2>{t`Favourites`}</h2>
      <FieldList
        fields={favourites.map((f) => ({
          label: <FavouriteLink favourite={f} />,
          value: [f.description, f.org].filter(Boolean).join(' · '),
        }))}
      />
    </Section>
  );
}
