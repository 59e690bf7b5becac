import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { PasswordChange } from '../../../../contracts/user.ts';
import { useChangePassword } from '../../../api/users/mutations.ts';
import { Button } from '../../../ui/button.tsx';
import { Dialog, DialogActions } from '../../../ui/dialog.tsx';
import { PasswordInput } from '../../../ui/form/inputs.tsx';
import { useContractForm } from '../../../ui/form/use-contract-form.ts';
import { errorText } from './labels.ts';

const MIN_LENGTH = 8;

/**
 * Change one's own password: the current one, the new one twice (spec §5
 * rules). The server then ends every session, so the user signs in again.
 */
export function PasswordDialog({
  userUuid,
  open,
  onClose,
  onChanged,
}: {
  userUuid: string;
  open: boolean;
  onClose: () => void;
  onChanged: () => void;
}) {
  return (
    <Dialog
      open={open}
      onOpenChange={(value) => !value && onClose()}
      title={<Trans>Change password</Trans>}
      description={
        <Trans>You will be signed out everywhere and sign in again with the new password.</Trans>
      }
    >
      <PasswordForm userUuid={userUuid} onClose={onClose} onChanged={onChanged} />
    </Dialog>
  );
}

interface Values {
  oldPassword: string;
  newPassword: string;
  again: string;
}

const toBody = ({ oldPassword, newPassword }: Values): PasswordChange => ({
  oldPassword,
  newPassword,
});

/** Lives inside the dialog's content, so the passwords typed are gone when the dialog closes. */
function PasswordForm({
  userUuid,
  onClose,
  onChanged,
}: {
  userUuid: string;
  onClose: () => void;
  onChanged: () => void;
}) {
  const { t, i18n } = useLingui();
  const change = useChangePassword();
  const form = useContractForm({
    schema: PasswordChange,
    defaultValues: { oldPassword: '', newPassword: '', again: '' },
    toBody,
    // The spec's rules, one at a time: what the new password needs, then that it was typed alike.
    check: ({ newPassword, again }: Values) => {
      if (!newPassword && !again) return { newPassword: t`Password cannot be empty!` };
      if (newPassword.length < MIN_LENGTH)
        return { newPassword: t`Password must contain at least 8 characters!` };
      if (newPassword !== again) return { again: t`The entered passwords are not identical!` };
      return {};
    },
  });
  const busy = change.isPending;

  const submit = form.handleSubmit((body) =>
    change.mutate(
      { uuid: userUuid, ...body },
      {
        onSuccess: onChanged,
        onError: (failure) =>
          form.setError('oldPassword', {
            message: errorText(i18n, failure, msg`Update failed`),
          }),
      },
    ),
  );

  return (
    <form
      onSubmit={(event) => void submit(event)}
      style={{ display: 'grid', gap: 14, marginTop: 16 }}
      noValidate
    >
      <PasswordInput
        control={form.control}
        name="oldPassword"
        label={t`Current password`}
        autoComplete="current-password"
      />
      <PasswordInput
        control={form.control}
        name="newPassword"
        label={t`New password`}
        autoComplete="new-password"
      />
      <PasswordInput
        control={form.control}
        name="again"
        label={t`Confirm password`}
        autoComplete="new-password"
      />
      <DialogActions>
        <Button type="button" $variant="secondary" onClick={onClose} disabled={busy}>
          <Trans>Cancel</Trans>
        </Button>
        <Button type="submit" disabled={busy}>
          <Trans>Change password</Trans>
        </Button>
      </DialogActions>
    </form>
  );
}
