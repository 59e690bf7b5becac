-- History of device data at hourly and coarser granularity without reading
-- every raw point: an hourly rollup of the numeric values of device_data.
--
-- The rollup is kept by statement-level triggers with transition tables, so a
-- batched insert costs one aggregate over its own rows. Inserts merge into the
-- hour (count, sum, min, max, first and last time); updates and deletes, which
-- cannot be merged (a minimum cannot be taken back), recompute the hours they
-- touched from device_data. The statements must target device_data itself, not
-- one of its partitions (statement triggers fire on the table named).
-- Hours are UTC hours; history buckets of an hour or more are built from them
-- when the organisation's time zone is a whole number of hours from UTC.

create table device_data_hourly (
  device_id bigint not null,
  key text not null,
  hour timestamptz not null,
  count integer not null,
  sum double precision not null,
  min double precision not null,
  max double precision not null,
  first_time timestamptz not null,
  last_time timestamptz not null,
  primary key (device_id, key, hour)
);

create function device_data_hour(t timestamptz) returns timestamptz
language sql immutable parallel safe as $$
  select date_bin('1 hour', t, timestamptz '2000-01-01 00:00:00+00')
$$;

create function device_data_hourly_merge() returns trigger
language plpgsql as $$
begin
  insert into device_data_hourly as h
    (device_id, key, hour, count, sum, min, max, first_time, last_time)
  select device_id, key, device_data_hour(time), count(*), sum(value), min(value), max(value),
    min(time), max(time)
  from inserted_rows
  where value is not null
  group by 1, 2, 3
  on conflict (device_id, key, hour) do update set
    count = h.count + excluded.count,
    sum = h.sum + excluded.sum,
    min = least(h.min, excluded.min),
    max = greatest(h.max, excluded.max),
    first_time = least(h.first_time, excluded.first_time),
    last_time = greatest(h.last_time, excluded.last_time);
  return null;
end;
$$;

-- Recomputes the rollup of the given (device, key, hour)s from device_data.
create function device_data_hourly_recompute(devices bigint[], keys text[], hours timestamptz[])
returns void
language sql as $$
  with touched as (
    select distinct * from unnest(devices, keys, hours) as t (device_id, key, hour)
  ),
  fresh as (
    select t.device_id, t.key, t.hour, count(*)::integer as count, sum(d.value) as sum,
      min(d.value) as min, max(d.value) as max, min(d.time) as first_time, max(d.time) as last_time
    from touched t
    join device_data d on d.device_id = t.device_id and d.key = t.key
      and d.time >= t.hour and d.time < t.hour + interval '1 hour'
    where d.value is not null
    group by t.device_id, t.key, t.hour
  ),
  emptied as (
    delete from device_data_hourly h
    using touched t
    where h.device_id = t.device_id and h.key = t.key and h.hour = t.hour
      and not exists (
        select 1 from fresh f where f.device_id = t.device_id and f.key = t.key and f.hour = t.hour)
  )
  insert into device_data_hourly as h
    (device_id, key, hour, count, sum, min, max, first_time, last_time)
  select device_id, key, hour, count, sum, min, max, first_time, last_time from fresh
  on conflict (device_id, key, hour) do update set
    count = excluded.count, sum = excluded.sum, min = excluded.min, max = excluded.max,
    first_time = excluded.first_time, last_time = excluded.last_time;
$$;

create function device_data_hourly_after_update() returns trigger
language plpgsql as $$
begin
  perform device_data_hourly_recompute(array_agg(device_id), array_agg(key), array_agg(hour))
  from (
    select device_id, key, device_data_hour(time) as hour from old_rows
    union
    select device_id, key, device_data_hour(time) from new_rows
  ) touched;
  return null;
end;
$$;

create function device_data_hourly_after_delete() returns trigger
language plpgsql as $$
begin
  perform device_data_hourly_recompute(array_agg(device_id), array_agg(key), array_agg(hour))
  from (select distinct device_id, key, device_data_hour(time) as hour from old_rows) touched;
  return null;
end;
$$;

create function device_data_hourly_after_truncate() returns trigger
language plpgsql as $$
begin
  truncate device_data_hourly;
  return null;
end;
$$;

create trigger device_data_hourly_insert after insert on device_data
  referencing new table as inserted_rows
  for each statement execute function device_data_hourly_merge();
create trigger device_data_hourly_update after update on device_data
  referencing old table as old_rows new table as new_rows
  for each statement execute function device_data_hourly_after_update();
create trigger device_data_hourly_delete after delete on device_data
  referencing old table as old_rows
  for each statement execute function device_data_hourly_after_delete();
create trigger device_data_hourly_truncate after truncate on device_data
  for each statement execute function device_data_hourly_after_truncate();

-- Data stored before this migration.
insert into device_data_hourly (device_id, key, hour, count, sum, min, max, first_time, last_time)
select device_id, key, device_data_hour(time), count(*), sum(value), min(value), max(value),
  min(time), max(time)
from device_data
where value is not null
group by 1, 2, 3;
