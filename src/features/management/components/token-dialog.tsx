import { Trans, useLingui } from '@lingui/react/macro';
import { msg } from '@lingui/core/macro';
import { Copy } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import styled from 'styled-components';
import { hasPrivilege, type CurrentUser } from '../../../lib/current-user.ts';
import { Button, IconButton } from '../../../ui/button.tsx';
import { Dialog, DialogActions } from '../../../ui/dialog.tsx';
import { TextField } from '../../../ui/form/text-field.tsx';
import type { TokenType } from '../../../../contracts/token.ts';
import { useCreateToken } from '../../../api/tokens/mutations.ts';
import { FieldGrid, SelectField } from './fields.tsx';
import { errorText } from './labels.ts';

const Secret = styled.code`
  display: block;
  padding: 12px;
  margin: 12px 0;
  border-radius: ${({ theme }) => theme.radius};
  background: ${({ theme }) => theme.colors.hover};
  overflow-wrap: anywhere;
  font-size: 0.95rem;
`;

/** Which token kinds the user may make: a bound token needs the right to change that kind of entity. */
export function tokenTypes(me: CurrentUser): TokenType[] {
  return [
    'general',
    ...(hasPrivilege(me, 'device.modify') ? (['device'] as const) : []),
    ...(hasPrivilege(me, 'deviceType.modify') ? (['devicetype'] as const) : []),
    ...(hasPrivilege(me, 'registry.modify') ? (['registry'] as const) : []),
  ];
}

/**
 * Create an API token. The secret is shown once; the dialog closes only when
 * it has been pasted back exactly (spec §4), so nobody loses it by a click.
 */
export function TokenDialog({
  me,
  open,
  onClose,
}: {
  me: CurrentUser;
  open: boolean;
  onClose: () => void;
}) {
  const { t, i18n } = useLingui();
  const [label, setLabel] = useState('');
  const [type, setType] = useState<TokenType>('general');
  const [reference, setReference] = useState('');
  const [error, setError] = useState<{
    field: 'label' | 'reference' | 'pasted';
    text: string;
  } | null>(null);
  const generate = useCreateToken();
  const busy = generate.isPending;
  const [secret, setSecret] = useState<string | null>(null);
  const [pasted, setPasted] = useState('');
  const typeLabels: Record<TokenType, string> = {
    general: t`General (acts for you)`,
    device: t`Device`,
    devicetype: t`Device type`,
    registry: t`Registry`,
  };

  const kind = typeLabels[type].toLocaleLowerCase();
  const reset = () => {
    setLabel('');
    setType('general');
    setReference('');
    setError(null);
    setSecret(null);
    setPasted('');
  };
  const close = () => {
    if (secret !== null && pasted.trim() !== secret) {
      setError({ field: 'pasted', text: t`Paste the token to confirm that you have saved it` });
      return;
    }
    reset();
    onClose();
  };

  const create = (event: FormEvent) => {
    event.preventDefault();
    if (!label.trim()) return setError({ field: 'label', text: t`Label is required` });
    const id = Number(reference);
    if (type !== 'general' && !(Number.isInteger(id) && id >= 1))
      return setError({ field: 'reference', text: t`An id is required` });
    generate.mutate(
      { label: label.trim(), type, ...(type === 'general' ? {} : { reference: id }) },
      {
        onSuccess: (created) => setSecret(created.token),
        onError: (failure) =>
          setError({ field: 'label', text: errorText(i18n, failure, msg`Creation failed`) }),
      },
    );
  };

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => !next && close()}
      title={secret === null ? <Trans>New API token</Trans> : <Trans>Your new API token</Trans>}
      description={
        secret === null ? (
          <Trans>
            A general token acts for you with your rights; a bound token only sends and reads one
            entity’s data.
          </Trans>
        ) : (
          <Trans>
            Copy the token now: it is shown only this once. Paste it below to confirm that you have
            saved it.
          </Trans>
        )
      }
    >
      {secret === null ? (
        <form onSubmit={create} noValidate style={{ marginTop: 16 }}>
          <FieldGrid>
            <TextField
              label={t`Label`}
              value={label}
              maxLength={100}
              autoComplete="off"
              error={error?.field === 'label' ? error.text : false}
              onChange={(event) => {
                setLabel(event.target.value);
                setError(null);
              }}
            />
            <SelectField
              label={t`Type`}
              value={type}
              onChange={(event) => {
                const chosen = tokenTypes(me).find((option) => option === event.target.value);
                if (chosen) setType(chosen);
                setError(null);
              }}
            >
              {tokenTypes(me).map((option) => (
                <option key={option} value={option}>
                  {typeLabels[option]}
                </option>
              ))}
            </SelectField>
            {type !== 'general' ? (
              <TextField
                label={t`Id of the ${kind}`}
                inputMode="numeric"
                value={reference}
                error={error?.field === 'reference' ? error.text : false}
                onChange={(event) => {
                  setReference(event.target.value.replace(/\D/g, ''));
                  setError(null);
                }}
              />
            ) : null}
          </FieldGrid>
          <DialogActions>
            <Button type="button" $variant="secondary" onClick={close} disabled={busy}>
              <Trans>Cancel</Trans>
            </Button>
            <Button type="submit" disabled={busy}>
              <Trans>Create</Trans>
            </Button>
          </DialogActions>
        </form>
      ) : (
        <form
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            close();
          }}
        >
          <div style={{ display: 'flex', alignItems: 'center', gap: 8 }}>
            <Secret data-testid="new-token">{secret}</Secret>
            <IconButton
              type="button"
              aria-label={t`Copy`}
              onClick={() => void navigator.clipboard?.writeText(secret).catch(() => undefined)}
            >
              <Copy size={18} />
            </IconButton>
          </div>
          <TextField
            label={t`Paste the token here`}
            value={pasted}
            autoComplete="off"
            spellCheck={false}
            error={error?.field === 'pasted' ? error.text : false}
            onChange={(event) => {
              setPasted(event.target.value);
              setError(null);
            }}
          />
          <DialogActions>
            <Button type="submit" disabled={pasted.trim() !== secret}>
              <Trans>Close</Trans>
            </Button>
          </DialogActions>
        </form>
      )}
    </Dialog>
  );
}
