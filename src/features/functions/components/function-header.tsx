import { Trans, useLingui } from '@lingui/react/macro';
import { useNavigate } from '@tanstack/react-router';
import { Pencil } from 'lucide-react';
import type { CloudFunction } from '../../../../contracts/cloud-function.ts';
import { useDeleteFunction } from '../../../api/functions/mutations.ts';
import { Button } from '../../../ui/button.tsx';
import { EntityHeader } from '../../../ui/entity-header.tsx';
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
    <EntityHeader
      entity={fn}
      favourite="cloudfunction"
      subtitle={`${i18n._(functionTypeLabels[fn.type])} · ${fn.org.name}`}
      edit={
        canModify ? (
          <Button
            $variant="secondary"
            onClick={() =>
              void navigate({ to: '/function/$id/edit', params: { id: String(fn.id) } })
            }
          >
            <Pencil size={16} aria-hidden />
            <Trans>Edit</Trans>
          </Button>
        ) : null
      }
      onDelete={canDelete ? () => remove.mutateAsync(fn.id) : undefined}
      onDeleted={() => navigate({ to: '/functions', search: {} })}
    />
  );
}
