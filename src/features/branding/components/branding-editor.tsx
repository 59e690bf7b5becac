import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import styled from 'styled-components';
import type { Branding, BrandingInput } from '../../../../contracts/branding.ts';
import { useDeleteBranding, useSaveBranding } from '../../../api/branding/mutations.ts';
import { brandedHostsQuery } from '../../../api/branding/queries.ts';
import { useNotify } from '../../../lib/notifications.ts';
import { Button } from '../../../ui/button.tsx';
import { Card } from '../../../ui/card.tsx';
import { Empty, ErrorState, Loading } from '../../../ui/status.tsx';
import { TextField } from '../../../ui/form/text-field.tsx';

const Layout = styled.div`
  display: grid;
  gap: 16px;
  grid-template-columns: repeat(auto-fit, minmax(min(100%, 420px), 1fr));
  align-items: start;
  ul {
    list-style: none;
    margin: 0;
    padding: 0;
    display: grid;
    gap: 6px;
  }
`;

const Form = styled.form`
  display: grid;
  gap: 14px;
`;

const HostButton = styled.button<{ $active: boolean }>`
  width: 100%;
  text-align: left;
  padding: 10px 12px;
  border-radius: ${({ theme }) => theme.radius};
  border: 1px solid
    ${({ theme, $active }) => ($active ? theme.colors.primary : theme.colors.border)};
  background: ${({ theme }) => theme.colors.surface};
  color: ${({ theme }) => theme.colors.text};
  font: inherit;
  cursor: pointer;
`;

const MAX_IMAGE_BYTES = 100 * 1024;

function readImage(file: File): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error ?? new Error('unreadable'));
    reader.readAsDataURL(file);
  });
}

const empty = {
  host: '',
  title: '',
  loginText: '',
  url: '',
  copyrightText: '',
  gdprUrl: '',
  cookieUrl: '',
  logo: '',
  favicon: '',
  primary: '',
};
type Draft = typeof empty;

const toDraft = (b: Branding): Draft => ({
  host: b.host,
  title: b.title ?? '',
  loginText: b.loginText ?? '',
  url: b.url ?? '',
  copyrightText: b.copyrightText ?? '',
  gdprUrl: b.gdprUrl ?? '',
  cookieUrl: b.cookieUrl ?? '',
  logo: b.logo ?? '',
  favicon: b.favicon ?? '',
  primary: b.colors.primary ?? '',
});

const orNull = (value: string) => (value.trim() === '' ? null : value.trim());

/** Super users set each host's login text, links, logo, title, favicon and colour. */
export function BrandingEditor() {
  const { t } = useLingui();
  const notify = useNotify();
  const hosts = useQuery(brandedHostsQuery());
  const [draft, setDraft] = useState<Draft>(empty);
  const set = (key: keyof Draft) => (event: { target: { value: string } }) =>
    setDraft({ ...draft, [key]: event.target.value });

  const save = useSaveBranding();
  const remove = useDeleteBranding();
  const saveDraft = () => {
    const input: BrandingInput = {
      title: orNull(draft.title),
      loginText: orNull(draft.loginText),
      url: orNull(draft.url),
      copyrightText: orNull(draft.copyrightText),
      gdprUrl: orNull(draft.gdprUrl),
      cookieUrl: orNull(draft.cookieUrl),
      logo: orNull(draft.logo),
      favicon: orNull(draft.favicon),
      colors: draft.primary ? { primary: draft.primary } : {},
    };
    save.mutate(
      { host: draft.host.trim().toLowerCase(), input },
      {
        onSuccess: () => notify(t`Settings saved`, 'success'),
        onError: (error) => notify(error.message || t`Update failed`, 'error'),
      },
    );
  };
  const removeHost = (host: string) =>
    remove.mutate(host, {
      onSuccess: () => {
        notify(t`Deleted`, 'success');
        setDraft(empty);
      },
      onError: () => notify(t`Deletion failed`, 'error'),
    });

  const upload = (key: 'logo' | 'favicon') => async (event: { target: HTMLInputElement }) => {
    const file = event.target.files?.[0];
    if (!file) return;
    if (file.size > MAX_IMAGE_BYTES) {
      notify(t`The image is larger than 100 KB.`, 'error');
      return;
    }
    setDraft({ ...draft, [key]: await readImage(file) });
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    saveDraft();
  };

  return (
    <Layout>
      <Card>
        <h2>
          <Trans>Branded hosts</Trans>
        </h2>
        {hosts.isPending ? (
          <Loading />
        ) : hosts.isError ? (
          <ErrorState onRetry={() => void hosts.refetch()} />
        ) : hosts.data.length === 0 ? (
          <Empty>
            <Trans>No host has its own branding yet.</Trans>
          </Empty>
        ) : (
          <ul>
            {hosts.data.map((branding) => (
              <li key={branding.host}>
                <HostButton
                  type="button"
                  $active={branding.host === draft.host}
                  onClick={() => setDraft(toDraft(branding))}
                >
                  {branding.host} — {branding.title ?? 'Nordlys'}
                </HostButton>
              </li>
            ))}
          </ul>
        )}
        <Button $variant="secondary" onClick={() => setDraft(empty)} style={{ marginTop: 12 }}>
          <Trans>New host</Trans>
        </Button>
      </Card>
      <Card>
        <Form onSubmit={submit}>
          <TextField
            label={t`Host name`}
            required
            value={draft.host}
            onChange={set('host')}
            placeholder="iot.example.com"
            pattern="[a-z0-9.-]+"
          />
          <TextField label={t`Page title`} value={draft.title} onChange={set('title')} />
          <TextField label={t`Login text`} value={draft.loginText} onChange={set('loginText')} />
          <TextField
            label={t`Learn-more link`}
            type="url"
            value={draft.url}
            onChange={set('url')}
          />
          <TextField
            label={t`Copyright text`}
            value={draft.copyrightText}
            onChange={set('copyrightText')}
          />
          <TextField
            label={t`Privacy policy link`}
            type="url"
            value={draft.gdprUrl}
            onChange={set('gdprUrl')}
          />
          <TextField
            label={t`Cookie policy link`}
            type="url"
            value={draft.cookieUrl}
            onChange={set('cookieUrl')}
          />
          <TextField
            label={t`Primary colour`}
            value={draft.primary}
            onChange={set('primary')}
            placeholder="#00796b"
            pattern="#[0-9a-fA-F]{6}"
          />
          <TextField
            label={t`Logo (image, at most 100 KB)`}
            type="file"
            accept="image/png,image/svg+xml,image/jpeg,image/webp"
            onChange={upload('logo')}
          />
          <TextField
            label={t`Favicon (image, at most 100 KB)`}
            type="file"
            accept="image/png,image/svg+xml,image/x-icon"
            onChange={upload('favicon')}
          />
          <div style={{ display: 'flex', gap: 8, flexWrap: 'wrap' }}>
            <Button type="submit" disabled={save.isPending || draft.host.trim() === ''}>
              <Trans>Save</Trans>
            </Button>
            {draft.host && hosts.data?.some((b) => b.host === draft.host) ? (
              <Button type="button" $variant="danger" onClick={() => removeHost(draft.host)}>
                <Trans>Delete</Trans>
              </Button>
            ) : null}
          </div>
        </Form>
      </Card>
    </Layout>
  );
}
