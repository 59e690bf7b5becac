import { sql, type Kysely } from 'kysely';
import type { BrandingTable, DB } from '../db/types.ts';
import type { Insertable, Selectable } from 'kysely';

export type BrandingRow = Selectable<BrandingTable>;

export function brandingRepository(db: Kysely<DB>) {
  return {
    get(host: string): Promise<BrandingRow | undefined> {
      return db.selectFrom('branding').selectAll().where('host', '=', host).executeTakeFirst();
    },
    list(): Promise<BrandingRow[]> {
      return db.selectFrom('branding').selectAll().orderBy('host').execute();
    },
    async upsert(values: Insertable<BrandingTable>): Promise<void> {
      await db
        .insertInto('branding')
        .values(values)
        .onConflict((oc) =>
          oc.column('host').doUpdateSet({
            title: (eb) => eb.ref('excluded.title'),
            login_text: (eb) => eb.ref('excluded.login_text'),
            url: (eb) => eb.ref('excluded.url'),
            copyright_text: (eb) => eb.ref('excluded.copyright_text'),
            gdpr_url: (eb) => eb.ref('excluded.gdpr_url'),
            cookie_url: (eb) => eb.ref('excluded.cookie_url'),
            logo: (eb) => eb.ref('excluded.logo'),
            favicon: (eb) => eb.ref('excluded.favicon'),
            colors: (eb) => eb.ref('excluded.colors'),
            modified_at: sql<Date>`now()`,
          }),
        )
        .execute();
    },
    async delete(host: string): Promise<boolean> {
      const result = await db.deleteFrom('branding').where('host', '=', host).executeTakeFirst();
      return Number(result.numDeletedRows) > 0;
    },
  };
}
