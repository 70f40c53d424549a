-- What hosted Supabase provides before any migration runs (DESIGN.md §2.3).
-- The local backend runs this on every start; every statement is idempotent.
-- Nothing here belongs in supabase/migrations: on hosted Supabase it already exists.

-- Roles are cluster-wide on PostgreSQL: several test databases may create them at
-- the same moment, so a concurrent "already exists" is not an error.
do $$
declare
  spec text[];
  specs text[][] := array[
    array['anon', 'nologin inherit'],
    array['authenticated', 'nologin inherit'],
    array['service_role', 'nologin inherit bypassrls'],
    array['authenticator', 'nologin noinherit'],
    array['supabase_auth_admin', 'nologin noinherit']
  ];
begin
  foreach spec slice 1 in array specs loop
    if not exists (select 1 from pg_roles where rolname = spec[1]) then
      begin
        execute format('create role %I %s', spec[1], spec[2]);
      exception when duplicate_object or unique_violation then
        null;
      end;
    end if;
  end loop;
end $$;

do $$
begin
  grant anon, authenticated, service_role to authenticator;
exception when others then
  null;
end $$;

-- Hosted Supabase's role attributes and settings: the API roles inherit, and a request's
-- statements are cancelled after 3 s for anon and 8 s for authenticated; service_role has no
-- setting of its own and keeps the authenticator's 8 s. PostgREST applies the impersonated
-- role's settings (else the authenticator's) in each request; the local REST layer reads them
-- from here in the same way (server/rest/schema-cache.ts). Set only when missing: on PostgreSQL
-- roles are cluster-wide, and several test databases bootstrap at once.
do $$
declare
  wanted text[][] := array[['anon', '3s'], ['authenticated', '8s'], ['authenticator', '8s']];
  setting text[];
begin
  foreach setting slice 1 in array wanted loop
    if not exists (select 1 from pg_db_role_setting s join pg_roles r on r.oid = s.setrole
                    where r.rolname = setting[1] and s.setdatabase = 0 and 'statement_timeout=' || setting[2] = any (s.setconfig)) then
      begin
        execute format('alter role %I set statement_timeout = %L', setting[1], setting[2]);
      exception when others then
        null;
      end;
    end if;
  end loop;
  if exists (select 1 from pg_roles where rolname in ('anon', 'authenticated', 'service_role') and not rolinherit) then
    begin
      alter role anon inherit;
      alter role authenticated inherit;
      alter role service_role inherit;
    exception when others then
      null;
    end;
  end if;
end $$;

create schema if not exists auth;
create schema if not exists extensions;
create schema if not exists supabase_migrations;

grant usage on schema public to anon, authenticated, service_role;
grant usage on schema extensions to anon, authenticated, service_role;
grant usage on schema auth to anon, authenticated, service_role;

