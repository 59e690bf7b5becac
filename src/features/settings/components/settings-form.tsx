import { Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import styled from 'styled-components';
import { useNotify } from '../../../lib/notifications.ts';
import type { UserSettings } from '../../../lib/settings.ts';
import { useSettings } from '../../../lib/use-settings.ts';
import { Button } from '../../../ui/button.tsx';
import { Dialog, DialogActions } from '../../../ui/dialog.tsx';
import { CalibrationSettings, ChartSettings, PrivacySettings } from './settings-data-sections.tsx';
import {
  AppearanceSettings,
  ListSettings,
  NavigationSettings,
} from './settings-display-sections.tsx';

const Sections = styled.div`
  display: grid;
  gap: 16px;
  grid-template-columns: repeat(auto-fit, minmax(min(100%, 460px), 1fr));
  align-items: start;
  h2 {
    margin: 0 0 4px;
    font-size: 1.1rem;
  }
`;

const Actions = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: 8px;
  margin-top: 16px;
`;

/** Every user setting of spec §3, grouped, with the option lists of §9; each change is saved at once. */
export function SettingsForm() {
  const { t } = useLingui();
  const notify = useNotify();
  const { settings, update, reset } = useSettings();
  const [confirmReset, setConfirmReset] = useState(false);

  const save = (changes: Partial<UserSettings>) =>
    void update(changes).then(
      () => notify(t`Settings saved`, 'success'),
      () => notify(t`Update failed`, 'error'),
    );
  const sections = { settings, save };

  return (
    <>
      <Sections>
        <AppearanceSettings {...sections} />
        <NavigationSettings {...sections} />
        <ListSettings {...sections} />
        <ChartSettings {...sections} />
        <CalibrationSettings {...sections} />
        <PrivacySettings {...sections} />
      </Sections>
      <Actions>
        <Button $variant="secondary" onClick={() => setConfirmReset(true)}>
          <Trans>Reset to defaults</Trans>
        </Button>
      </Actions>
      <Dialog
        open={confirmReset}
        onOpenChange={setConfirmReset}
        title={<Trans>Reset all settings?</Trans>}
        description={
          <Trans>Every setting goes back to its default, and cookie consent is turned off.</Trans>
        }
      >
        <DialogActions>
          <Button $variant="secondary" onClick={() => setConfirmReset(false)}>
            <Trans>No</Trans>
          </Button>
          <Button
            onClick={() => {
              setConfirmReset(false);
              reset().then(
                () => notify(t`Settings saved`, 'success'),
                () => notify(t`Update failed`, 'error'),
              );
            }}
          >
            <Trans>Yes</Trans>
          </Button>
        </DialogActions>
      </Dialog>
    </>
  );
}
