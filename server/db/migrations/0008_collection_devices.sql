-- Which device measured for a data collection, and when (spec §4 Assignment:
-- device to and from data collection). The collection's `device_id` and
-- `device_start_date` are the open period; every period, open or closed, is a
-- row here, so a collection's data is read from the right device for each
-- stretch of time. A device measures for at most one collection at a time.
create table collection_devices (
  id bigint generated always as identity primary key,
  collection_id bigint not null references data_collections (id) on delete cascade,
  device_id bigint not null references devices (id) on delete cascade,
  started_at timestamptz not null,
  ended_at timestamptz,
  constraint collection_devices_period check (ended_at is null or started_at <= ended_at)
);
create index collection_devices_collection_idx on collection_devices (collection_id, started_at);
create index collection_devices_device_idx on collection_devices (device_id);
create unique index collection_devices_open_collection on collection_devices (collection_id)
  where ended_at is null;
create unique index collection_devices_open_device on collection_devices (device_id)
  where ended_at is null;

-- A collection that already names a device gets its open period.
insert into collection_devices (collection_id, device_id, started_at)
select id, device_id, coalesce(device_start_date, created_at)
from data_collections
where device_id is not null;
