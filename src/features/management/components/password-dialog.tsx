import { Trans, useLingui } from '@lingui/react/macro';
import { useState, type FormEvent } from 'react';
import { msg } from '@lingui/core/macro';
import { Button } from '../../../ui/button.tsx';
import { Dialog, DialogActions } from '../../../ui/dialog.tsx';
import { PasswordField } from '../../../ui/form/text-field.tsx';
import { useChangePassword } from '../../../api/users/mutations.ts';
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
  const [old, setOld] = useState('');
  const [next, setNext] = useState('');
  const [again, setAgain] = useState('');
  const [error, setError] = useState<{ field: 'old' | 'next' | 'again'; text: string } | null>(
    null,
  );
  const change = useChangePassword();
  const busy = change.isPending;
  const edit = (setter: (value: string) => void) => (event: { target: { value: string } }) => {
    setter(event.target.value);
    setError(null);
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!next && !again) return setError({ field: 'next', text: t`Password cannot be empty!` });
    if (next.length < MIN_LENGTH)
      return setError({ field: 'next', text: t`Password must contain at least 8 characters!` });
    if (next !== again)
      return setError({ field: 'again', text: t`The entered passwords are not identical!` });
    change.mutate(
      { uuid: userUuid, oldPassword: old, newPassword: next },
      {
        onSuccess: onChanged,
        onError: (failure) =>
          setError({ field: 'old', text: errorText(i18n, failure, msg`Update failed`) }),
      },
    );
  };

  return (
    <form onSubmit={submit} style={{ display: 'grid', gap: 14, marginTop: 16 }} noValidate>
      <PasswordField
        label={t`Current password`}
        autoComplete="current-password"
        value={old}
        onChange={edit(setOld)}
        error={error?.field === 'old' ? error.text : false}
      />
      <PasswordField
        label={t`New password`}
        autoComplete="new-password"
        value={next}
        onChange={edit(setNext)}
        error={error?.field === 'next' ? error.text : false}
      />
      <PasswordField
        label={t`Confirm password`}
        autoComplete="new-password"
        value={again}
        onChange={edit(setAgain)}
        error={error?.field === 'again' ? error.text : false}
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
