import type { DeviceStatus, LocationType } from '../../contracts/device.ts';
import type { ColumnType, Generated, Insertable, Selectable, Updateable } from 'kysely';

/** Row types of the tables in migrations/; keep them in step with the SQL. */
type Timestamp = ColumnType<Date, Date | string, Date | string>;
type CreatedAt = ColumnType<Date, Date | string | undefined, Date | string>;
// jsonb columns are written as JSON text (see json.ts): node-postgres would
// send a JavaScript array as a PostgreSQL array, not as JSON.
type Json<T> = ColumnType<T, JsonText<T>, JsonText<T>>;
type JsonDefault<T> = ColumnType<T, JsonText<T> | undefined, JsonText<T>>;

/** JSON text that remembers what it encodes. */
export type JsonText<T> = string & { readonly __json?: T };

export type JsonValue = unknown;
export type JsonObject = Record<string, unknown>;

export interface UserGroupsTable {
  id: number;
  name: string;
}

export interface OrganisationsTable {
  uuid: Generated<string>;
  name: string;
  nickname: string | null;
  parent_uuid: string | null;
  address: string | null;
  zip: string | null;
  city: string | null;
  region: string | null;
  country: string | null;
  website: string | null;
  tax_number: string | null;
  ean_number: string | null;
  phone: string | null;
  time_zone: Generated<string>;
  metadata: JsonDefault<JsonObject>;
  created_at: CreatedAt;
  modified_at: CreatedAt;
}

export interface UsersTable {
  uuid: Generated<string>;
  email: string;
  username: string;
  first_name: Generated<string>;
  last_name: Generated<string>;
  org_uuid: string;
  group_id: Generated<number>;
  role: string | null;
  phone: string | null;
  mobile: string | null;
  language: Generated<'da' | 'en'>;
  bio: string | null;
  birthday: string | null;
  position: string | null;
  location: string | null;
  tags: JsonDefault<string[]>;
  newsletter: Generated<boolean>;
  social: JsonDefault<Record<string, string>>;
  img: string | null;
  recovery_email: string | null;
  active: Generated<boolean>;
  password_hash: string | null;
  confirmed_at: Timestamp | null;
  failed_logins: Generated<number>;
  login_suspended_until: Timestamp | null;
  internal: JsonDefault<JsonObject>;
  created_at: CreatedAt;
  modified_at: CreatedAt;
  last_sign_in_at: Timestamp | null;
}

export interface SessionsTable {
  token_hash: string;
  user_uuid: string;
  created_at: CreatedAt;
  expires_at: Timestamp;
  last_seen_at: CreatedAt;
  ip: string | null;
  user_agent: string | null;
}

export interface SignInFailuresTable {
  user_uuid: string | null;
  address: string;
  at: CreatedAt;
}

export interface SignInAddressesTable {
  user_uuid: string;
  address: string;
  last_success_at: CreatedAt;
}

export interface UserTokensTable {
  token_hash: string;
  user_uuid: string;
  purpose: 'reset' | 'confirm';
  created_at: CreatedAt;
  expires_at: Timestamp;
  used_at: Timestamp | null;
}

export type CloudFunctionType = 'decoder' | 'external' | 'function' | 'inbound' | 'outbound';

export interface CloudFunctionsTable {
  id: Generated<number>;
  uuid: Generated<string>;
  name: string;
  description: string | null;
  code: Generated<string>;
  type: CloudFunctionType;
  org_uuid: string;
  data_keys: JsonDefault<JsonValue[]>;
  metadata: JsonDefault<JsonValue[]>;
  data_type: Generated<'average' | 'timeseries'>;
  created_at: CreatedAt;
  modified_at: CreatedAt;
}

export interface RegistriesTable {
  id: Generated<number>;
  uuid: Generated<string>;
  name: string;
  description: string | null;
  protocol: Generated<'http' | 'mqtt' | 'none'>;
  region: Generated<string>;
  org_uuid: string;
  created_at: CreatedAt;
  modified_at: CreatedAt;
}

export interface DeviceTypeKey {
  key: string;
  name: string;
  type: 'array' | 'boolean' | 'integer' | 'string' | 'value';
  value?: string;
}

export interface DeviceTypesTable {
  id: Generated<number>;
  uuid: Generated<string>;
  name: string;
  description: string | null;
  org_uuid: string;
  metadata: JsonDefault<JsonObject>;
  decoder_function_id: number | null;
  structure: JsonDefault<DeviceTypeKey[]>;
  created_at: CreatedAt;
  modified_at: CreatedAt;
}

export interface ProjectsTable {
  id: Generated<number>;
  uuid: Generated<string>;
  title: string;
  description: string | null;
  start_date: string;
  end_date: string;
  org_uuid: string;
  contact: JsonDefault<JsonObject>;
  created_at: CreatedAt;
  modified_at: CreatedAt;
}

export type { DeviceStatus };

