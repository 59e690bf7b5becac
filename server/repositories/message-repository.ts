import { sql, type Kysely, type RawBuilder, type SqlBool } from 'kysely';
import type { DB } from '../db/types.ts';
import {
  contains,
  inOrgs,
  nameKey,
  orderBy,
  type PageOf,
  type PageRequest,
  type Sort,
  type SortSpec,
} from './list-query.ts';

export type MessageSortKey = 'id' | 'receivedAt' | 'deviceName' | 'registryName';
export const messageSorts: Record<MessageSortKey, SortSpec> = {
  id: { expression: sql`m.id` },
  receivedAt: { expression: sql`m.received_at` },
  deviceName: { expression: nameKey('d.name') },
  registryName: { expression: nameKey('r.name'), nullable: true },
};

export interface MessageFilter {
  /** Organisations (of the devices) to list from; null: all. */
  orgs: string[] | null;
  /** Case-insensitive, anywhere in the device or registry name. */
  search?: string;
  deviceId?: number;
  registryId?: number;
}

export interface MessageRow {
  id: number;
  device_id: number;
  device_name: string;
  registry_id: number | null;
  registry_name: string | null;
  received_at: Date;
  topic: string | null;
  payload: string;
  payload_encoding: 'utf8' | 'base64';
}

export function messageRepository(db: Kysely<DB>) {
  const select = () =>
    db
      .selectFrom('messages as m')
      .innerJoin('devices as d', 'd.id', 'm.device_id')
      .leftJoin('registries as r', 'r.id', 'm.registry_id')
      .select([
        'm.id',
        'm.device_id',
        'd.name as device_name',
        'm.registry_id',
        'r.name as registry_name',
        'm.received_at',
        'm.topic',
        'm.payload',
        'm.payload_encoding',
      ]);

  const conditions = (filter: MessageFilter): RawBuilder<SqlBool>[] => {
    const where: RawBuilder<SqlBool>[] = [];
    if (filter.orgs) where.push(inOrgs('d.org_uuid', filter.orgs));
    if (filter.search) {
      where.push(
        sql<SqlBool>`(${contains('d.name', filter.search)} or ${contains('r.name', filter.search)})`,
      );
    }
    if (filter.deviceId !== undefined) where.push(sql<SqlBool>`m.device_id = ${filter.deviceId}`);
    if (filter.registryId !== undefined)
      where.push(sql<SqlBool>`m.registry_id = ${filter.registryId}`);
    return where;
  };

  return {
    async list(
      filter: MessageFilter,
      sort: Sort<MessageSortKey>,
      page: PageRequest,
    ): Promise<PageOf<MessageRow>> {
      if (filter.orgs?.length === 0) return { rows: [], total: 0 };
      const where = conditions(filter);
      const base = () =>
        db
          .selectFrom('messages as m')
          .innerJoin('devices as d', 'd.id', 'm.device_id')
          .leftJoin('registries as r', 'r.id', 'm.registry_id');
      const [rows, count] = await Promise.all([
        where
          .reduce((q, c) => q.where(c), select())
          .orderBy(orderBy(messageSorts[sort.key], sort.direction, 'm.id'))
          .limit(page.pageSize)
          .offset((page.page - 1) * page.pageSize)
          .execute(),
        where
          .reduce((q, c) => q.where(c), base().select(sql<number>`count(*)`.as('n')))
          .executeTakeFirstOrThrow(),
      ]);
      return { rows, total: Number(count.n) };
    },

    get(id: number): Promise<MessageRow | undefined> {
      return select().where('m.id', '=', id).executeTakeFirst();
    },

    /** The organisation of the device that sent the message. */
    async orgOf(id: number): Promise<string | undefined> {
      const row = await db
        .selectFrom('messages as m')
        .innerJoin('devices as d', 'd.id', 'm.device_id')
        .select('d.org_uuid')
        .where('m.id', '=', id)
        .executeTakeFirst();
      return row?.org_uuid;
    },

    /** A device's messages received in [from, to], newest first. */
    ofDevice(deviceId: number, from: Date, to: Date, limit: number): Promise<MessageRow[]> {
      return select()
        .where('m.device_id', '=', deviceId)
        .where('m.received_at', '>=', from)
        .where('m.received_at', '<=', to)
        .orderBy('m.received_at', 'desc')
        .orderBy('m.id', 'desc')
        .limit(limit)
        .execute();
    },
  };
}
