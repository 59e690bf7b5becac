import { Trans } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { currentUserQuery } from '../../api/session/queries.ts';
import { useSettings } from '../../lib/use-settings.ts';

/**
 * The way back from a page that is open to everyone (policies, terms): into
 * the console for someone signed in, to login for anyone else.
 */
export function PublicBackLink() {
  const { data: user, isPending } = useQuery(currentUserQuery());
  const { settings } = useSettings();
  if (isPending) return null;
  return user ? (
    <Link to={settings.defaultRoute || '/'}>
      <Trans>Back to the console</Trans>
    </Link>
  ) : (
    <Link to="/login">
      <Trans>Back to login</Trans>
    </Link>
  );
}
