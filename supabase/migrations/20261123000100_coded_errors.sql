-- Every refusal carries a stable, machine-readable code that the SPA translates
-- (src/lib/errors.ts). PostgREST's own mechanism: SQLSTATE PGRST with a JSON message
-- ({code, message, details, hint}) and a JSON detail ({status, headers}) sets the
-- response's body and HTTP status. The rules below are the only copies: the SPA and
-- the edge functions no longer repeat them.

create function private.refuse(code text, message text, status integer default 400) returns void
  language plpgsql
  set search_path = ''
as $$
begin
  raise sqlstate 'PGRST'
    using message = json_build_object('code', code, 'message', message, 'details', null, 'hint', null)::text,
          detail = json_build_object('status', status, 'headers', json_build_object())::text;
end;
$$;
comment on function private.refuse(text, text, integer) is 'Raises a refusal that PostgREST (and the local backend) answers with this HTTP status and a JSON body whose code is the given stable code.';
grant execute on function private.refuse(text, text, integer) to anon, authenticated, service_role;

-- Profiles --------------------------------------------------------------------

create function private.parse_follower_count(raw text) returns integer
  language plpgsql immutable
  set search_path = ''
as $$
declare
  digits text := regexp_replace(coalesce(raw, ''), '[,[:space:]]', '', 'g');
begin
  if digits = '' then
    return null;
  end if;
  -- A JSON number may arrive as 1234.0; keep its integer part.
  if digits !~ '^[0-9]{1,10}(\.[0-9]*)?$' then
    perform private.refuse('invalid_follower_count', 'Follower count must be a whole number', 400);
  end if;
  return least(floor(digits::numeric), 2147483647)::integer;
end;
$$;
comment on function private.parse_follower_count(text) is 'Follower counts as people type them (1,234 or 1234): the whole number, null when blank; anything else is refused with invalid_follower_count.';

-- The check constraints these replace gave no code; the trigger below is now the rule.
alter table public.profiles drop constraint if exists profiles_tiktok_username_check;
alter table public.profiles drop constraint if exists profiles_website_check;
alter table public.profiles drop constraint if exists profiles_follower_count_check;

create or replace function private.normalize_profile() returns trigger
  language plpgsql
  set search_path = ''
as $$
begin
  new.tiktok_username := nullif(ltrim(btrim(new.tiktok_username), '@'), '');
  new.first_name := nullif(btrim(new.first_name), '');
  new.last_name := nullif(btrim(new.last_name), '');
  new.industry := nullif(btrim(new.industry), '');
  new.company_name := nullif(btrim(new.company_name), '');
  new.website := private.normalize_website(new.website);
  if new.tiktok_username !~ '^[A-Za-z0-9_.]{1,24}$' then
    perform private.refuse('invalid_tiktok_username', 'A TikTok username has 1 to 24 letters, digits, underscores or dots', 400);
  end if;
  if char_length(new.website) > 2048 or new.website !~* '^https?://[^[:space:]/$.?#][^[:space:]]*\.[^[:space:]]{2,}$' then
    perform private.refuse('invalid_website', 'Enter a website such as example.com', 400);
  end if;
  if new.follower_count < 0 then
    perform private.refuse('invalid_follower_count', 'Follower count must be a whole number', 400);
  end if;
  return new;
end;
$$;
comment on function private.normalize_profile() is 'The profile rules for every writer: strips @ from tiktok_username and checks TikTok''s format, turns blank text into null, completes and checks websites, refuses negative follower counts.';

create or replace function private.handle_new_user() returns trigger
  language plpgsql security definer
  set search_path = ''
as $$
declare
  meta jsonb := coalesce(new.raw_user_meta_data, '{}'::jsonb);
  kind text := coalesce(nullif(btrim(meta ->> 'user_type'), ''), 'creator');
  invite_id uuid;
begin
  if kind not in ('creator', 'brand', 'admin') then
    perform private.refuse('invalid_user_type', format('Unknown account type "%s"', kind), 422);
  end if;

  if kind = 'admin' then
    update public.admin_invites
       set used_by = new.id, used_at = now()
     where code_hash = sha256(convert_to(coalesce(meta ->> 'admin_invite_code', ''), 'UTF8'))
       and used_at is null
       and expires_at > now()
    returning id into invite_id;
    if invite_id is null then
      perform private.refuse('admin_invite_invalid', 'A valid admin invite code is required to register as an admin', 403);
    end if;
  end if;

  -- Names and usernames are normalised and checked by the profiles trigger.
  insert into public.profiles (id, user_type, first_name, last_name, tiktok_username, follower_count, website, industry, company_name)
  values (
    new.id,
    kind,
    meta ->> 'first_name',
    meta ->> 'last_name',
    meta ->> 'tiktok_username',
    private.parse_follower_count(meta ->> 'follower_count'),
    meta ->> 'website',
    meta ->> 'industry',
    meta ->> 'company_name'
  );

  -- The invite code has done its work; keep it out of every future token. (Where the
  -- platform forbids writing auth.users, the used code stays, harmless.)
  if meta ? 'admin_invite_code' then
    begin
      update auth.users set raw_user_meta_data = raw_user_meta_data - 'admin_invite_code' where id = new.id;
    exception when insufficient_privilege then
      null;
    end;
  end if;

  return new;
