-- `active` is the administrators' switch; confirming the account by e-mail is
-- its own fact, so that a password reset never re-opens a disabled account.
alter table users add column confirmed_at timestamptz;
alter table users alter column active set default true;
update users set confirmed_at = created_at where password_hash is not null;
