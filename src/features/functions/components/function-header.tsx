import { Trans, useLingui } from '@lingui/react/macro';
import { useNavigate } from '@tanstack/react-router';
import { Pencil } from 'lucide-react';
import type { CloudFunction } from '../../../../contracts/cloud-function.ts';
import { useDeleteFunction } from '../../../api/functions/mutations.ts';
import { Button } from '../../../ui/button.tsx';
import { DeleteEntityButton } from '../../../ui/delete-entity-button.tsx';
import { DetailHeader } from '../../../ui/detail.tsx';
import { FavouriteStar } from '../../../ui/favourite-star.tsx';
import { functionTypeLabels } from './labels.ts';

/** A function's name, type and organisation, its favourite star, and edit and delete as allowed. */
export function FunctionHeader({
  fn,
  canModify,
  canDelete,
}: {
  fn: CloudFunction;
  canModify: boolean;
  canDelete: boolean;
}) {
  const { i18n } = useLingui();
  const navigate = useNavigate();
  const remove = useDeleteFunction();
  return (
    <DetailHeader
      title={fn.name}
      star={
        <FavouriteStar
          entity={{
            type: 'cloudfunction',
            id: fn.id,
            name: fn.name,
            description: fn.description,
            org: fn.org.name,
          }}
        />
      }
      subtitle={`${i18n._(functionTypeLabels[fn.type])} · ${fn.org.name}`}
      actions={
        <>
          {canModify ? (
            <Button
              $variant="secondary"
              onClick={() =>
                void navigate({ to: '/function/$id/edit', params: { id: String(fn.id) } })
              }
            >
              <Pencil size={16} aria-hidden />
              <Trans>Edit</Trans>
            </Button>
          ) : null}
          {canDelete ? (
            <DeleteEntityButton
              name={fn.name}
              onDelete={() => remove.mutateAsync(fn.id)}
              onDeleted={() => navigate({ to: '/functions', search: {} })}
            />
          ) : null}
        </>
      }
    />
  );
}
