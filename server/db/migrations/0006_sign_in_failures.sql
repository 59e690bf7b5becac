-- Failed sign-ins, one row each, kept a day: the lockout counts them per
-- (account, address), per address and per account (docs/access.md).
create table sign_in_failures (
  -- Null when the username named no account.
  user_uuid uuid references users (uuid) on delete cascade,
  -- The source: an IPv4 address, or an IPv6 /64.
  address text not null,
  at timestamptz not null default now()
);
create index sign_in_failures_account_idx on sign_in_failures (user_uuid, address, at);
create index sign_in_failures_address_idx on sign_in_failures (address, at);

-- Where each account signed in from: these stay open while strangers' failures
-- hold the account or their own address closed.
create table sign_in_addresses (
  user_uuid uuid not null references users (uuid) on delete cascade,
  address text not null,
  last_success_at timestamptz not null default now(),
  primary key (user_uuid, address)
);
