import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { Copy } from 'lucide-react';
import { useState } from 'react';
import styled from 'styled-components';
import { ApiTokenCreate, type TokenType } from '../../../../contracts/token.ts';
import { useCreateToken } from '../../../api/tokens/mutations.ts';
import { hasPrivilege } from '../../../lib/current-user.ts';
import type { SignedInUser } from '../../../../contracts/session.ts';
import { Button, IconButton } from '../../../ui/button.tsx';
import { Dialog, DialogActions } from '../../../ui/dialog.tsx';
import { FormGrid } from '../../../ui/form/fields.tsx';
import { SelectInput, TextInput } from '../../../ui/form/inputs.tsx';
import { TextField } from '../../../ui/form/text-field.tsx';
import { useContractForm } from '../../../ui/form/use-contract-form.ts';
import { numberOrNull } from '../../../ui/form/values.ts';
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
export function tokenTypes(me: SignedInUser): TokenType[] {
  return [
    'general',
    ...(hasPrivilege(me, 'device.modify') ? (['device'] as const) : []),
    ...(hasPrivilege(me, 'deviceType.modify') ? (['devicetype'] as const) : []),
    ...(hasPrivilege(me, 'registry.modify') ? (['registry'] as const) : []),
  ];
}

interface Values {
  label: string;
  type: TokenType;
  reference: string;
}

const emptyValues: Values = { label: '', type: 'general', reference: '' };

const toBody = (values: Values) => ({
  label: values.label.trim(),
  type: values.type,
  // A bound token names its entity; left empty, the contract refuses the missing id.
  ...(values.type === 'general' ? {} : { reference: numberOrNull(values.reference) }),
});

const labelRequired = msg`Label is required`;
const messages = {
  label: { required: labelRequired, minLength: labelRequired, pattern: labelRequired },
  reference: { '*': msg`An id is required` },
};

/**
 * Create an API token. The secret is shown once; the dialog closes only when
 * it has been pasted back exactly (spec §4), so nobody loses it by a click.
 */
export function TokenDialog({
  me,
  open,
  onClose,
}: {
  me: SignedInUser;
  open: boolean;
  onClose: () => void;
}) {
  const { t, i18n } = useLingui();
  const form = useContractForm({
    schema: ApiTokenCreate,
    defaultValues: emptyValues,
    toBody,
    messages,
  });
  const generate = useCreateToken();
  const busy = generate.isPending;
  const [secret, setSecret] = useState<string | null>(null);
  const [pasted, setPasted] = useState('');
  const [notPasted, setNotPasted] = useState(false);
  const type = form.watch('type');
  const typeLabels: Record<TokenType, string> = {
    general: t`General (acts for you)`,
    device: t`Device`,
    devicetype: t`Device type`,
    registry: t`Registry`,
  };
  const kind = typeLabels[type].toLocaleLowerCase();

  const close = () => {
    if (secret !== null && pasted.trim() !== secret) {
      setNotPasted(true);
      return;
    }
    form.reset(emptyValues);
    setSecret(null);
    setPasted('');
    setNotPasted(false);
    onClose();
  };

  const create = form.handleSubmit((body) =>
    generate.mutate(body, {
      onSuccess: (created) => setSecret(created.token),
      onError: (failure) =>
        form.setError('label', { message: errorText(i18n, failure, msg`Creation failed`) }),
    }),
  );

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
        <form onSubmit={(event) => void create(event)} noValidate style={{ marginTop: 16 }}>
          <FormGrid>
            <TextInput
              control={form.control}
              name="label"
              label={t`Label`}
              maxLength={100}
              autoComplete="off"
            />
            <SelectInput
              control={form.control}
              name="type"
              label={t`Type`}
              options={tokenTypes(me).map((option) => ({
                value: option,
                label: typeLabels[option],
              }))}
            />
            {type !== 'general' ? (
              <TextInput
                control={form.control}
                name="reference"
                label={t`Id of the ${kind}`}
                inputMode="numeric"
              />
            ) : null}
          </FormGrid>
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
            error={notPasted ? t`Paste the token to confirm that you have saved it` : false}
            onChange={(event) => {
              setPasted(event.target.value);
              setNotPasted(false);
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
