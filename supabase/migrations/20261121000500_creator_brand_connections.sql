-- A creator joining a brief.

create table public.creator_brand_connections (
  id uuid primary key default gen_random_uuid(),
  creator_id uuid not null references public.profiles (id) on delete cascade,
  brand_brief_id uuid not null references public.brand_briefs (id) on delete cascade,
  status text check (status in ('pending', 'matched', 'completed')),
  is_demo boolean not null default false,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  unique (creator_id, brand_brief_id)
);

comment on table public.creator_brand_connections is 'A creator who joined a brief. Joining leaves status empty; the demo data uses matched.';
comment on column public.creator_brand_connections.status is 'Not set on join. pending, matched or completed once a brand works with the creator.';

create index creator_brand_connections_brand_brief_id_idx on public.creator_brand_connections (brand_brief_id);

create trigger creator_brand_connections_set_updated_at
  before update on public.creator_brand_connections
  for each row execute function private.set_updated_at();

create function private.check_connection() returns trigger
  language plpgsql security definer
  set search_path = ''
as $$
declare
  brief_status text;
begin
  if private.profile_type(new.creator_id) is distinct from 'creator' then
    raise exception 'Only creators can join opportunities' using errcode = '42501', hint = 'only_creators_can_join';
  end if;
  select b.status into brief_status from public.brand_briefs b where b.id = new.brand_brief_id;
  if brief_status is null then
    raise exception 'This opportunity does not exist' using errcode = '23503', hint = 'opportunity_not_found';
  end if;
  if tg_op = 'INSERT' and brief_status <> 'open' then
    raise exception 'This opportunity is no longer open' using errcode = 'PT409', hint = 'opportunity_not_open';
  end if;
  return new;
end;
$$;
comment on function private.check_connection() is 'Only creators join, and only open briefs, whoever writes the row.';

create trigger creator_brand_connections_check
  before insert or update on public.creator_brand_connections
  for each row execute function private.check_connection();

-- Used by policies: does the calling brand own this brief?
create function private.owns_brief(brief_id uuid) returns boolean
  language sql stable security definer
  set search_path = ''
as $$
  select exists (select 1 from public.brand_briefs b where b.id = brief_id and b.brand_id = (select auth.uid()))
$$;
comment on function private.owns_brief(uuid) is 'True when the calling user is the brand that owns the brief.';
grant execute on function private.owns_brief(uuid) to authenticated, service_role;

revoke insert, update, delete, truncate, references, trigger on public.creator_brand_connections from anon, authenticated;
revoke select on public.creator_brand_connections from anon;
grant insert (creator_id, brand_brief_id) on public.creator_brand_connections to authenticated;

alter table public.creator_brand_connections enable row level security;

create policy "Creators can view their own connections"
  on public.creator_brand_connections for select to authenticated
  using (creator_id = (select auth.uid()));

create policy "Brands can view who joined their briefs"
  on public.creator_brand_connections for select to authenticated
  using (private.owns_brief(brand_brief_id));

create policy "Admins can view every connection"
  on public.creator_brand_connections for select to authenticated
  using ((select private.is_admin()));

create policy "Creators can join open briefs"
  on public.creator_brand_connections for insert to authenticated
  with check (
    creator_id = (select auth.uid())
    and (select private.current_user_type()) = 'creator'
    and status is null
  );