exception
  when check_violation then
    perform private.refuse('invalid_profile', 'The sign-up details are not valid: ' || sqlerrm, 422);
end;
$$;

-- Briefs --------------------------------------------------------------------

create or replace function private.check_brand_brief() returns trigger
  language plpgsql
  set search_path = ''
as $$
begin
  if tg_op = 'INSERT' or new.brand_id is distinct from old.brand_id then
    if private.profile_type(new.brand_id) is distinct from 'brand' then
      perform private.refuse('only_brands_publish', 'Only brands can publish opportunities', 403);
    end if;
  end if;
  if nullif(btrim(new.title), '') is null or nullif(btrim(new.description), '') is null then
    perform private.refuse('title_description_required', 'Title and description are required', 400);
  end if;
  -- A day of slack: "today" differs across the time zones of our users.
  if new.deadline is not null and (tg_op = 'INSERT' or new.deadline is distinct from old.deadline)
     and new.deadline < current_date - 1 then
    perform private.refuse('deadline_in_past', 'The deadline cannot be in the past', 400);
  end if;
  new.title := btrim(new.title);
  new.description := btrim(new.description);
  new.industry := coalesce(array(select btrim(tag) from unnest(new.industry) tag where btrim(tag) <> ''), '{}');
  return new;
end;
$$;

-- Joining ---------------------------------------------------------------------

create or replace function private.check_connection() returns trigger
  language plpgsql security definer
  set search_path = ''
as $$
declare
  brief_status text;
begin
  if private.profile_type(new.creator_id) is distinct from 'creator' then
    perform private.refuse('only_creators_can_join', 'Only creators can join opportunities', 403);
  end if;
  select b.status into brief_status from public.brand_briefs b where b.id = new.brand_brief_id;
  if brief_status is null then
    perform private.refuse('opportunity_not_found', 'This opportunity does not exist', 404);
  end if;
  if tg_op = 'INSERT' then
    if exists (select 1 from public.creator_brand_connections c where c.creator_id = new.creator_id and c.brand_brief_id = new.brand_brief_id) then
      perform private.refuse('already_joined', 'You have already joined this opportunity', 409);
    end if;
    if brief_status <> 'open' then
      perform private.refuse('opportunity_not_open', 'This opportunity is no longer open', 409);
    end if;
  end if;
  return new;
end;
$$;

-- Videos ----------------------------------------------------------------------

create or replace function private.check_video_links() returns trigger
  language plpgsql security definer
  set search_path = ''
as $$
declare
  brief_brand uuid;
begin
  if new.brand_brief_id is not null then
    select b.brand_id into brief_brand from public.brand_briefs b where b.id = new.brand_brief_id;
    if brief_brand is null then
      perform private.refuse('opportunity_not_found', 'This opportunity does not exist', 404);
    end if;
    -- When only the brief is given, the brand comes from the brief.
    new.brand_id := coalesce(new.brand_id, brief_brand);
    if new.brand_id <> brief_brand then
      perform private.refuse('brand_brief_mismatch', 'The brand does not match the opportunity', 400);
    end if;
    if not exists (
      select 1 from public.creator_brand_connections c
      where c.creator_id = new.user_id and c.brand_brief_id = new.brand_brief_id
    ) then
      perform private.refuse('opportunity_not_joined', 'Join this opportunity before adding videos to it', 403);
    end if;
  end if;
  -- A brand without a brief is a pitch: allowed, counted in none of the brand's figures.
  if new.brand_id is not null and private.profile_type(new.brand_id) is distinct from 'brand' then
    perform private.refuse('brand_not_found', 'This brand does not exist', 404);
  end if;
  return new;
end;
$$;
comment on function private.check_video_links() is 'A video links to a brief only when its creator joined it (the brand follows the brief), or to a real brand alone, as a pitch.';

-- Admin invites ---------------------------------------------------------------

create or replace function public.create_admin_invite(note text default null, valid_days integer default 7)
  returns table (code text, expires_at timestamptz)
  language plpgsql volatile security definer
  set search_path = ''
as $$
declare
  new_code text := replace(gen_random_uuid()::text || gen_random_uuid()::text, '-', '');
  invite_expires_at timestamptz := now() + make_interval(days => valid_days);
begin
  if not (select private.is_admin()) then
    perform private.refuse('admin_only', 'Only admins can do this', 403);
  end if;
  if valid_days is null or valid_days < 1 or valid_days > 30 then
    perform private.refuse('invite_days_invalid', 'An invite is valid for 1 to 30 days', 400);
  end if;
  insert into public.admin_invites (code_hash, note, created_by, expires_at)
  values (sha256(convert_to(new_code, 'UTF8')), note, (select auth.uid()), invite_expires_at);
  return query select new_code, invite_expires_at;
end;
$$;
