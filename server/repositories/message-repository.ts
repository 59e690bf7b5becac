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

/** Packets one answer carries whole, at most (docs/ingest.md). */
export const PAGE_PAYLOAD_BUDGET_BYTES = 1024 * 1024;
/** What is left of a packet beyond the budget: its first characters. */
export const PAYLOAD_PREVIEW_CHARS = 1024;

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
  /** The payload is only its first PAYLOAD_PREVIEW_CHARS characters. */
  truncated: boolean;
}

interface PreviewRow extends Omit<MessageRow, 'truncated'> {
  chars: number;
  bytes: number;
}

export function messageRepository(db: Kysely<DB>) {
  const columns = [
    'm.id',
    'm.device_id',
    'd.name as device_name',
    'm.registry_id',
    'r.name as registry_name',
    'm.received_at',
    'm.topic',
    'm.payload_encoding',
  ] as const;
  const from = () =>
    db
      .selectFrom('messages as m')
      .innerJoin('devices as d', 'd.id', 'm.device_id')
      .leftJoin('registries as r', 'r.id', 'm.registry_id');
  /** Rows with their whole payload (one message). */
  const select = () => from().select([...columns, 'm.payload']);
  /** Rows of a page: a preview of each payload and its size, so no page reads every packet whole. */
  const selectPreviews = () =>
    from().select([
      ...columns,
      sql<string>`substr(m.payload, 1, ${sql.lit(PAYLOAD_PREVIEW_CHARS)})`.as('payload'),
      sql<number>`char_length(m.payload)`.as('chars'),
      sql<number>`octet_length(m.payload)`.as('bytes'),
    ]);

  /**
   * A page's rows within the payload budget: whole packets in order while
   * they fit, the preview of each one after; the whole ones fetched in one
   * more query.
   */
  async function withinBudget(previews: PreviewRow[]): Promise<MessageRow[]> {
    let left = PAGE_PAYLOAD_BUDGET_BYTES;
    let whole = true;
    const rows = previews.map(({ chars, bytes, ...row }) => {
      whole = whole && Number(bytes) <= left;
      if (whole) left -= Number(bytes);
      return { row: { ...row, truncated: !whole && Number(chars) > PAYLOAD_PREVIEW_CHARS }, chars };
    });
    const missing = rows
      .filter(({ row, chars }) => !row.truncated && Number(chars) > PAYLOAD_PREVIEW_CHARS)
      .map(({ row }) => row.id);
    if (missing.length > 0) {
      const full = await db
        .selectFrom('messages')
        .select(['id', 'payload'])
        .where('id', 'in', missing)
        .execute();
      const byId = new Map(full.map((row) => [row.id, row.payload]));
      for (const { row } of rows) row.payload = byId.get(row.id) ?? row.payload;
    }
    return rows.map(({ row }) => row);
  }

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
          .reduce((q, c) => q.where(c), selectPreviews())
          .orderBy(orderBy(messageSorts[sort.key], sort.direction, 'm.id'))
          .limit(page.pageSize)
          .offset((page.page - 1) * page.pageSize)
          .execute()
          .then(withinBudget),
        where
          .reduce((q, c) => q.where(c), base().select(sql<number>`count(*)`.as('n')))
          .executeTakeFirstOrThrow(),
      ]);
      return { rows, total: Number(count.n) };
    },

    async get(id: number): Promise<MessageRow | undefined> {
      const row = await select().where('m.id', '=', id).executeTakeFirst();
      return row && { ...row, truncated: false };
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

    /** A device's messages received in [from, to], newest first, within the payload budget. */
    async ofDevice(deviceId: number, from: Date, to: Date, limit: number): Promise<MessageRow[]> {
      const previews = await selectPreviews()
        .where('m.device_id', '=', deviceId)
        .where('m.received_at', '>=', from)
        .where('m.received_at', '<=', to)
        .orderBy('m.received_at', 'desc')
        .orderBy('m.id', 'desc')
        .limit(limit)
        .execute();
      return withinBudget(previews);
    },
  };
}