export interface DevicesTable {
  id: Generated<number>;
  uuid: Generated<string>;
  name: string;
  unique_name: string | null;
  description: string | null;
  address: string | null;
  lat: number | null;
  lng: number | null;
  loc_type: Generated<LocationType>;
  org_uuid: string;
  project_id: number | null;
  registry_id: number | null;
  device_type_id: number | null;
  status: Generated<DeviceStatus>;
  availability: Generated<'free' | 'busy'>;
  communication: Generated<boolean>;
  hardware: JsonDefault<JsonObject>;
  data_keys: JsonDefault<JsonValue[]>;
  synthetic_keys: JsonDefault<JsonValue[]>;
  metadata: JsonDefault<JsonObject>;
  mqtt_forward: Json<JsonObject> | null;
  calibrated: Generated<boolean>;
  calibration: JsonDefault<JsonObject>;
  firmware: JsonDefault<JsonObject>;
  last_data_at: Timestamp | null;
  last_connection_at: Timestamp | null;
  created_at: CreatedAt;
  modified_at: CreatedAt;
}

export interface DeviceFunctionsTable {
  device_id: number;
  position: number;
  function_id: number;
}

export interface DevicePicturesTable {
  id: Generated<number>;
  uuid: Generated<string>;
  device_id: number;
  file_name: string;
  content_type: string;
  size_bytes: number;
  storage_key: string;
  created_by: string | null;
  created_at: CreatedAt;
}

export interface DataCollectionsTable {
  id: Generated<number>;
  uuid: Generated<string>;
  name: string;
  description: string | null;
  org_uuid: string;
  project_id: number | null;
  device_id: number | null;
  device_start_date: Timestamp | null;
  state: Generated<'active' | 'inactive'>;
  end_of_service: string | null;
  created_at: CreatedAt;
  modified_at: CreatedAt;
}

export interface CollectionDevicesTable {
  id: Generated<number>;
  collection_id: number;
  device_id: number;
  started_at: Timestamp;
  ended_at: Timestamp | null;
}

export type ApiTokenType = 'general' | 'device' | 'devicetype' | 'registry';

export interface ApiTokensTable {
  id: Generated<number>;
  uuid: Generated<string>;
  label: string;
  type: ApiTokenType;
  reference: number | null;
  secret_hash: string;
  org_uuid: string;
  created_by: string | null;
  created_at: CreatedAt;
  calls: Generated<number>;
  last_call_at: Timestamp | null;
}

export interface MessagesTable {
  id: Generated<number>;
  device_id: number;
  registry_id: number | null;
  received_at: CreatedAt;
  topic: string | null;
  payload: string;
  payload_encoding: Generated<'utf8' | 'base64'>;
}

export interface DeviceDataTable {
  device_id: number;
  key: string;
  time: Timestamp;
  value: number | null;
  text_value: string | null;
}

/** Hourly rollup of device_data's numeric values, kept by triggers (migration 0005). */
export interface DeviceDataHourlyTable {
  device_id: number;
  key: string;
  hour: Timestamp;
  count: number;
  sum: number;
  min: number;
  max: number;
  first_time: Timestamp;
  last_time: Timestamp;
}

export interface BrandingTable {
  host: string;
  title: string | null;
  login_text: string | null;
  url: string | null;
  copyright_text: string | null;
  gdpr_url: string | null;
  cookie_url: string | null;
  logo: string | null;
  favicon: string | null;
  colors: JsonDefault<Record<string, string>>;
  created_at: CreatedAt;
  modified_at: CreatedAt;
}

export interface DashboardsTable {
  owner_uuid: string;
  id: string;
  org_uuid: string;
  name: string;
  color: Generated<string>;
  description: string | null;
  /** Graphs as the contract's `Graph`; those of old dashboards may lack `grid`. */
  graphs: JsonDefault<unknown[]>;
  version: Generated<number>;
  created_at: CreatedAt;
  modified_at: CreatedAt;
}

export interface SchemaMigrationsTable {
  name: string;
  applied_at: CreatedAt;
}

export interface DB {
  user_groups: UserGroupsTable;
  organisations: OrganisationsTable;
  users: UsersTable;
  sessions: SessionsTable;
  sign_in_failures: SignInFailuresTable;
  sign_in_addresses: SignInAddressesTable;
  user_tokens: UserTokensTable;
  cloud_functions: CloudFunctionsTable;
  registries: RegistriesTable;
  device_types: DeviceTypesTable;
  projects: ProjectsTable;
  devices: DevicesTable;
  device_functions: DeviceFunctionsTable;
  device_pictures: DevicePicturesTable;
  data_collections: DataCollectionsTable;
  collection_devices: CollectionDevicesTable;
  api_tokens: ApiTokensTable;
  messages: MessagesTable;
  device_data: DeviceDataTable;
  device_data_hourly: DeviceDataHourlyTable;
  branding: BrandingTable;
  dashboards: DashboardsTable;
  schema_migrations: SchemaMigrationsTable;
}

export type Organisation = Selectable<OrganisationsTable>;
export type NewOrganisation = Insertable<OrganisationsTable>;
export type OrganisationUpdate = Updateable<OrganisationsTable>;
export type User = Selectable<UsersTable>;
export type NewUser = Insertable<UsersTable>;
export type Device = Selectable<DevicesTable>;
export type NewDevice = Insertable<DevicesTable>;
export type NewRegistry = Insertable<RegistriesTable>;
export type NewDeviceType = Insertable<DeviceTypesTable>;
export type DevicePicture = Selectable<DevicePicturesTable>;
export type NewDevicePicture = Insertable<DevicePicturesTable>;
