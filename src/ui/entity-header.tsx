import { Trans } from '@lingui/react/macro';
import type { LinkOptions } from '@tanstack/react-router';
import { Pencil } from 'lucide-react';
import type { ReactNode } from 'react';
import type { FavouriteType } from '../../contracts/user.ts';
import { ButtonLink } from './button-link.tsx';
import { DeleteEntityButton } from './delete-entity-button.tsx';
import { DetailHeader } from './detail.tsx';
import { FavouriteStar } from './favourite-star.tsx';

/** What an entity page's heading shows of it and stars as a favourite. */
export interface HeadedEntity {
  id: number;
  name: string;
  description?: string | null;
  org: { name: string };
}

/** A detail page's Edit action, a link to the entity's edit page. */
export function EditLink({ link }: { link: LinkOptions }) {
  return (
    <ButtonLink link={link}>
      <Pencil size={18} aria-hidden />
      <Trans>Edit</Trans>
    </ButtonLink>
  );
}

/**
 * An entity page's heading: its name with the favourite star, a line below,
 * the edit action and a delete that asks first; each action only when given.
 */
export function EntityHeader({
  entity,
  favourite,
  subtitle,
  edit,
  onDelete,
  onDeleted,
}: {
  entity: HeadedEntity;
  favourite: FavouriteType;
  subtitle: ReactNode;
  edit?: ReactNode;
  onDelete?: () => Promise<unknown>;
  onDeleted: () => Promise<unknown>;
}) {
  return (
    <DetailHeader
      title={entity.name}
      star={
        <FavouriteStar
          entity={{
            type: favourite,
            id: entity.id,
            name: entity.name,
            description: entity.description,
            org: entity.org.name,
          }}
        />
      }
      subtitle={subtitle}
      actions={
        <>
          {edit}
          {onDelete ? (
            <DeleteEntityButton name={entity.name} onDelete={onDelete} onDeleted={onDeleted} />
          ) : null}
        </>
      }
    />
  );
}
