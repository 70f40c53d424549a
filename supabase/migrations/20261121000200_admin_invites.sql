-- One-time admin invites. Nobody makes themselves admin: a sign-up as admin must
-- carry the code of an unused, unexpired invite, which the sign-up trigger consumes.

create table public.admin_invites (
  id uuid primary key default gen_random_uuid(),
  code_hash bytea not null unique,
  note text check (char_length(note) <= 200),
  created_by uuid references public.profiles (id) on delete set null,
  expires_at timestamptz not null default now() + interval '7 days',
  used_by uuid references auth.users (id) on delete set null,
  used_at timestamptz,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  check (used_by is null or used_at is not null)
);

comment on table public.admin_invites is 'One-time codes that let a person sign up as an admin. Only the SHA-256 of a code is kept; the code itself is shown once, to the admin who issued it.';
comment on column public.admin_invites.code_hash is 'sha256 of the invite code as UTF-8.';
comment on column public.admin_invites.used_by is 'The account that signed up with this invite; null while unused.';

create index admin_invites_created_by_idx on public.admin_invites (created_by);
create index admin_invites_used_by_idx on public.admin_invites (used_by);

create trigger admin_invites_set_updated_at
  before update on public.admin_invites
  for each row execute function private.set_updated_at();

revoke insert, update, delete, truncate, references, trigger on public.admin_invites from anon, authenticated;
revoke select on public.admin_invites from anon;
grant delete on public.admin_invites to authenticated;

alter table public.admin_invites enable row level security;

create policy "Admins can view admin invites"
  on public.admin_invites for select to authenticated
  using ((select private.is_admin()));

create policy "Admins can withdraw unused admin invites"
  on public.admin_invites for delete to authenticated
  using ((select private.is_admin()) and used_at is null);

create function public.create_admin_invite(note text default null, valid_days integer default 7)
  returns table (code text, expires_at timestamptz)
  language plpgsql volatile security definer
  set search_path = ''
as $$
declare
  new_code text := replace(gen_random_uuid()::text || gen_random_uuid()::text, '-', '');
  invite_expires_at timestamptz := now() + make_interval(days => valid_days);
begin
  if not (select private.is_admin()) then
    raise exception 'Only admins can issue admin invites' using errcode = '42501';
  end if;
  if valid_days is null or valid_days < 1 or valid_days > 30 then
    raise exception 'An invite is valid for 1 to 30 days' using errcode = '22023';
  end if;
  insert into public.admin_invites (code_hash, note, created_by, expires_at)
  values (sha256(convert_to(new_code, 'UTF8')), note, (select auth.uid()), invite_expires_at);
  return query select new_code, invite_expires_at;
end;
$$;
comment on function public.create_admin_invite(text, integer) is 'Issues a one-time admin invite and returns its code, which is never stored or shown again. Admins only.';

create function public.admin_invite_is_valid(code text) returns boolean
  language sql stable security definer
  set search_path = ''
as $$
  select exists (
    select 1 from public.admin_invites i
    where i.code_hash = sha256(convert_to(coalesce(code, ''), 'UTF8'))
      and i.used_at is null
      and i.expires_at > now()
  )
$$;
comment on function public.admin_invite_is_valid(text) is 'Lets the sign-up form tell a person, before they submit, whether their admin invite code can still be used. Codes carry 244 random bits, so guessing is hopeless.';

revoke execute on function public.create_admin_invite(text, integer) from public, anon;
grant execute on function public.create_admin_invite(text, integer) to authenticated, service_role;
revoke execute on function public.admin_invite_is_valid(text) from public;
grant execute on function public.admin_invite_is_valid(text) to anon, authenticated, service_role;
