-- Dashboards (spec §3 Dashboard), one row each, owned by one user. The id is
-- the slug of the name and six random characters; it is unique per owner, so
-- two users may hold dashboards of the same id (an import keeps nobody else's
-- id from being used, and no answer tells whether another user has one).
-- `org_uuid` is the owner's organisation: it follows the user when they move.
create table dashboards (
  owner_uuid uuid not null references users (uuid) on delete cascade,
  id text not null,
  org_uuid uuid not null references organisations (uuid),
  name text not null,
  color text not null default 'teal',
  description text,
  graphs jsonb not null default '[]'::jsonb,
  -- Grows by one with every save; a save names the version it started from.
  version integer not null default 1,
  -- The clock, not the transaction's start: dashboards made together keep their order.
  created_at timestamptz not null default clock_timestamp(),
  modified_at timestamptz not null default clock_timestamp(),
  primary key (owner_uuid, id)
);
create index dashboards_org_idx on dashboards (org_uuid);

-- A user moved to another organisation takes their dashboards along.
create function dashboards_follow_owner() returns trigger language plpgsql as $$
begin
  update dashboards set org_uuid = new.org_uuid where owner_uuid = new.uuid;
  return null;
end;
$$;
create trigger users_dashboards_follow
  after update of org_uuid on users
  for each row when (old.org_uuid is distinct from new.org_uuid)
  execute function dashboards_follow_owner();

-- Dashboards kept in users' own stores until now become rows; the store keeps
-- settings and favourites. An id the rule refuses gets a fresh one.
insert into dashboards (owner_uuid, id, org_uuid, name, color, description, graphs)
select u.uuid,
       case
         when coalesce(d->>'id', '') ~ '^[a-z0-9][a-z0-9-]*$' and length(d->>'id') <= 120
           then d->>'id'
         else 'dashboard-' || substr(md5(u.uuid::text || n::text), 1, 6)
       end,
       u.org_uuid,
       coalesce(nullif(btrim(d->>'name'), ''), 'My Dashboard'),
       coalesce(nullif(d->>'color', ''), 'teal'),
       d->>'description',
       case when jsonb_typeof(d->'graphs') = 'array' then d->'graphs' else '[]'::jsonb end
from users u,
     jsonb_array_elements(
       case when jsonb_typeof(u.internal->'dashboards') = 'array'
         then u.internal->'dashboards' else '[]'::jsonb end
     ) with ordinality as e(d, n)
where jsonb_typeof(d) = 'object'
on conflict do nothing;

update users set internal = internal - 'dashboards' where internal ? 'dashboards';