-- auth.users and friends: the columns GoTrue uses, with GoTrue's names, so that
-- accounts can move to hosted Supabase and seed.sql runs unchanged on both.
create table if not exists auth.users (
  instance_id uuid,
  id uuid primary key,
  aud varchar(255),
  role varchar(255),
  email varchar(255),
  encrypted_password varchar(255),
  email_confirmed_at timestamptz,
  invited_at timestamptz,
  confirmation_token varchar(255),
  confirmation_sent_at timestamptz,
  recovery_token varchar(255),
  recovery_sent_at timestamptz,
  email_change_token_new varchar(255),
  email_change varchar(255),
  email_change_sent_at timestamptz,
  email_change_token_current varchar(255) default '',
  email_change_confirm_status smallint default 0,
  last_sign_in_at timestamptz,
  raw_app_meta_data jsonb,
  raw_user_meta_data jsonb,
  is_super_admin boolean,
  created_at timestamptz,
  updated_at timestamptz,
  phone text default null,
  phone_confirmed_at timestamptz,
  phone_change text default '',
  phone_change_token varchar(255) default '',
  phone_change_sent_at timestamptz,
  reauthentication_token varchar(255) default '',
  reauthentication_sent_at timestamptz,
  banned_until timestamptz,
  deleted_at timestamptz,
  is_sso_user boolean not null default false,
  is_anonymous boolean not null default false
);
-- As on hosted Supabase (GoTrue's migrations): confirmed_at is generated, and GoTrue reads it; the
-- change status is 0 to 2. The string columns GoTrue reads into Go strings (confirmation_token,
-- recovery_token, email_change_token_new, email_change, email_change_token_current, phone_change,
-- phone_change_token, reauthentication_token) keep hosted's types and defaults above: NULL by
-- default for the first four, so whatever writes a user must write '' there (issue 30, item 4).
alter table auth.users
  add column if not exists confirmed_at timestamptz generated always as (least(email_confirmed_at, phone_confirmed_at)) stored;
do $$
begin
  if not exists (select 1 from pg_constraint where conname = 'users_email_change_confirm_status_check' and conrelid = 'auth.users'::regclass) then
    alter table auth.users add constraint users_email_change_confirm_status_check
      check (email_change_confirm_status >= 0 and email_change_confirm_status <= 2);
  end if;
exception when duplicate_object then
  null;
end $$;
create unique index if not exists users_email_partial_key on auth.users (email) where is_sso_user = false;
create index if not exists users_email_idx on auth.users (email);

create table if not exists auth.identities (
  provider_id text not null,
  user_id uuid not null references auth.users (id) on delete cascade,
  identity_data jsonb not null,
  provider text not null,
  last_sign_in_at timestamptz,
  created_at timestamptz,
  updated_at timestamptz,
  id uuid primary key default gen_random_uuid(),
  unique (provider_id, provider)
);
create index if not exists identities_user_id_idx on auth.identities (user_id);
-- As on hosted Supabase: the identity's address, generated from identity_data (GoTrue reads it).
alter table auth.identities add column if not exists email text generated always as (lower(identity_data ->> 'email')) stored;
create index if not exists identities_email_idx on auth.identities (email text_pattern_ops);

create table if not exists auth.sessions (
  id uuid primary key,
  user_id uuid not null references auth.users (id) on delete cascade,
  created_at timestamptz,
  updated_at timestamptz,
  aal text default 'aal1',
  not_after timestamptz,
  refreshed_at timestamp,
  user_agent text,
  ip text
);
create index if not exists sessions_user_id_idx on auth.sessions (user_id);

create table if not exists auth.refresh_tokens (
  instance_id uuid,
  id bigserial primary key,
  token varchar(255) unique,
  user_id varchar(255),
  revoked boolean,
  created_at timestamptz,
  updated_at timestamptz,
  parent varchar(255),
  session_id uuid references auth.sessions (id) on delete cascade
);
create index if not exists refresh_tokens_session_id_idx on auth.refresh_tokens (session_id);
create index if not exists refresh_tokens_parent_idx on auth.refresh_tokens (parent);

-- How each session began (GoTrue's table): a session opened by a password-reset link may set a
-- new password without the current one; refreshing keeps the session's method.
create table if not exists auth.mfa_amr_claims (
  id uuid primary key default gen_random_uuid(),
  session_id uuid not null references auth.sessions (id) on delete cascade,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  authentication_method text not null,
  unique (session_id, authentication_method)
);

create table if not exists auth.one_time_tokens (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null references auth.users (id) on delete cascade,
  token_type text not null,
  token_hash text not null,
  relates_to text not null,
  created_at timestamp not null default now(),
  updated_at timestamp not null default now(),
  unique (user_id, token_type)
);
create index if not exists one_time_tokens_token_hash_idx on auth.one_time_tokens (token_hash);

-- A PKCE flow (GoTrue's table): the code challenge a sign-up, recovery or resend request sent,
-- and the auth code the e-mail link then hands to the app, which trades it with the verifier.
do $$ begin
  create type auth.code_challenge_method as enum ('s256', 'plain');
exception when duplicate_object then
  null;
end $$;
create table if not exists auth.flow_state (
  id uuid primary key,
  user_id uuid,
  auth_code text,
  code_challenge_method auth.code_challenge_method,
  code_challenge text,
  provider_type text not null,
  provider_access_token text,
  provider_refresh_token text,
  created_at timestamptz,
  updated_at timestamptz,
  authentication_method text not null,
  auth_code_issued_at timestamptz,
  invite_token text,
  referrer text,
  oauth_client_state_id uuid,
  linking_target_id uuid,
  email_optional boolean not null default false
);
create index if not exists idx_auth_code on auth.flow_state (auth_code);
create index if not exists idx_user_id_auth_method on auth.flow_state (user_id, authentication_method);
create index if not exists flow_state_created_at_idx on auth.flow_state (created_at desc);

-- Supabase's request helpers, as hosted Supabase defines them.
create or replace function auth.uid() returns uuid
  language sql stable set search_path to ''
as $$
  select coalesce(
    nullif(current_setting('request.jwt.claim.sub', true), ''),
    (nullif(current_setting('request.jwt.claims', true), '')::jsonb ->> 'sub')
  )::uuid
$$;

create or replace function auth.role() returns text
  language sql stable set search_path to ''
as $$
  select coalesce(
    nullif(current_setting('request.jwt.claim.role', true), ''),
    (nullif(current_setting('request.jwt.claims', true), '')::jsonb ->> 'role')
  )::text
$$;

create or replace function auth.email() returns text
  language sql stable set search_path to ''
as $$
  select coalesce(
    nullif(current_setting('request.jwt.claim.email', true), ''),
    (nullif(current_setting('request.jwt.claims', true), '')::jsonb ->> 'email')
  )::text
$$;

create or replace function auth.jwt() returns jsonb
  language sql stable set search_path to ''
as $$
  select coalesce(
    nullif(current_setting('request.jwt.claim', true), ''),
    nullif(current_setting('request.jwt.claims', true), '')
  )::jsonb
$$;

grant execute on function auth.uid(), auth.role(), auth.email(), auth.jwt() to anon, authenticated, service_role;

-- Supabase's default grants: RLS, not grants, decides what the API roles see.
alter default privileges in schema public grant all on tables to anon, authenticated, service_role;
alter default privileges in schema public grant all on sequences to anon, authenticated, service_role;
alter default privileges in schema public grant all on functions to anon, authenticated, service_role;

-- ViewPact's own rule, set again by the migrations (supabase/schema/database.sql shows it) so
-- hosted Supabase follows it too: a new function is not executable by anon (nor by PUBLIC,
-- which includes anon), so each function anon may call is granted on purpose. PUBLIC's
-- EXECUTE is PostgreSQL's global default, which only a default without a schema removes.
alter default privileges in schema public revoke execute on functions from anon;
alter default privileges revoke execute on functions from public;

-- The migration history, in the table the Supabase CLI uses.
create table if not exists supabase_migrations.schema_migrations (
  version text primary key,
  statements text[],
  name text
);
create table if not exists supabase_migrations.seed_files (
  path text primary key,
  hash text not null
);
