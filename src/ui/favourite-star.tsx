import { useLingui } from '@lingui/react/macro';
import { Star } from 'lucide-react';
import { useEffect } from 'react';
import styled from 'styled-components';
import type { Favourite } from '../../contracts/user.ts';
import { useFavourites } from '../lib/favourites.ts';
import { useNotify } from '../lib/notifications.ts';

const StarButton = styled.button<{ $on: boolean }>`
  display: inline-flex;
  align-items: center;
  justify-content: center;
  width: 36px;
  height: 36px;
  border: none;
  border-radius: 50%;
  background: transparent;
  cursor: pointer;
  color: ${({ theme, $on }) => ($on ? theme.colors.warning : theme.colors.textMuted)};
  &:hover {
    background: ${({ theme }) => theme.colors.hover};
  }
  &:focus-visible {
    outline: 2px solid ${({ theme }) => theme.colors.primary};
  }
`;

/**
 * The favourite star of an entity's detail page or list row. A click adds or
 * removes the entity from the user's favourites and says so.
 */
export function FavouriteStar({ entity }: { entity: Favourite }) {
  const { t } = useLingui();
  const notify = useNotify();
  const { has, toggle, rename } = useFavourites();
  const on = has(entity.type, entity.id);
  // A favourite keeps the name it had when it was starred: show the page, and it catches up.
  useEffect(() => {
    if (on) rename(entity);
  }, [on, entity, rename]);
  const label = entity.name ?? String(entity.id);
  return (
    <StarButton
      type="button"
      $on={on}
      aria-pressed={on}
      aria-label={on ? t`Remove ${label} from favourites` : t`Add ${label} to favourites`}
      title={on ? t`Remove from favourites` : t`Add to favourites`}
      onClick={(event) => {
        event.stopPropagation();
        toggle(entity).then(
          () => notify(on ? t`Removed from favourites` : t`Added to favourites`, 'success'),
          () => notify(t`Favourites could not be saved`, 'error'),
        );
      }}
    >
      <Star size={20} fill={on ? 'currentColor' : 'none'} aria-hidden />
    </StarButton>
  );
}
