-- Profiles: one row per account, created from the sign-up metadata by a trigger
-- (see 20261121000200_signup.sql). Internals live in the private schema, which the
-- API does not expose.

create schema if not exists private;
grant usage on schema private to anon, authenticated, service_role;

create function private.set_updated_at() returns trigger
  language plpgsql
  set search_path = ''
as $$
begin
  new.updated_at := now();
  return new;
end;
$$;
comment on function private.set_updated_at() is 'Keeps updated_at current on every update, whatever the client sent.';

create table public.profiles (
  id uuid primary key references auth.users (id) on delete cascade,
  user_type text not null default 'creator' check (user_type in ('creator', 'brand', 'admin')),
  first_name text check (char_length(first_name) <= 100),
  last_name text check (char_length(last_name) <= 100),
  tiktok_username text check (tiktok_username ~ '^[A-Za-z0-9_.]{1,24}$'),
  tiktok_avatar_url text check (tiktok_avatar_url ~ '^https?://' and char_length(tiktok_avatar_url) <= 2048),
  follower_count integer check (follower_count >= 0),
  website text check (website ~* '^https?://[^[:space:]]+$' and char_length(website) <= 2048),
  industry text check (char_length(industry) <= 100),
  company_name text check (char_length(company_name) <= 200),
  is_demo boolean not null default false,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);

comment on table public.profiles is 'One row per account: the public face of an auth user. Brands use first_name as the brand name and last_name as the contact name.';
comment on column public.profiles.user_type is 'creator, brand or admin. Set once at sign-up; an admin needs a one-time invite. No API role may change it.';
comment on column public.profiles.tiktok_username is 'TikTok handle without the leading @.';
comment on column public.profiles.tiktok_avatar_url is 'Avatar from TikTok; for brands it doubles as the brand logo on opportunity cards.';
comment on column public.profiles.is_demo is 'True for the demonstration rows of supabase/seed.sql, so the UI can label them.';

create index profiles_user_type_created_at_idx on public.profiles (user_type, created_at desc);
create index profiles_created_at_idx on public.profiles (created_at desc);

create trigger profiles_set_updated_at
  before update on public.profiles
  for each row execute function private.set_updated_at();

-- Who is calling, as the database knows it (never the JWT's user_metadata, which
-- the user can edit).
create function private.current_user_type() returns text
  language sql stable security definer
  set search_path = ''
as $$
  select p.user_type from public.profiles p where p.id = (select auth.uid())
$$;
comment on function private.current_user_type() is 'The calling user''s user_type from profiles, or null when signed out or without a profile.';

create function private.is_admin() returns boolean
  language sql stable security definer
  set search_path = ''
as $$
  select coalesce((select private.current_user_type()) = 'admin', false)
$$;
comment on function private.is_admin() is 'True when the calling user''s profile is an admin profile.';

grant execute on function private.current_user_type(), private.is_admin() to anon, authenticated, service_role;

-- Clients write only the columns a person may edit; user_type, id, is_demo and
-- created_at are never theirs to change. Rows are created by the sign-up trigger.
revoke insert, update, delete, truncate, references, trigger on public.profiles from anon, authenticated;
grant update (first_name, last_name, tiktok_username, tiktok_avatar_url, follower_count, website, industry, company_name, updated_at)
  on public.profiles to authenticated;

alter table public.profiles enable row level security;

create policy "Users can view their own profile"
  on public.profiles for select to authenticated
  using (id = (select auth.uid()));

create policy "Signed-in users can view brand profiles"
  on public.profiles for select to authenticated
  using (user_type = 'brand');

create policy "Admins can view every profile"
  on public.profiles for select to authenticated
  using ((select private.is_admin()));

create policy "Users can update their own profile"
  on public.profiles for update to authenticated
  using (id = (select auth.uid()))
  with check (id = (select auth.uid()));
