-- Brand briefs, which the product also calls opportunities: one table, and an
-- `opportunities` view over it for the calls that use that name.

create table public.brand_briefs (
  id uuid primary key default gen_random_uuid(),
  brand_id uuid not null references public.profiles (id) on delete cascade,
  title text not null check (char_length(btrim(title)) between 1 and 200),
  description text not null check (char_length(btrim(description)) between 1 and 5000),
  reward text check (char_length(reward) <= 200),
  industry text[] not null default '{}' check (cardinality(industry) <= 20 and array_position(industry, null) is null),
  deadline date,
  status text not null default 'open' check (status in ('open', 'matched', 'closed')),
  brief text check (char_length(brief) <= 10000),
  is_demo boolean not null default false,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);

comment on table public.brand_briefs is 'Opportunities that brands publish for creators. Closed, never deleted, so that creators keep the history of what they joined.';
comment on column public.brand_briefs.reward is 'Free text such as a baht range; shown as Negotiable when empty.';
comment on column public.brand_briefs.industry is 'Industry tags, trimmed.';
comment on column public.brand_briefs.status is 'open (creators may join), matched or closed (no new joins).';
comment on column public.brand_briefs.brief is 'Longer brief text shown on cards.';
comment on column public.brand_briefs.is_demo is 'True for the demonstration rows of supabase/seed.sql.';

create index brand_briefs_brand_id_created_at_idx on public.brand_briefs (brand_id, created_at);
create index brand_briefs_status_created_at_idx on public.brand_briefs (status, created_at desc);
create index brand_briefs_created_at_idx on public.brand_briefs (created_at desc);

create trigger brand_briefs_set_updated_at
  before update on public.brand_briefs
  for each row execute function private.set_updated_at();

create function private.profile_type(profile_id uuid) returns text
  language sql stable security definer
  set search_path = ''
as $$
  select p.user_type from public.profiles p where p.id = profile_id
$$;
comment on function private.profile_type(uuid) is 'The user_type of any profile, for integrity checks that must not depend on what the caller may see.';

create function private.check_brand_brief() returns trigger
  language plpgsql
  set search_path = ''
as $$
begin
  if tg_op = 'INSERT' or new.brand_id is distinct from old.brand_id then
    if private.profile_type(new.brand_id) is distinct from 'brand' then
      raise exception 'Only brands can publish opportunities' using errcode = '42501', hint = 'only_brands_publish';
    end if;
  end if;
  -- A day of slack: "today" differs across the time zones of our users.
  if new.deadline is not null and (tg_op = 'INSERT' or new.deadline is distinct from old.deadline)
     and new.deadline < current_date - 1 then
    raise exception 'The deadline cannot be in the past' using errcode = '22023', hint = 'deadline_in_past';
  end if;
  new.title := btrim(new.title);
  new.description := btrim(new.description);
  new.industry := coalesce(array(select btrim(tag) from unnest(new.industry) tag where btrim(tag) <> ''), '{}');
  return new;
end;
$$;
comment on function private.check_brand_brief() is 'Keeps briefs owned by brand profiles, deadlines out of the past, and text trimmed.';

create trigger brand_briefs_check
  before insert or update on public.brand_briefs
  for each row execute function private.check_brand_brief();

grant execute on function private.profile_type(uuid) to authenticated, service_role;

revoke insert, update, delete, truncate, references, trigger on public.brand_briefs from anon, authenticated;
revoke select on public.brand_briefs from anon;
grant insert (brand_id, title, description, reward, industry, deadline, status, brief) on public.brand_briefs to authenticated;
grant update (title, description, reward, industry, deadline, status, brief, updated_at) on public.brand_briefs to authenticated;

alter table public.brand_briefs enable row level security;

create policy "Signed-in users can view every brief"
  on public.brand_briefs for select to authenticated
  using (true);

create policy "Brands can publish their own briefs as open"
  on public.brand_briefs for insert to authenticated
  with check (
    brand_id = (select auth.uid())
    and (select private.current_user_type()) = 'brand'
    and status = 'open'
  );

create policy "Brands can update their own briefs"
  on public.brand_briefs for update to authenticated
  using (brand_id = (select auth.uid()))
  with check (brand_id = (select auth.uid()));

-- The product's second name for a brief. security_invoker makes the view obey the
-- caller's RLS on brand_briefs; being a plain projection it is updatable.
create view public.opportunities with (security_invoker = true) as
  select id, brand_id, title, description, reward, industry, deadline, status, brief, is_demo, created_at, updated_at
  from public.brand_briefs;

comment on view public.opportunities is 'The same rows as brand_briefs under the name some calls use; writes go through to brand_briefs with its rules.';

revoke all on public.opportunities from anon;
revoke insert, delete, truncate, references, trigger on public.opportunities from authenticated;
grant select, update on public.opportunities to authenticated;
