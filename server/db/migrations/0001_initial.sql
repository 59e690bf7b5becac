-- Nordlys schema, shared by PGlite and PostgreSQL.
-- Organisations form a tree; everything a tenant owns hangs off an organisation.

create table user_groups (
  id integer primary key,
  name text not null unique
);
insert into user_groups (id, name) values (1, 'superuser'), (2, 'accountmanager'), (3, 'user');

create table organisations (
  uuid uuid primary key default gen_random_uuid(),
  name text not null,
  nickname text,
  parent_uuid uuid references organisations (uuid) on delete restrict,
  address text,
  zip text,
  city text,
  region text,
  country text,
  website text,
  tax_number text,
  ean_number text,
  phone text,
  time_zone text not null default 'Europe/Copenhagen',
  metadata jsonb not null default '{}'::jsonb,
  created_at timestamptz not null default now(),
  modified_at timestamptz not null default now(),
  constraint organisations_not_own_parent check (parent_uuid is null or parent_uuid <> uuid)
);
create index organisations_parent_idx on organisations (parent_uuid);
create index organisations_name_idx on organisations (lower(name) text_pattern_ops);

create table users (
  uuid uuid primary key default gen_random_uuid(),
  email text not null,
  username text not null,
  first_name text not null default '',
  last_name text not null default '',
  org_uuid uuid not null references organisations (uuid) on delete restrict,
  group_id integer not null default 3 references user_groups (id),
  role text,
  phone text,
  mobile text,
  language text not null default 'da' check (language in ('da', 'en')),
  bio text,
  birthday date,
  position text,
  location text,
  tags jsonb not null default '[]'::jsonb,
  newsletter boolean not null default false,
  social jsonb not null default '{}'::jsonb,
  img text,
  recovery_email text,
  active boolean not null default false,
  password_hash text,
  failed_logins integer not null default 0,
  login_suspended_until timestamptz,
  internal jsonb not null default '{}'::jsonb,
  created_at timestamptz not null default now(),
  modified_at timestamptz not null default now(),
  last_sign_in_at timestamptz
);
create unique index users_email_key on users (lower(email));
create unique index users_username_key on users (lower(username));
create index users_org_idx on users (org_uuid);
create index users_name_idx on users (lower(first_name || ' ' || last_name) text_pattern_ops);

-- Opaque session tokens: only a SHA-256 hash is stored.
create table sessions (
  token_hash text primary key,
  user_uuid uuid not null references users (uuid) on delete cascade,
  created_at timestamptz not null default now(),
  expires_at timestamptz not null,
  last_seen_at timestamptz not null default now(),
  ip text,
  user_agent text
);
create index sessions_user_idx on sessions (user_uuid);
create index sessions_expiry_idx on sessions (expires_at);

-- Single-use links sent by e-mail (password reset, account confirmation).
create table user_tokens (
  token_hash text primary key,
  user_uuid uuid not null references users (uuid) on delete cascade,
  purpose text not null check (purpose in ('reset', 'confirm')),
  created_at timestamptz not null default now(),
  expires_at timestamptz not null,
  used_at timestamptz
);
create index user_tokens_user_idx on user_tokens (user_uuid);

create table cloud_functions (
  id bigint generated always as identity primary key,
  uuid uuid not null unique default gen_random_uuid(),
  name text not null,
  description text,
  code text not null default '',
  type text not null check (type in ('decoder', 'external', 'function', 'inbound', 'outbound')),
  org_uuid uuid not null references organisations (uuid) on delete restrict,
  data_keys jsonb not null default '[]'::jsonb,
  metadata jsonb not null default '[]'::jsonb,
  data_type text not null default 'timeseries' check (data_type in ('average', 'timeseries')),
  created_at timestamptz not null default now(),
  modified_at timestamptz not null default now()
);
create index cloud_functions_org_idx on cloud_functions (org_uuid);
create index cloud_functions_name_idx on cloud_functions (lower(name) text_pattern_ops);

