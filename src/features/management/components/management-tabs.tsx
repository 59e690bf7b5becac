import { useLingui } from '@lingui/react/macro';
import { TabBar } from '../../../ui/tabs.tsx';

/** Users and organisations: the two tabs of /management. */
export function ManagementTabs() {
  const { t } = useLingui();
  return (
    <TabBar
      label={t`Management`}
      tabs={[
        { to: '/users', label: t`Users` },
        { to: '/orgs', label: t`Organisations` },
      ]}
    />
  );
}
