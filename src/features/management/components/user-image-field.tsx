import { useLingui } from '@lingui/react/macro';
import { useRef } from 'react';
import type { UseFormReturn } from 'react-hook-form';
import styled from 'styled-components';
import { pictureTypes } from '../../../../contracts/device-picture.ts';
import { USER_IMAGE_MAX_BYTES, type User } from '../../../../contracts/user.ts';
import { useRemoveUserImage, useUploadUserImage } from '../../../api/users/mutations.ts';
import { useNotify } from '../../../lib/notifications.ts';
import { Avatar } from '../../../ui/avatar.tsx';
import { Button } from '../../../ui/button.tsx';
import { TextInput } from '../../../ui/form/inputs.tsx';
import type { UserFields, UserValues } from './user-form-model.ts';
import { isUploadedImageOf } from './user-name.ts';

const ImageRow = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: flex-end;
  gap: 12px;
  > :nth-child(2) {
    flex: 1 1 220px;
  }
`;

const UploadedNote = styled.p`
  display: flex;
  flex-direction: column;
  gap: 6px;
  margin: 0;
  padding-bottom: 10px;
  color: ${({ theme }) => theme.colors.text};
  > span {
    font-size: 0.875rem;
    font-weight: 600;
    color: ${({ theme }) => theme.colors.textMuted};
  }
`;

/**
 * The profile picture: a web address, or an image uploaded from this device
 * (JPEG, PNG or WebP up to 2 MB), which is saved at once. A user that does not
 * exist yet can only have an address.
 */
export function UserImageField({
  user,
  form,
}: {
  user: User | undefined;
  form: UseFormReturn<UserValues, unknown, UserFields>;
}) {
  const { t } = useLingui();
  const notify = useNotify();
  const input = useRef<HTMLInputElement>(null);
  const uploadImage = useUploadUserImage();
  const removeImage = useRemoveUserImage();
  const busy = uploadImage.isPending || removeImage.isPending;
  const img = form.watch('img');
  const show = (saved: User) => form.setValue('img', saved.img ?? '');

  const upload = async (file: File | undefined) => {
    if (input.current) input.current.value = '';
    if (!file || !user) return;
    if (
      !(pictureTypes as readonly string[]).includes(file.type) ||
      file.size > USER_IMAGE_MAX_BYTES
    ) {
      notify(t`Only JPEG, PNG and WebP images up to 2 MB can be uploaded.`, 'error');
      return;
    }
    try {
      show(await uploadImage.mutateAsync({ uuid: user.uuid, file }));
      notify(t`Images was uploaded`, 'success');
    } catch {
      notify(t`Images failed to upload! Please refresh browser and try again!`, 'error');
    }
  };
  const remove = async () => {
    if (!user) return;
    try {
      show(await removeImage.mutateAsync(user.uuid));
      notify(t`Picture deleted`, 'success');
    } catch {
      notify(t`Picture not deleted`, 'error');
    }
  };
  const uploaded = user !== undefined && isUploadedImageOf(user.uuid, img);

  return (
    <ImageRow className="wide">
      <Avatar
        email={user?.email ?? ''}
        name={user ? `${user.firstName} ${user.lastName}` : ''}
        img={img.trim() || null}
        size={48}
      />
      {uploaded ? (
        // The address of an uploaded picture means nothing to people: say what it is.
        <UploadedNote>
          <span>{t`Image`}</span>
          {t`Uploaded picture`}
        </UploadedNote>
      ) : (
        <TextInput
          control={form.control}
          name="img"
          label={t`Image (URL)`}
          type="url"
          maxLength={2000}
          help={user ? undefined : t`Save the user first to upload a picture`}
        />
      )}
      {user ? (
        <>
          <Button
            type="button"
            $variant="secondary"
            disabled={busy}
            onClick={() => input.current?.click()}
          >
            {t`Upload picture`}
          </Button>
          {uploaded ? (
            <Button type="button" $variant="text" disabled={busy} onClick={() => void remove()}>
              {t`Remove picture`}
            </Button>
          ) : null}
          <input
            ref={input}
            type="file"
            accept={pictureTypes.join(',')}
            aria-label={t`Upload picture`}
            hidden
            onChange={(event) => void upload(event.target.files?.[0])}
          />
        </>
      ) : null}
    </ImageRow>
  );
}