create table registries (
  id bigint generated always as identity primary key,
  uuid uuid not null unique default gen_random_uuid(),
  name text not null,
  description text,
  protocol text not null default 'mqtt' check (protocol in ('http', 'mqtt', 'none')),
  region text not null default 'europe',
  org_uuid uuid not null references organisations (uuid) on delete restrict,
  created_at timestamptz not null default now(),
  modified_at timestamptz not null default now()
);
create index registries_org_idx on registries (org_uuid);
create index registries_name_idx on registries (lower(name) text_pattern_ops);

create table device_types (
  id bigint generated always as identity primary key,
  uuid uuid not null unique default gen_random_uuid(),
  name text not null,
  description text,
  org_uuid uuid not null references organisations (uuid) on delete restrict,
  metadata jsonb not null default '{}'::jsonb,
  decoder_function_id bigint references cloud_functions (id) on delete set null,
  -- [{key, name, type: array|boolean|integer|string|value, value}]
  structure jsonb not null default '[]'::jsonb,
  created_at timestamptz not null default now(),
  modified_at timestamptz not null default now()
);
create index device_types_org_idx on device_types (org_uuid);
create index device_types_name_idx on device_types (lower(name) text_pattern_ops);

create table projects (
  id bigint generated always as identity primary key,
  uuid uuid not null unique default gen_random_uuid(),
  title text not null,
  description text,
  start_date date not null,
  end_date date not null,
  org_uuid uuid not null references organisations (uuid) on delete restrict,
  -- {firstName, lastName, email, phone}
  contact jsonb not null default '{}'::jsonb,
  created_at timestamptz not null default now(),
  modified_at timestamptz not null default now(),
  constraint projects_dates check (start_date <= end_date)
);
create index projects_org_idx on projects (org_uuid);
create index projects_title_idx on projects (lower(title) text_pattern_ops);

create table devices (
  id bigint generated always as identity primary key,
  uuid uuid not null unique default gen_random_uuid(),
  name text not null,
  unique_name text,
  description text,
  address text,
  lat double precision,
  lng double precision,
  loc_type text not null default 'unspecified' check (loc_type in (
    'crossroads', 'motorway', 'office', 'park', 'path', 'pedestrianstreet',
    'port', 'road', 'square', 'unspecified')),
  org_uuid uuid not null references organisations (uuid) on delete restrict,
  project_id bigint references projects (id) on delete set null,
  registry_id bigint references registries (id) on delete set null,
  device_type_id bigint references device_types (id) on delete set null,
  status text not null default 'none' check (status in ('green', 'yellow', 'red', 'none')),
  availability text not null default 'free' check (availability in ('free', 'busy')),
  communication boolean not null default true,
  -- model, cellNumber, simId, simProvider, modemModel, modemImei, memory,
  -- memoryModel, adapter, wifiModule, cpuTemperature
  hardware jsonb not null default '{}'::jsonb,
  -- [{key, name, type, unit, inherited}]
  data_keys jsonb not null default '[]'::jsonb,
  -- [{key, name, expression, unit}]
  synthetic_keys jsonb not null default '[]'::jsonb,
  metadata jsonb not null default '{}'::jsonb,
  -- {deviceIdField, topic, host, user, password, wlHost}
  mqtt_forward jsonb,
  calibrated boolean not null default false,
  -- {type: count|time, value, reminderMonths, calibratedAt}
  calibration jsonb not null default '{}'::jsonb,
  -- {version, history: [{version, installedAt}]}
  firmware jsonb not null default '{}'::jsonb,
  last_data_at timestamptz,
  last_connection_at timestamptz,
  created_at timestamptz not null default now(),
  modified_at timestamptz not null default now()
);
create unique index devices_unique_name_key on devices (lower(unique_name)) where unique_name is not null;
create index devices_org_idx on devices (org_uuid, lower(name));
create index devices_registry_idx on devices (registry_id);
create index devices_type_idx on devices (device_type_id);
create index devices_project_idx on devices (project_id);
create index devices_name_idx on devices (lower(name) text_pattern_ops);

