import { useLingui } from '@lingui/react/macro';
import { msg } from '@lingui/core/macro';
import { ApiError } from '../../../lib/api-client.ts';
import { useNotify } from '../../../lib/notifications.ts';
import { useDeleteOrganisations } from '../../../api/organisations/mutations.ts';
import { errorText } from './labels.ts';

const HAS_USERS = 'Organisation still has users';

/**
 * Deletes organisations one call each and says how it went: one refused
 * with its reason, several with 'Some organisations still have users' when
 * that was why. Resolves to the uuids that were deleted.
 */
export function useDeleteOrgs() {
  const { i18n } = useLingui();
  const notify = useNotify();
  const { mutateAsync } = useDeleteOrganisations();
  return async (uuids: string[]): Promise<string[]> => {
    const { deleted, failures } = await mutateAsync(uuids);
    if (failures.length === 0) {
      notify(i18n._(msg`Deleted`), 'success');
    } else if (uuids.length === 1) {
      notify(errorText(i18n, failures[0], msg`Deletion failed`), 'error');
    } else if (failures.some((e) => e instanceof ApiError && e.message === HAS_USERS)) {
      notify(i18n._(msg`Some organisations still have users`), 'error');
    } else {
      notify(i18n._(msg`Deletion failed`), 'error');
    }
    return deleted;
  };
}
