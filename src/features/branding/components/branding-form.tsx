import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useWatch } from 'react-hook-form';
import { Type } from 'typebox';
import { BrandedHost, BrandingInput, type Branding } from '../../../../contracts/branding.ts';
import { useDeleteBranding, useSaveBranding } from '../../../api/branding/mutations.ts';
import { useNotify } from '../../../lib/notifications.ts';
import { Button } from '../../../ui/button.tsx';
import { FormActions, FormError, FormGrid } from '../../../ui/form/fields.tsx';
import { TextInput } from '../../../ui/form/inputs.tsx';
import { TextField } from '../../../ui/form/text-field.tsx';
import { useContractForm } from '../../../ui/form/use-contract-form.ts';
import { textOrNull } from '../../../ui/form/values.ts';

/** What the form sends: the host in the path, its branding in the body. */
const HostBranding = Type.Object({ host: BrandedHost, input: BrandingInput });

interface Values {
  host: string;
  input: {
    title: string;
    loginText: string;
    url: string;
    copyrightText: string;
    gdprUrl: string;
    cookieUrl: string;
    logo: string;
    favicon: string;
    colors: { primary: string };
  };
}

const valuesOf = (branding: Branding | null): Values => ({
  host: branding?.host ?? '',
  input: {
    title: branding?.title ?? '',
    loginText: branding?.loginText ?? '',
    url: branding?.url ?? '',
    copyrightText: branding?.copyrightText ?? '',
    gdprUrl: branding?.gdprUrl ?? '',
    cookieUrl: branding?.cookieUrl ?? '',
    logo: branding?.logo ?? '',
    favicon: branding?.favicon ?? '',
    colors: { primary: branding?.colors.primary ?? '' },
  },
});

const toBody = ({ host, input }: Values) => {
  const primary = input.colors.primary.trim();
  return {
    host: host.trim().toLowerCase(),
    input: {
      title: textOrNull(input.title),
      loginText: textOrNull(input.loginText),
      url: textOrNull(input.url),
      copyrightText: textOrNull(input.copyrightText),
      gdprUrl: textOrNull(input.gdprUrl),
      cookieUrl: textOrNull(input.cookieUrl),
      logo: textOrNull(input.logo),
      favicon: textOrNull(input.favicon),
      colors: primary ? { primary } : {},
    },
  };
};

const link = { pattern: msg`Starts with https:// or http://` };
const messages = {
  host: { '*': msg`A host name in lower case, such as iot.example.com` },
  'input.url': link,
  'input.gdprUrl': link,
  'input.cookieUrl': link,
  'input.colors.primary': { pattern: msg`A colour such as #00796b` },
};

const MAX_IMAGE_BYTES = 100 * 1024;

function readImage(file: File): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error ?? new Error('unreadable'));
    reader.readAsDataURL(file);
  });
}

/**
 * One host's login text, links, logo, title, favicon and colour. `hosts` are
 * those with branding already: one of them can be deleted.
 */
export function BrandingForm({
  branding,
  hosts,
  onDeleted,
}: {
  branding: Branding | null;
  hosts: readonly string[];
  onDeleted: () => void;
}) {
  const { t } = useLingui();
  const notify = useNotify();
  const save = useSaveBranding();
  const remove = useDeleteBranding();
  const form = useContractForm({
    schema: HostBranding,
    defaultValues: valuesOf(branding),
    toBody,
    messages,
  });
  const host = useWatch({ control: form.control, name: 'host' });

  const upload = (key: 'logo' | 'favicon') => async (event: { target: HTMLInputElement }) => {
    const file = event.target.files?.[0];
    if (!file) return;
    if (file.size > MAX_IMAGE_BYTES) {
      notify(t`The image is larger than 100 KB.`, 'error');
      return;
    }
    form.setValue(`input.${key}`, await readImage(file), { shouldDirty: true });
  };

  const submit = form.handleSubmit((body) =>
    save.mutate(body, { onSuccess: () => notify(t`Settings saved`, 'success') }),
  );
  const deleteHost = () =>
    remove.mutate(host, {
      onSuccess: () => {
        notify(t`Deleted`, 'success');
        onDeleted();
      },
      onError: () => notify(t`Deletion failed`, 'error'),
    });

  return (
    <form onSubmit={submit} noValidate aria-label={t`White-label branding`}>
      <FormGrid>
        <div className="wide">
          <TextInput
            control={form.control}
            name="host"
            label={t`Host name`}
            required
            placeholder="iot.example.com"
          />
        </div>
        <TextInput control={form.control} name="input.title" label={t`Page title`} />
        <TextInput control={form.control} name="input.loginText" label={t`Login text`} />
        <TextInput control={form.control} name="input.url" label={t`Learn-more link`} type="url" />
        <TextInput control={form.control} name="input.copyrightText" label={t`Copyright text`} />
        <TextInput
          control={form.control}
          name="input.gdprUrl"
          label={t`Privacy policy link`}
          type="url"
        />
        <TextInput
          control={form.control}
          name="input.cookieUrl"
          label={t`Cookie policy link`}
          type="url"
        />
        <TextInput
          control={form.control}
          name="input.colors.primary"
          label={t`Primary colour`}
          placeholder="#00796b"
        />
        <TextField
          label={t`Logo (image, at most 100 KB)`}
          type="file"
          accept="image/png,image/svg+xml,image/jpeg,image/webp"
          onChange={(event) => void upload('logo')(event)}
        />
        <TextField
          label={t`Favicon (image, at most 100 KB)`}
          type="file"
          accept="image/png,image/svg+xml,image/x-icon"
          onChange={(event) => void upload('favicon')(event)}
        />
      </FormGrid>
      <FormError message={save.error?.message} />
      <FormActions>
        {hosts.includes(host) ? (
          <Button type="button" $variant="danger" onClick={deleteHost} disabled={remove.isPending}>
            <Trans>Delete</Trans>
          </Button>
        ) : null}
        <Button type="submit" disabled={save.isPending || host.trim() === ''}>
          <Trans>Save</Trans>
        </Button>
      </FormActions>
    </form>
  );
}
