-- A user's TikTok account connection (Login Kit). The client sees whether it is
-- connected; the OAuth tokens live in tiktok_tokens, which only the service role
-- can read.

create table public.tiktok_connections (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null unique references public.profiles (id) on delete cascade,
  is_connected boolean not null default false,
  verified_status text check (verified_status in ('verified', 'unverified')),
  open_id text check (char_length(open_id) <= 200),
  display_name text check (char_length(display_name) <= 200),
  avatar_url text check (avatar_url ~ '^https?://' and char_length(avatar_url) <= 4096),
  expires_at timestamptz,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);

comment on table public.tiktok_connections is 'Whether a user connected TikTok, and until when the access lasts. Written only by the tiktok-auth function.';
comment on column public.tiktok_connections.expires_at is 'When the TikTok access token expires; a connection counts only while this is absent or in the future.';

create trigger tiktok_connections_set_updated_at
  before update on public.tiktok_connections
  for each row execute function private.set_updated_at();

revoke insert, update, truncate, references, trigger on public.tiktok_connections from anon, authenticated;
revoke select, delete on public.tiktok_connections from anon;

alter table public.tiktok_connections enable row level security;

create policy "Users can view their own TikTok connection"
  on public.tiktok_connections for select to authenticated
  using (user_id = (select auth.uid()));

create policy "Users can disconnect TikTok"
  on public.tiktok_connections for delete to authenticated
  using (user_id = (select auth.uid()));

create table public.tiktok_tokens (
  user_id uuid primary key references public.profiles (id) on delete cascade,
  open_id text not null,
  access_token text not null,
  refresh_token text not null,
  scope text,
  expires_at timestamptz not null,
  refresh_expires_at timestamptz,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);

comment on table public.tiktok_tokens is 'TikTok OAuth tokens. No policies and no grants for the API roles: only the service role (edge functions) reads or writes them.';

create trigger tiktok_tokens_set_updated_at
  before update on public.tiktok_tokens
  for each row execute function private.set_updated_at();

revoke all on public.tiktok_tokens from anon, authenticated;
alter table public.tiktok_tokens enable row level security;