-- The ordered decoder pipeline of a device.
create table device_functions (
  device_id bigint not null references devices (id) on delete cascade,
  position integer not null,
  function_id bigint not null references cloud_functions (id) on delete cascade,
  primary key (device_id, position)
);
create index device_functions_function_idx on device_functions (function_id);

create table device_pictures (
  id bigint generated always as identity primary key,
  uuid uuid not null unique default gen_random_uuid(),
  device_id bigint not null references devices (id) on delete cascade,
  file_name text not null,
  content_type text not null,
  size_bytes integer not null,
  storage_key text not null,
  created_by uuid references users (uuid) on delete set null,
  created_at timestamptz not null default now()
);
create index device_pictures_device_idx on device_pictures (device_id);

create table data_collections (
  id bigint generated always as identity primary key,
  uuid uuid not null unique default gen_random_uuid(),
  name text not null,
  description text,
  org_uuid uuid not null references organisations (uuid) on delete restrict,
  project_id bigint references projects (id) on delete set null,
  device_id bigint references devices (id) on delete set null,
  device_start_date timestamptz,
  state text not null default 'active' check (state in ('active', 'inactive')),
  end_of_service date,
  created_at timestamptz not null default now(),
  modified_at timestamptz not null default now()
);
create index data_collections_org_idx on data_collections (org_uuid);
create index data_collections_project_idx on data_collections (project_id);
create index data_collections_device_idx on data_collections (device_id);
create index data_collections_name_idx on data_collections (lower(name) text_pattern_ops);

-- API tokens: the secret is shown once; only its SHA-256 hash is stored.
create table api_tokens (
  id bigint generated always as identity primary key,
  uuid uuid not null unique default gen_random_uuid(),
  label text not null,
  type text not null check (type in ('general', 'device', 'devicetype', 'registry')),
  -- the id of the device, device type or registry a scoped token is bound to
  reference bigint,
  secret_hash text not null unique,
  org_uuid uuid not null references organisations (uuid) on delete cascade,
  created_by uuid references users (uuid) on delete set null,
  created_at timestamptz not null default now(),
  calls bigint not null default 0,
  last_call_at timestamptz,
  constraint api_tokens_reference check ((type = 'general') = (reference is null))
);
create index api_tokens_org_idx on api_tokens (org_uuid);

-- Every packet a device sends, as received.
create table messages (
  id bigint generated always as identity primary key,
  device_id bigint not null references devices (id) on delete cascade,
  registry_id bigint references registries (id) on delete set null,
  received_at timestamptz not null default now(),
  topic text,
  payload text not null,
  payload_encoding text not null default 'utf8' check (payload_encoding in ('utf8', 'base64'))
);
create index messages_device_time_idx on messages (device_id, received_at desc);
create index messages_time_idx on messages (received_at desc);

-- Time series: one point per (device, key, time). Partitioned by month so that
-- years of data stay fast and old months can be dropped whole. Partitions are
-- created on demand by the data repository (ensure_device_data_partition).
create table device_data (
  device_id bigint not null,
  key text not null,
  time timestamptz not null,
  value double precision,
  text_value text,
  primary key (device_id, key, time)
) partition by range (time);

create function ensure_device_data_partition(month_start timestamptz) returns void
language plpgsql as $$
declare
  first_day timestamptz := date_trunc('month', month_start at time zone 'UTC') at time zone 'UTC';
  next_day timestamptz := first_day + interval '1 month';
  partition_name text := 'device_data_' || to_char(first_day at time zone 'UTC', 'YYYY_MM');
begin
  if to_regclass(partition_name) is null then
    execute format(
      'create table if not exists %I partition of device_data for values from (%L) to (%L)',
      partition_name, first_day, next_day);
  end if;
end;
$$;

-- White-label branding, chosen by the host name the console is opened on.
create table branding (
  host text primary key,
  title text,
  login_text text,
  url text,
  copyright_text text,
  gdpr_url text,
  cookie_url text,
  logo text,
  favicon text,
  colors jsonb not null default '{}'::jsonb,
  created_at timestamptz not null default now(),
  modified_at timestamptz not null default now()
);
