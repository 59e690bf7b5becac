-- Indexes for list pages and search suggestions (100,000 devices and more).
--
-- Lists filter by organisation (and often by registry or device type), sort by
-- name and page with the id as tie-break; suggestions are a case-insensitive
-- prefix match. Names are compared as lower(name) collate "C": one index on that
-- expression then serves both the ORDER BY and the LIKE 'prefix%' range, and the
-- order is the same on every server whatever its locale (PGlite runs in "C").

-- Devices: a page sorted by name, in the caller's organisations or (super users)
-- in all. The page is found on these indexes alone (index-only scans): they carry
-- every column a list filters on, so rows that do not match are skipped without
-- reading the table. `name` itself is included because PostgreSQL answers
-- lower(name) from an index only when the column is in it too.
create index devices_org_name_idx on devices (org_uuid, (lower(name) collate "C"), id)
  include (name, unique_name, status, calibrated, communication, loc_type,
    registry_id, device_type_id, project_id);
create index devices_name_sort_idx on devices ((lower(name) collate "C"), id)
  include (name, unique_name, org_uuid, status, calibrated, communication, loc_type,
    registry_id, device_type_id, project_id);
-- The devices of one registry or device type, by name (also serves "still in use").
create index devices_registry_name_idx on devices (registry_id, (lower(name) collate "C"), id);
create index devices_type_name_idx on devices (device_type_id, (lower(name) collate "C"), id);
-- Newest (or oldest) first, everywhere and per organisation.
create index devices_created_idx on devices (created_at, id);
create index devices_org_created_idx on devices (org_uuid, created_at, id);
-- A filtered page in a few organisations: the matching rows by bitmap, then a
-- top-N sort of their keys, rather than walking the name index past non-matches.
create index devices_org_status_idx on devices (org_uuid, status);
-- Suggestions also match the unique name by prefix.
create index devices_unique_name_prefix_idx on devices ((lower(unique_name) collate "C"), id)
  where unique_name is not null;
-- The new indexes lead with the same columns, so these are redundant.
drop index devices_org_idx;
drop index devices_registry_idx;
drop index devices_type_idx;

create index registries_org_name_idx on registries (org_uuid, (lower(name) collate "C"), id);
create index device_types_org_name_idx on device_types (org_uuid, (lower(name) collate "C"), id);
create index device_types_decoder_idx on device_types (decoder_function_id);
create index cloud_functions_org_name_idx on cloud_functions (org_uuid, (lower(name) collate "C"), id);

-- Search suggestions of the other groups.
create index projects_title_prefix_idx on projects ((lower(title) collate "C"), id);
create index data_collections_name_prefix_idx on data_collections ((lower(name) collate "C"), id);
create index organisations_name_prefix_idx on organisations ((lower(name) collate "C"));
create index users_name_prefix_idx on users ((lower(first_name || ' ' || last_name) collate "C"));
create index users_email_prefix_idx on users ((lower(email) collate "C"));
