import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { Trash2, Upload } from 'lucide-react';
import { useRef, useState } from 'react';
import styled from 'styled-components';
import { formatDateTime } from '../../../lib/format.ts';
import { useNotify } from '../../../lib/notifications.ts';
import { Button, IconButton } from '../../../ui/button.tsx';
import { Section } from '../../../ui/detail.tsx';
import { DeleteDialog } from '../../../ui/list/delete-dialog.tsx';
import { FormActions } from '../../../ui/form/fields.tsx';
import { Empty, ErrorState, Loading } from '../../../ui/status.tsx';
import {
  PICTURE_MAX_BYTES,
  pictureTypes,
  type DevicePicture,
} from '../../../../contracts/device-picture.ts';
import type { Device } from '../../../../contracts/device.ts';
import { useDeleteDevicePicture, useUploadDevicePictures } from '../../../api/devices/mutations.ts';
import { devicePicturesQuery, pictureUrl } from '../../../api/devices/queries.ts';

const Grid = styled.ul`
  list-style: none;
  margin: 0;
  padding: 0;
  display: grid;
  gap: 12px;
  grid-template-columns: repeat(auto-fill, minmax(200px, 1fr));
  li {
    display: grid;
    grid-template-rows: auto auto;
    border: 1px solid ${({ theme }) => theme.colors.border};
    border-radius: ${({ theme }) => theme.radius};
    overflow: hidden;
  }
  a {
    display: block;
    aspect-ratio: 4 / 3;
    background: ${({ theme }) => theme.colors.hover};
  }
  img {
    display: block;
    width: 100%;
    height: 100%;
    object-fit: cover;
  }
  figcaption {
    display: flex;
    align-items: center;
    gap: 8px;
    padding: 6px 6px 6px 10px;
    font-size: 0.8125rem;
  }
  figcaption span {
    flex: 1;
    min-width: 0;
    overflow: hidden;
    text-overflow: ellipsis;
    white-space: nowrap;
  }
  figure {
    margin: 0;
  }
`;

const accepted = (file: File) =>
  pictureTypes.some((type) => type === file.type) && file.size <= PICTURE_MAX_BYTES;

/** The pictures tab: upload (JPEG, PNG, WebP up to 5 MB), show and delete (spec §8 texts). */
export function DevicePictures({ device, canModify }: { device: Device; canModify: boolean }) {
  const { t } = useLingui();
  const notify = useNotify();
  const query = useQuery(devicePicturesQuery(device.id));
  const input = useRef<HTMLInputElement>(null);
  const upload = useUploadDevicePictures(device.id);
  const remove = useDeleteDevicePicture(device.id);
  const [doomed, setDoomed] = useState<DevicePicture | null>(null);

  const uploadFiles = (files: File[]) => {
    if (files.length === 0) return;
    if (!files.every(accepted)) {
      notify(t`Only JPEG, PNG and WebP images up to 5 MB can be uploaded.`, 'error');
      return;
    }
    upload.mutate(files, {
      onSuccess: ({ failed }) => {
        if (failed === 0) notify(t`Images was uploaded`, 'success');
        else notify(t`Images failed to upload! Please refresh browser and try again!`, 'error');
      },
      onSettled: () => {
        if (input.current) input.current.value = '';
      },
    });
  };

  let body;
  if (query.isPending) body = <Loading />;
  else if (query.isError)
    body = <ErrorState error={query.error} onRetry={() => void query.refetch()} />;
  else if (query.data.length === 0)
    body = (
      <Empty>
        <Trans>No pictures yet.</Trans>
      </Empty>
    );
  else
    body = (
      <Grid aria-label={t`Pictures`}>
        {query.data.map((picture) => (
          <li key={picture.id}>
            <figure>
              <a href={pictureUrl(picture)} target="_blank" rel="noreferrer">
                <img src={pictureUrl(picture)} alt={picture.fileName} loading="lazy" />
              </a>
              <figcaption>
                <span title={`${picture.fileName} · ${formatDateTime(picture.created)}`}>
                  {picture.fileName}
                </span>
                {canModify ? (
                  <IconButton
                    type="button"
                    aria-label={t`Delete picture ${picture.fileName}`}
                    onClick={() => setDoomed(picture)}
                  >
                    <Trash2 size={18} />
                  </IconButton>
                ) : null}
              </figcaption>
            </figure>
          </li>
        ))}
      </Grid>
    );

  return (
    <Section>
      <h2>
        <Trans>Pictures</Trans>
      </h2>
      {body}
      {canModify ? (
        <FormActions>
          <input
            ref={input}
            type="file"
            accept={pictureTypes.join(',')}
            multiple
            hidden
            aria-label={t`Choose pictures`}
            onChange={(e) => uploadFiles(Array.from(e.target.files ?? []))}
          />
          <Button type="button" disabled={upload.isPending} onClick={() => input.current?.click()}>
            <Upload size={18} aria-hidden />
            {upload.isPending ? <Trans>Uploading…</Trans> : <Trans>Upload pictures</Trans>}
          </Button>
        </FormActions>
      ) : null}
      <DeleteDialog
        open={doomed !== null}
        items={doomed ? [doomed.fileName] : []}
        busy={remove.isPending}
        onCancel={() => setDoomed(null)}
        onConfirm={() => {
          if (!doomed) return;
          remove.mutate(doomed.id, {
            onSuccess: () => notify(t`Deleted`, 'success'),
            onError: () => notify(t`Picture not deleted`, 'error'),
            onSettled: () => setDoomed(null),
          });
        }}
      />
    </Section>
  );
}
