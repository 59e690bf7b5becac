import { sql, type Kysely } from 'kysely';
import type { DB } from '../db/types.ts';

/** A favourite as users keep it in their store: the entity's kind and id. */
export interface FavouriteRef {
  /** The favourite types that name the entity (a device is both `sensor` and `device`). */
  types: readonly string[];
  id: string | number;
}

/**
 * Favourites live in each user's own store (`users.internal.favourites`), so a
 * deleted entity would linger in everyone's /favorites. Forgetting it takes it
 * out of every store that holds it, in one statement.
 */
export function favouriteRepository(db: Kysely<DB>) {
  return {
    async forget({ types, id }: FavouriteRef): Promise<number> {
      const typeList = sql.join(types.map((t) => sql`${t}`));
      const matches = sql`(f->>'type') in (${typeList}) and (f->>'id') = ${String(id)}`;
      const result = await sql`
        update users set internal = jsonb_set(
          internal,
          '{favourites}',
          coalesce(
            (select jsonb_agg(f order by n)
              from jsonb_array_elements(internal->'favourites') with ordinality as e(f, n)
              where not (${matches})),
            '[]'::jsonb
          )
        )
        where jsonb_typeof(internal->'favourites') = 'array'
          and exists (select 1 from jsonb_array_elements(internal->'favourites') f where ${matches})
      `.execute(db);
      return Number(result.numAffectedRows ?? 0);
    },
  };
}
