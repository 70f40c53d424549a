-- Issue 33 (10): deep pages stay fast. Every long list pages by keyset: a page is read from the
-- row the person paged from (p_after: the last row of the page before; p_before: the first row
-- of the page after), or from either end of the list (p_page counted from the start, or from the
-- end with p_from_end), never by reading and throwing away the rows before it. A page number with
-- no row to page from (a typed or shared address) is read from the nearer end: the last page is
-- read backwards, as fast as the first. Totals come from the counters the totals already keep
-- (private.video_totals, profile_counts, platform_totals), else from a count that stops at
-- private.page_count_cap() rows: {"total": 10000, "exact": false} reads "10,000+".
--
-- Every list answers {"total", "exact", "has_previous", "has_next", "rows"}; has_previous and
-- has_next say whether rows lie before the first row or after the last, whatever the total says
-- (rows added while the person pages never come twice and never go missing).

-- Helpers --------------------------------------------------------------------------------------

create function private.page_count_cap() returns integer
language sql
immutable
set search_path = ''
as $$ select 10000 $$;

comment on function private.page_count_cap() is 'Where a count of a list without a counter stops: beyond it the total is "10,000+" (exact false), so counting never reads more than this many rows.';

create function private.page_cursor(p_after text, p_before text, out cursor text, out key text)
language plpgsql
stable
set search_path = ''
as $$
begin
  if p_after is not null and p_before is not null then
    perform private.refuse('page_cursor_invalid', 'Page from one row: p_after or p_before, not both', 400);
  end if;
  cursor := case when p_after is not null then 'after' when p_before is not null then 'before' end;
  key := coalesce(p_after, p_before);
  if key is not null and key !~ '^[0-9A-Za-z_-]{1,80}$' then
    perform private.refuse('page_cursor_invalid', 'A page cursor is the id of a row of the list', 400);
  end if;
end;
$$;

comment on function private.page_cursor(text, text) is 'The row a list is paged from: cursor after (p_after: the page after that row) or before (p_before: the page before it), key its id as text; refuses page_cursor_invalid (400) for both at once or a key that is no id.';

create function private.page_uuid(key text) returns uuid
language plpgsql
stable
set search_path = ''
as $$
begin
  if key !~ '^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$' then
    perform private.refuse('page_cursor_invalid', 'This list is paged from a row''s uuid', 400);
  end if;
  return key::uuid;
end;
$$;

comment on function private.page_uuid(text) is 'A page cursor of a list whose rows have uuid ids; refuses page_cursor_invalid (400) for anything else.';

create function private.page_bigint(key text) returns bigint
language plpgsql
stable
set search_path = ''
as $$
begin
  if key !~ '^[0-9]{1,18}$' then
    perform private.refuse('page_cursor_invalid', 'This list is paged from a row''s number', 400);
  end if;
  return key::bigint;
end;
$$;

comment on function private.page_bigint(text) is 'A page cursor of a list whose rows have numeric ids; refuses page_cursor_invalid (400) for anything else.';

create function private.page_plan(p_page integer, p_from_end boolean, p_cursor text, p_size integer, p_total bigint, p_exact boolean,
                                  out forward boolean, out skip bigint, out take integer)
language plpgsql
immutable
set search_path = ''
as $$
declare
  n bigint := least(greatest(coalesce(p_page, 1), 1), 10000000);
  pages bigint;
  behind bigint;
  last_rows bigint;
begin
  take := p_size;
  skip := 0;
  if p_cursor = 'after' then
    forward := true;
    return;
  elsif p_cursor = 'before' then
    forward := false;
    return;
  end if;
  if coalesce(p_exact, false) then
    -- The page numbers are known: page n from the end is page pages - n + 1; a page past the
    -- last is empty (one row is read backwards, to say that rows lie before it); a page nearer
    -- the end than the start is read backwards from the end.
    pages := greatest((greatest(p_total, 0) + p_size - 1) / p_size, 1);
    if coalesce(p_from_end, false) then
      n := greatest(pages - n + 1, 1);
    end if;
    if n > pages then
      forward := false;
      take := 0;
      return;
    end if;
    behind := pages - n;
    if behind < n - 1 then
      last_rows := greatest(p_total, 0) - (pages - 1) * p_size;
      forward := false;
      if behind = 0 then
        take := last_rows;
      else
        skip := last_rows + (behind - 1) * p_size;
      end if;
      return;
    end if;
    forward := true;
    skip := (n - 1) * p_size;
    return;
  end if;
  -- A capped total: whole pages from the start, or from the end.
  forward := not coalesce(p_from_end, false);
  skip := (n - 1) * p_size;
end;
$$;

comment on function private.page_plan(integer, boolean, text, integer, bigint, boolean) is 'How to read a page of p_size rows: from the row paged from (p_cursor after or before: no skipping), else page p_page (from the end with p_from_end) read from the nearer end when the total is exact. forward: in the list''s order (else backwards from the end), skip: rows to pass over (only for a page number with no row to page from), take: rows in the page. Read take + 1 rows to know whether more lie beyond.';

create function private.page_ids(ids anyarray, forward boolean, take integer) returns anyarray
language sql
immutable
set search_path = ''
as $$
  select case when forward then ids[1:take]
              else array(select u.x from unnest(ids[1:take]) with ordinality u(x, k) order by u.k desc) end
$$;

comment on function private.page_ids(anyarray, boolean, integer) is 'The ids of a page in the list''s order, from the take + 1 ids read (forward, or backwards from the end).';

create function private.page_slice(sorted anyarray, forward boolean, skip bigint, take integer, at integer) returns anyarray
language sql
immutable
set search_path = ''
as $$
  -- Forward: from the row after position `at` (else after `skip` rows); backwards: from the row
  -- before `at` (else `skip` rows from the end) towards the start. take + 1 ids, as a read gives.
  select case
    when forward then sorted[least(coalesce(at::bigint, skip), 2000000000)::integer + 1 : least(coalesce(at::bigint, skip) + take + 1, 2000000000)::integer]
    else array(select sorted[i]
                 from generate_series(coalesce(at::bigint - 1, cardinality(sorted) - skip),
                                      greatest(coalesce(at::bigint - 1, cardinality(sorted) - skip) - take, 1), -1) i)
  end
$$;

comment on function private.page_slice(anyarray, boolean, bigint, integer, integer) is 'What private.page_plan''s read gives, from a list already read whole and in order (search results): take + 1 ids from position `at` (the row paged from; null: none) or past `skip` rows, forward or backwards from the end.';

create function private.page_answer(p_rows json, p_read integer, p_take integer, p_forward boolean, p_skip bigint, p_cursor text,
                                    p_total bigint, p_exact boolean, p_searched boolean default null) returns json
language sql
immutable
set search_path = ''
as $$
  select json_build_object(
    'total', p_total,
    'exact', coalesce(p_exact, false),
    'searched', p_searched,
    'has_previous', case when p_forward then coalesce(p_cursor, '') = 'after' or p_skip > 0 else p_read > p_take end,
    'has_next', case when p_forward then p_read > p_take else coalesce(p_cursor, '') = 'before' or p_skip > 0 end,
    'rows', coalesce(p_rows, '[]'::json))
$$;

comment on function private.page_answer(json, integer, integer, boolean, bigint, text, bigint, boolean, boolean) is 'A keyset page''s answer: {"total", "exact" (false: the total is a count stopped at private.page_count_cap(), read "N+"), "searched", "has_previous", "has_next", "rows"}; p_read is how many ids were read (take + 1 when more lie beyond).';

create function private.video_count(p_owner text, p_user uuid, p_creator uuid, p_campaign_only boolean) returns bigint
language sql
stable
security definer
set search_path = ''
as $$
  select coalesce(sum(x.videos), 0)::bigint
    from (
      select t.videos from private.video_totals t
       where p_owner = 'creator' and t.creator_id = p_user
         and (not coalesce(p_campaign_only, false) or (t.brand_key <> '00000000-0000-0000-0000-000000000000' and not t.pitch))
      union all
      select t.videos from private.video_totals t
       where p_owner = 'brand' and p_creator is not null and t.creator_id = p_creator and t.brand_key = p_user
         and (not coalesce(p_campaign_only, false) or not t.pitch)
      union all
      select t.videos from private.video_totals t
       where p_owner = 'brand' and p_creator is null and t.brand_key = p_user
         and (not coalesce(p_campaign_only, false) or not t.pitch)
    ) x
   where private.may_view_metrics_of(p_user)
$$;

comment on function private.video_count(text, uuid, uuid, boolean) is 'How many videos video_listing_page() lists for p_user (creator: theirs; brand: sent to them, only creator p_creator''s when given; p_campaign_only: linked to a brief), from the running totals (private.video_totals) rather than by reading the videos. 0 unless the caller may read p_user''s figures.';

-- My Videos and the brand's Videos -------------------------------------------------------------

drop function public.video_listing_page(uuid, text, integer, integer, boolean, boolean, uuid, uuid);

create function public.video_listing_page(p_user uuid, p_owner text default 'creator', p_page integer default 1, p_limit integer default 10,
                                          p_campaign_only boolean default false, p_count boolean default true,
                                          p_creator uuid default null, p_brief uuid default null,
                                          p_from_end boolean default false, p_after text default null, p_before text default null)
returns json
language plpgsql
stable
set search_path = ''
as $$
declare
  size integer := least(greatest(coalesce(p_limit, 10), 1), 1000);
  campaign_only boolean := coalesce(p_campaign_only, false);
  cap integer := private.page_count_cap();
  cursor text;
  key text;
  b_at timestamptz;
  b_id uuid;
  total bigint;
  exact boolean := false;
  forward boolean;
  skip bigint;
  take integer;
  ids uuid[];
  page uuid[];
  listed json;
begin
  if p_owner is null or p_owner not in ('creator', 'brand') then
    perform private.refuse('video_owner_invalid', 'p_owner is creator or brand', 400);
  end if;
  select c.cursor, c.key into cursor, key from private.page_cursor(p_after, p_before) c;
  if key is not null then
    -- The row paged from, if the caller may see it (row-level security) and it is still there;
    -- otherwise the page number decides.
    select v.created_at, v.id into b_at, b_id from public.tiktok_videos v where v.id = private.page_uuid(key);
    if not found then
      cursor := null;
    end if;
  end if;

  if coalesce(p_count, true) then
    if p_brief is null and private.may_view_metrics_of(p_user) then
      total := private.video_count(p_owner, p_user, p_creator, campaign_only);
      exact := true;
    else
      -- One brief's videos have no counter of their own: counted up to the cap.
      if p_owner = 'creator' then
        select count(*) into total from (
          select 1 from public.tiktok_videos v
           where v.user_id = p_user and (not campaign_only or v.brand_brief_id is not null) and (p_brief is null or v.brand_brief_id = p_brief)
           limit cap + 1) c;
      elsif p_creator is not null then
        select count(*) into total from (
          select 1 from public.tiktok_videos v
           where v.user_id = p_creator and v.brand_id = p_user and (not campaign_only or v.brand_brief_id is not null)
             and (p_brief is null or v.brand_brief_id = p_brief)
           limit cap + 1) c;
      else
        select count(*) into total from (
          select 1 from public.tiktok_videos v
           where v.brand_id = p_user and (not campaign_only or v.brand_brief_id is not null) and (p_brief is null or v.brand_brief_id = p_brief)
           limit cap + 1) c;
      end if;
      exact := total <= cap;
      total := least(total, cap);
    end if;
  end if;

  select p.forward, p.skip, p.take into forward, skip, take from private.page_plan(p_page, p_from_end, cursor, size, total, exact) p;
  if cursor is null then
    b_at := case when forward then 'infinity'::timestamptz else '-infinity'::timestamptz end;
  end if;

  -- Newest first (created_at desc, id): each owner's own (owner, created_at desc, id) index, read
  -- from the row paged from in either direction. One statement per case: PL/pgSQL keeps a plan
  -- per statement.
  if p_owner = 'creator' then
    if forward then
      ids := array(select v.id from public.tiktok_videos v
                    where v.user_id = p_user and (not campaign_only or v.brand_brief_id is not null) and (p_brief is null or v.brand_brief_id = p_brief)
                      and v.created_at <= b_at and (v.created_at < b_at or v.id > b_id)
                    order by v.created_at desc, v.id offset skip limit take + 1);
    else
      ids := array(select v.id from public.tiktok_videos v
                    where v.user_id = p_user and (not campaign_only or v.brand_brief_id is not null) and (p_brief is null or v.brand_brief_id = p_brief)
                      and v.created_at >= b_at and (v.created_at > b_at or v.id < b_id)
                    order by v.created_at, v.id desc offset skip limit take + 1);
    end if;
  elsif p_creator is not null then
    -- One creator's videos for the brand: that creator's own (user_id, created_at) index.
    if forward then
      ids := array(select v.id from public.tiktok_videos v
                    where v.user_id = p_creator and v.brand_id = p_user and (not campaign_only or v.brand_brief_id is not null)
                      and (p_brief is null or v.brand_brief_id = p_brief)
                      and v.created_at <= b_at and (v.created_at < b_at or v.id > b_id)
                    order by v.created_at desc, v.id offset skip limit take + 1);
    else
      ids := array(select v.id from public.tiktok_videos v
                    where v.user_id = p_creator and v.brand_id = p_user and (not campaign_only or v.brand_brief_id is not null)
                      and (p_brief is null or v.brand_brief_id = p_brief)
                      and v.created_at >= b_at and (v.created_at > b_at or v.id < b_id)
                    order by v.created_at, v.id desc offset skip limit take + 1);
    end if;
  else
    if forward then
      ids := array(select v.id from public.tiktok_videos v
                    where v.brand_id = p_user and (not campaign_only or v.brand_brief_id is not null) and (p_brief is null or v.brand_brief_id = p_brief)
                      and v.created_at <= b_at and (v.created_at < b_at or v.id > b_id)
                    order by v.created_at desc, v.id offset skip limit take + 1);
    else
      ids := array(select v.id from public.tiktok_videos v
                    where v.brand_id = p_user and (not campaign_only or v.brand_brief_id is not null) and (p_brief is null or v.brand_brief_id = p_brief)
                      and v.created_at >= b_at and (v.created_at > b_at or v.id < b_id)
                    order by v.created_at, v.id desc offset skip limit take + 1);
    end if;
  end if;
  page := private.page_ids(ids, forward, take);
  select json_agg(l order by array_position(page, l.id)) into listed
    from public.video_listings l
   where l.id = any(page);
  return private.page_answer(listed, cardinality(ids), take, forward, skip, cursor, total, exact);
end;
$$;

comment on function public.video_listing_page(uuid, text, integer, integer, boolean, boolean, uuid, uuid, boolean, text, text) is 'Videos of p_user (p_owner creator: made by them; brand: sent to them, only creator p_creator''s when given), newest first (created_at desc, id), p_limit rows (1 to 1,000) a page: the page after video p_after or before video p_before (keyset: no row before it is read), else page p_page (from the end with p_from_end; the nearer end is read). {"total" (null unless p_count; from the running totals, or counted up to 10,000 for one brief: exact false), "exact", "has_previous", "has_next", "rows": [video_listings rows]}; p_campaign_only keeps those linked to a brief, p_brief those linked to that brief. Obeys the caller''s row-level security.';
grant execute on function public.video_listing_page(uuid, text, integer, integer, boolean, boolean, uuid, uuid, boolean, text, text) to authenticated, service_role;
revoke execute on function public.video_listing_page(uuid, text, integer, integer, boolean, boolean, uuid, uuid, boolean, text, text) from public, anon;

-- Notifications ---------------------------------------------------------------------------------

create function public.notifications_page(p_page integer default 1, p_limit integer default 20, p_from_end boolean default false,
                                          p_after text default null, p_before text default null)
returns json
language plpgsql
stable
set search_path = ''
as $$
declare
  me uuid := auth.uid();
  size integer := least(greatest(coalesce(p_limit, 20), 1), 100);
  cap integer := private.page_count_cap();
  cursor text;
  key text;
  b_at timestamptz;
  b_id bigint;
  total bigint;
  exact boolean;
  forward boolean;
  skip bigint;
  take integer;
  ids bigint[];
  page bigint[];
  listed json;
begin
  select c.cursor, c.key into cursor, key from private.page_cursor(p_after, p_before) c;
  if key is not null then
    select n.created_at, n.id into b_at, b_id from public.notifications n where n.id = private.page_bigint(key) and n.recipient_id = me;
    if not found then
      cursor := null;
    end if;
  end if;
  -- Notifications are written by every part of the product at once: no counter is kept (it
  -- would be a row every writer waits for); they are counted up to the cap.
  select count(*) into total from (select 1 from public.notifications n where n.recipient_id = me limit cap + 1) c;
  exact := total <= cap;
  total := least(total, cap);
  select p.forward, p.skip, p.take into forward, skip, take from private.page_plan(p_page, p_from_end, cursor, size, total, exact) p;
  if cursor is null then
    b_at := case when forward then 'infinity'::timestamptz else '-infinity'::timestamptz end;
    b_id := 0;
  end if;
  -- Newest first (created_at desc, id desc): notifications_recipient_created_idx either way.
  if forward then
    ids := array(select n.id from public.notifications n
                  where n.recipient_id = me and (n.created_at, n.id) < (b_at, b_id)
                  order by n.created_at desc, n.id desc offset skip limit take + 1);
  else
    ids := array(select n.id from public.notifications n
                  where n.recipient_id = me and (n.created_at, n.id) > (b_at, b_id)
                  order by n.created_at, n.id offset skip limit take + 1);
  end if;
  page := private.page_ids(ids, forward, take);
  select json_agg(json_build_object('id', n.id, 'type', n.type, 'params', n.params, 'created_at', n.created_at, 'read_at', n.read_at)
                  order by n.created_at desc, n.id desc)
    into listed
    from public.notifications n
   where n.id = any(page) and n.recipient_id = me;
  return private.page_answer(listed, cardinality(ids), take, forward, skip, cursor, total, exact);
end;
$$;

comment on function public.notifications_page(integer, integer, boolean, text, text) is 'The caller''s notifications, newest first, p_limit (1 to 100) a page: the page after notification p_after or before p_before (keyset), else page p_page (from the end with p_from_end). {"total" (counted up to 10,000: exact false beyond), "exact", "has_previous", "has_next", "rows": [{id, type, params, created_at, read_at}]}. Row-level security keeps it to the caller''s own.';
grant execute on function public.notifications_page(integer, integer, boolean, text, text) to authenticated, service_role;
revoke execute on function public.notifications_page(integer, integer, boolean, text, text) from public, anon;

-- The admin console's users ------------------------------------------------------------------------

drop function public.admin_list_users(text, text, integer, integer);

create function public.admin_list_users(p_search text default '', p_type text default null, p_page integer default 1, p_limit integer default 10,
                                        p_from_end boolean default false, p_after text default null, p_before text default null)
returns json
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  pattern text := private.admin_search_pattern(p_search);
  size integer := least(greatest(coalesce(p_limit, 10), 1), 100);
  kind text := nullif(p_type, 'all');
  cursor text;
  key text;
  b_at timestamptz;
  b_id uuid;
  total bigint;
  forward boolean;
  skip bigint;
  take integer;
  by_email uuid[];
  sorted uuid[];
  at integer;
  ids uuid[];
  page uuid[];
  listed json;
begin
  perform private.require_admin();
  if kind is not null and kind not in ('creator', 'brand', 'admin') then
    perform private.refuse('user_type_invalid', 'The type is creator, brand or admin', 400);
  end if;
  select c.cursor, c.key into cursor, key from private.page_cursor(p_after, p_before) c;
  if key is not null then
    b_id := private.page_uuid(key);
  end if;
  if pattern is null then
    if key is not null then
      select p.created_at into b_at from public.profiles p where p.id = b_id;
      if not found then
        cursor := null;
      end if;
    end if;
    if kind is null then
      select sum(c.profiles) into total from private.profile_counts c;
    else
      select c.profiles into total from private.profile_counts c where c.user_type = kind;
    end if;
    select p.forward, p.skip, p.take into forward, skip, take from private.page_plan(p_page, p_from_end, cursor, size, coalesce(total, 0), true) p;
    if cursor is null then
      b_at := case when forward then 'infinity'::timestamptz else '-infinity'::timestamptz end;
    end if;
    -- Newest first (created_at desc, id): profiles_created_at_idx, or profiles_user_type_created_at_idx.
    if kind is null and forward then
      ids := array(select p.id from public.profiles p where p.created_at <= b_at and (p.created_at < b_at or p.id > b_id)
                    order by p.created_at desc, p.id offset skip limit take + 1);
    elsif kind is null then
      ids := array(select p.id from public.profiles p where p.created_at >= b_at and (p.created_at > b_at or p.id < b_id)
                    order by p.created_at, p.id desc offset skip limit take + 1);
    elsif forward then
      ids := array(select p.id from public.profiles p where p.user_type = kind and p.created_at <= b_at and (p.created_at < b_at or p.id > b_id)
                    order by p.created_at desc, p.id offset skip limit take + 1);
    else
      ids := array(select p.id from public.profiles p where p.user_type = kind and p.created_at >= b_at and (p.created_at > b_at or p.id < b_id)
                    order by p.created_at, p.id desc offset skip limit take + 1);
    end if;
  else
    -- The accounts whose e-mail matches first (trigram index), then the profiles that match by
    -- name or are among them: one bitmap of the trigram and primary key indexes, where a join
    -- could be planned as a read of every profile. Every match is read (their count is the
    -- total), in order; the page is a slice of them, from the row paged from when it is among them.
    by_email := array(select e.user_id from private.account_emails e where lower(e.email) like pattern);
    sorted := array(select p.id from public.profiles p
                     where (private.profile_search_text(p.first_name, p.last_name, p.tiktok_username) like pattern or p.id = any(by_email))
                       and (kind is null or p.user_type = kind)
                     order by p.created_at desc, p.id);
    total := cardinality(sorted);
    at := case when key is not null then array_position(sorted, b_id) end;
    if at is null then
      cursor := null;
    end if;
    select p.forward, p.skip, p.take into forward, skip, take from private.page_plan(p_page, p_from_end, cursor, size, total, true) p;
    ids := private.page_slice(sorted, forward, skip, take, at);
  end if;
  page := private.page_ids(ids, forward, take);
  select json_agg(json_build_object(
           'id', p.id, 'user_type', p.user_type, 'first_name', p.first_name, 'last_name', p.last_name,
           'tiktok_username', p.tiktok_username, 'company_name', p.company_name, 'tiktok_avatar_url', p.tiktok_avatar_url,
           'created_at', p.created_at, 'email', u.email, 'suspended_at', s.suspended_at)
         order by array_position(page, p.id))
    into listed
    from public.profiles p
    left join auth.users u on u.id = p.id
    left join private.suspensions s on s.user_id = p.id
   where p.id = any(page);
  return private.page_answer(listed, cardinality(ids), take, forward, skip, cursor, total, true, pattern is not null);
end;
$$;

comment on function public.admin_list_users(text, text, integer, integer, boolean, text, text) is 'Admins: one page of users, newest first, {"total", "exact", "searched", "has_previous", "has_next", "rows"}: p_search matches first name, last name, TikTok username or e-mail, any part of them, case aside, taken literally (from 3 characters; shorter lists everyone, spec §5), p_type creator, brand, admin or all; 1 to 100 rows a page: the page after user p_after or before p_before (keyset), else page p_page (from the end with p_from_end; the nearer end is read). Rows carry the e-mail and, when suspended, since when.';
grant execute on function public.admin_list_users(text, text, integer, integer, boolean, text, text) to authenticated, service_role;
revoke execute on function public.admin_list_users(text, text, integer, integer, boolean, text, text) from public, anon;

-- The admin console's videos -----------------------------------------------------------------------

drop function public.admin_list_videos(text, text, text, integer, integer);

create function public.admin_list_videos(p_search text default '', p_signal text default null, p_sort text default 'newest', p_page integer default 1,
                                         p_limit integer default 10, p_from_end boolean default false, p_after text default null, p_before text default null)
returns json
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  pattern text := private.admin_search_pattern(p_search);
  size integer := least(greatest(coalesce(p_limit, 10), 1), 100);
  signal text := nullif(p_signal, '');
  by_signals boolean := coalesce(p_sort, 'newest') = 'signals';
  cap integer := private.page_count_cap();
  cursor text;
  key text;
  b_count integer;
  b_at timestamptz;
  b_id uuid;
  creators uuid[];
  sorted uuid[];
  at integer;
  total bigint;
  exact boolean := true;
  forward boolean;
  skip bigint;
  take integer;
  ids uuid[];
  page uuid[];
  listed json;
begin
  perform private.require_admin();
  if signal is not null and signal not in ('any', 'views_per_like', 'view_jump', 'low_engagement', 'not_owner', 'burst_posting', 'duplicate_claim', 'handle_changed') then
    perform private.refuse('signal_invalid', 'No such signal', 400);
  end if;
  if coalesce(p_sort, 'newest') not in ('newest', 'signals') then
    perform private.refuse('sort_invalid', 'Sort by newest or signals', 400);
  end if;
  select c.cursor, c.key into cursor, key from private.page_cursor(p_after, p_before) c;
  if key is not null then
    b_id := private.page_uuid(key);
  end if;
  -- Each case is its own statement: PL/pgSQL keeps one plan per statement, and a plan made for
  -- "no search" must never serve a search (nor the other way round).
  if pattern is not null then
    creators := array(select p.id from public.profiles p
                       where private.profile_search_text(p.first_name, p.last_name, p.tiktok_username) like pattern limit 1000);
    -- The matches first (trigram and creator indexes), then their order: walking the newest
    -- videos until enough match would pass a million rows when few do. Every match is read
    -- (their count is the total); the page is a slice of them.
    sorted := array(
      select v.id
        from public.tiktok_videos v
        left join private.video_signal_state s on s.video = v.id
       where (private.video_search_text(v.title, v.author_username) like pattern or v.user_id = any(creators))
         and (signal is null or (s.video is not null and (signal = 'any' or s.signals @> array[signal])))
       order by case when by_signals then coalesce(cardinality(s.signals), 0) end desc nulls last, v.created_at desc, v.id);
    total := cardinality(sorted);
    at := case when key is not null then array_position(sorted, b_id) end;
    if at is null then
      cursor := null;
    end if;
    select p.forward, p.skip, p.take into forward, skip, take from private.page_plan(p_page, p_from_end, cursor, size, total, true) p;
    ids := private.page_slice(sorted, forward, skip, take, at);
  elsif signal is not null or by_signals then
    -- Videos with signals (private.video_signal_state holds only those): counted up to the cap.
    if key is not null then
      select cardinality(s.signals), s.created_at into b_count, b_at from private.video_signal_state s where s.video = b_id;
      if not found then
        cursor := null;
      end if;
    end if;
    select count(*) into total from (
      select 1 from private.video_signal_state s where signal is null or signal = 'any' or s.signals @> array[signal] limit cap + 1) c;
    exact := total <= cap;
    total := least(total, cap);
    select p.forward, p.skip, p.take into forward, skip, take from private.page_plan(p_page, p_from_end, cursor, size, total, exact) p;
    if cursor is null then
      b_at := case when forward then 'infinity'::timestamptz else '-infinity'::timestamptz end;
      b_count := case when forward then 2147483647 else -1 end;
    end if;
    if by_signals then
      -- Most signals first (cardinality desc, created_at desc, video): video_signal_state_count_idx.
      -- The rest of the row's group of equal counts, then the groups after it: two ranges of
      -- the index, so that a group of a hundred thousand videos with one signal is not read
      -- from its start.
      if forward then
        ids := array(
          select x.video from (
            (select s.video, cardinality(s.signals) as n, s.created_at from private.video_signal_state s
              where cardinality(s.signals) = b_count and s.created_at <= b_at and (s.created_at < b_at or s.video > b_id)
                and (signal is null or signal = 'any' or s.signals @> array[signal])
              order by cardinality(s.signals) desc, s.created_at desc, s.video limit skip + take + 1)
            union all
            (select s.video, cardinality(s.signals) as n, s.created_at from private.video_signal_state s
              where cardinality(s.signals) < b_count and (signal is null or signal = 'any' or s.signals @> array[signal])
              order by cardinality(s.signals) desc, s.created_at desc, s.video limit skip + take + 1)
          ) x
          order by x.n desc, x.created_at desc, x.video offset skip limit take + 1);
      else
        ids := array(
          select x.video from (
            (select s.video, cardinality(s.signals) as n, s.created_at from private.video_signal_state s
              where cardinality(s.signals) = b_count and s.created_at >= b_at and (s.created_at > b_at or s.video < b_id)
                and (signal is null or signal = 'any' or s.signals @> array[signal])
              order by cardinality(s.signals), s.created_at, s.video desc limit skip + take + 1)
            union all
            (select s.video, cardinality(s.signals) as n, s.created_at from private.video_signal_state s
              where cardinality(s.signals) > b_count and (signal is null or signal = 'any' or s.signals @> array[signal])
              order by cardinality(s.signals), s.created_at, s.video desc limit skip + take + 1)
          ) x
          order by x.n, x.created_at, x.video desc offset skip limit take + 1);
      end if;
    elsif forward then
      -- Newest first: video_signal_state_created_idx.
      ids := array(select s.video from private.video_signal_state s
                    where (signal = 'any' or s.signals @> array[signal]) and s.created_at <= b_at and (s.created_at < b_at or s.video > b_id)
                    order by s.created_at desc, s.video offset skip limit take + 1);
    else
      ids := array(select s.video from private.video_signal_state s
                    where (signal = 'any' or s.signals @> array[signal]) and s.created_at >= b_at and (s.created_at > b_at or s.video < b_id)
                    order by s.created_at, s.video desc offset skip limit take + 1);
    end if;
  else
    -- Every video: the total from the platform's running totals, the page from the newest
    -- (tiktok_videos_created_at_idx) or the oldest.
    if key is not null then
      select v.created_at into b_at from public.tiktok_videos v where v.id = b_id;
      if not found then
        cursor := null;
      end if;
    end if;
    select coalesce(sum(t.videos), 0) into total from private.platform_totals t;
    select p.forward, p.skip, p.take into forward, skip, take from private.page_plan(p_page, p_from_end, cursor, size, total, true) p;
    if cursor is null then
      b_at := case when forward then 'infinity'::timestamptz else '-infinity'::timestamptz end;
    end if;
    if forward then
      ids := array(select v.id from public.tiktok_videos v where v.created_at <= b_at and (v.created_at < b_at or v.id > b_id)
                    order by v.created_at desc, v.id offset skip limit take + 1);
    else
      ids := array(select v.id from public.tiktok_videos v where v.created_at >= b_at and (v.created_at > b_at or v.id < b_id)
                    order by v.created_at, v.id desc offset skip limit take + 1);
    end if;
  end if;
  page := private.page_ids(ids, forward, take);

  -- Found by key, as video_listing_page() does; the signals ride along per row.
  select json_agg(to_jsonb(l) || jsonb_build_object(
           'signals', coalesce((select s.signals from private.video_signal_state s where s.video = l.id), array[]::text[]),
           'signal_details', coalesce((select s.details from private.video_signal_state s where s.video = l.id), '[]'::jsonb))
         order by array_position(page, l.id))
    into listed
    from public.video_listings l
   where l.id = any(page);
  return private.page_answer(listed, cardinality(ids), take, forward, skip, cursor, coalesce(total, 0), exact, pattern is not null);
end;
$$;

comment on function public.admin_list_videos(text, text, text, integer, integer, boolean, text, text) is 'Admins: one page of videos, {"total", "exact", "searched", "has_previous", "has_next", "rows"}: p_search (from 3 characters) matches the title, the TikTok author or the creator''s name; p_signal keeps videos with that signal (any: with one at least; counted up to 10,000, exact false beyond); p_sort newest (default) or signals (most signals first); 1 to 100 rows a page: the page after video p_after or before p_before (keyset), else page p_page (from the end with p_from_end; the nearer end is read when the total is exact). Rows are video_listings rows with their signals (signals, signal_details).';
grant execute on function public.admin_list_videos(text, text, text, integer, integer, boolean, text, text) to authenticated, service_role;
revoke execute on function public.admin_list_videos(text, text, text, integer, integer, boolean, text, text) from public, anon;

-- The audit log ---------------------------------------------------------------------------------------

drop function public.admin_audit_page(integer, integer);

create function public.admin_audit_page(p_page integer default 1, p_limit integer default 20, p_from_end boolean default false,
                                        p_after text default null, p_before text default null)
returns json
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  size integer := least(greatest(coalesce(p_limit, 20), 1), 100);
  cap integer := private.page_count_cap();
  cursor text;
  key text;
  b_at timestamptz;
  b_id bigint;
  total bigint;
  exact boolean;
  forward boolean;
  skip bigint;
  take integer;
  ids bigint[];
  page bigint[];
  listed json;
begin
  perform private.require_admin();
  select c.cursor, c.key into cursor, key from private.page_cursor(p_after, p_before) c;
  if key is not null then
    select l.created_at, l.id into b_at, b_id from public.admin_audit_log l where l.id = private.page_bigint(key);
    if not found then
      cursor := null;
    end if;
  end if;
  -- Every payment recorded is a line: the log grows by thousands a month. Counted up to the cap.
  select count(*) into total from (select 1 from public.admin_audit_log l limit cap + 1) c;
  exact := total <= cap;
  total := least(total, cap);
  select p.forward, p.skip, p.take into forward, skip, take from private.page_plan(p_page, p_from_end, cursor, size, total, exact) p;
  if cursor is null then
    b_at := case when forward then 'infinity'::timestamptz else '-infinity'::timestamptz end;
    b_id := 0;
  end if;
  -- Newest first (created_at desc, id desc): admin_audit_log_created_at_idx either way.
  if forward then
    ids := array(select l.id from public.admin_audit_log l where (l.created_at, l.id) < (b_at, b_id)
                  order by l.created_at desc, l.id desc offset skip limit take + 1);
  else
    ids := array(select l.id from public.admin_audit_log l where (l.created_at, l.id) > (b_at, b_id)
                  order by l.created_at, l.id offset skip limit take + 1);
  end if;
  page := private.page_ids(ids, forward, take);
  select json_agg(json_build_object(
           'id', a.id, 'created_at', a.created_at, 'action', a.action, 'target_type', a.target_type, 'target_id', a.target_id,
           'reason', a.reason, 'reference', a.details ->> 'reference', 'paid_on', a.details ->> 'paid_on', 'details', a.details,
           'admin_id', a.admin_id, 'admin_name', nullif(btrim(concat_ws(' ', ap.first_name, ap.last_name)), ''),
           'target_label', target.label, 'target_number', target.number, 'target_month', target.month)
         order by a.created_at desc, a.id desc)
    into listed
    from public.admin_audit_log a
    left join public.profiles ap on ap.id = a.admin_id
    cross join lateral (
      select case a.target_type
               when 'user' then (select private.audit_name(p.user_type, p.first_name, p.last_name, p.company_name)
                                   from public.profiles p where p.id = a.target_id)
               when 'video' then coalesce((select coalesce(nullif(btrim(v.title), ''), v.video_id) from public.tiktok_videos v where v.id = a.target_id),
                                          a.details ->> 'video_id')
               when 'invite' then coalesce((select nullif(btrim(i.note), '') from public.admin_invites i where i.id = a.target_id), nullif(btrim(a.reason), ''))
               when 'payout' then (select private.audit_name(p.user_type, p.first_name, p.last_name, p.company_name)
                                     from public.profiles p
                                    where p.id = coalesce((select o.creator_id from public.payouts o where o.id = a.target_id), (a.details ->> 'creator_id')::uuid))
               when 'invoice' then (select private.audit_name(p.user_type, p.first_name, p.last_name, p.company_name)
                                      from public.profiles p where p.id = a.target_id)
             end as label,
             case when a.target_type = 'invoice' then
               (select i.number from public.brand_invoices i where i.brand_id = a.target_id and i.month = (a.details ->> 'month')::date)
             end as number,
             case a.target_type
               when 'payout' then coalesce((select o.month from public.payouts o where o.id = a.target_id), (a.details ->> 'month')::date)
               when 'invoice' then (a.details ->> 'month')::date
               when 'month' then (a.details ->> 'month')::date
             end as month
    ) target
   where a.id = any(page);
  return private.page_answer(listed, cardinality(ids), take, forward, skip, cursor, total, exact);
end;
$$;

comment on function public.admin_audit_page(integer, integer, boolean, text, text) is 'Admins: one page of the audit log, newest first, {"total" (counted up to 10,000: exact false beyond), "exact", "has_previous", "has_next", "rows"}: the page after entry p_after or before p_before (keyset), else page p_page (from the end with p_from_end). Each row: the action, the acting admin''s name (admin_id null: the scheduler or a server command), the reason, a payment''s reference and paid_on, and its target named: target_label (the person''s name, the video''s title or TikTok id, the invite''s note, the payout''s creator, the invoice''s brand), target_number (an invoice''s number) and target_month (a payout''s, an invoice''s or a closed month).';
grant execute on function public.admin_audit_page(integer, integer, boolean, text, text) to authenticated, service_role;
revoke execute on function public.admin_audit_page(integer, integer, boolean, text, text) from public, anon;

-- The brand's review queue ("Show more") ----------------------------------------------------------------

drop function public.review_queue_page(integer, integer);

create function public.review_queue_page(p_limit integer default 10, p_after_at timestamptz default null, p_after uuid default null)
returns json
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  brand uuid := auth.uid();
  cutoff timestamptz := private.auto_approve_cutoff();
  size integer := least(greatest(coalesce(p_limit, 10), 1), 100);
  cap integer := private.page_count_cap();
  b_at timestamptz := coalesce(p_after_at, '-infinity'::timestamptz);
  b_id uuid := coalesce(p_after, '00000000-0000-0000-0000-000000000000'::uuid);
  queued bigint;
  ids uuid[];
  page uuid[];
  listed json;
begin
  if (p_after_at is null) <> (p_after is null) then
    perform private.refuse('page_cursor_invalid', 'Show more after a row: its queued_at and its id, both', 400);
  end if;
  select count(*) into queued from (
    select 1 from private.video_tallies t where t.brand_key = brand and t.pending_since > cutoff limit cap + 1) c;
  -- Oldest submission first (pending_since, video): video_tallies_brand_pending_idx, from the
  -- last row shown. The key is the row's own (queued_at, id): a video answered meanwhile still
  -- marks the place.
  ids := array(select t.video from private.video_tallies t
                where t.brand_key = brand and t.pending_since > cutoff and (t.pending_since, t.video) > (b_at, b_id)
                order by t.pending_since, t.video limit size + 1);
  page := ids[1:size];
  select json_agg(to_jsonb(l) || jsonb_build_object('queued_at', t.pending_since) order by t.pending_since, t.video) into listed
    from private.video_tallies t
    join public.video_listings l on l.id = t.video
   where t.video = any(page);
  return json_build_object('total', least(queued, cap), 'exact', queued <= cap, 'has_previous', p_after is not null,
                           'has_next', cardinality(ids) > size, 'rows', coalesce(listed, '[]'::json));
end;
$$;

comment on function public.review_queue_page(integer, timestamptz, uuid) is 'The calling brand''s videos awaiting its answer (a pending review inside ledger_rules.review_auto_approve_hours, of a video still sent to it), oldest submission first: {"total" (counted up to 10,000: exact false beyond), "exact", "has_previous", "has_next", "rows": [review_queue rows with queued_at]} for p_limit rows (at most 100) after the row (p_after_at: its queued_at, p_after: its id) shown last ("Show more": keyset, no row before it is read). Read from private.video_tallies.';
grant execute on function public.review_queue_page(integer, timestamptz, uuid) to authenticated, service_role;
revoke execute on function public.review_queue_page(integer, timestamptz, uuid) from public, anon;

-- The brand's Creators ("Show more") ---------------------------------------------------------------------

drop function public.brand_creators(uuid, integer, integer, uuid, uuid);

create function public.brand_creators(p_brand uuid, p_limit integer default 20, p_brief uuid default null, p_creator uuid default null,
                                      p_after_at timestamptz default null, p_after uuid default null)
returns table(creator_id uuid, name text, tiktok_username text, follower_count integer, briefs text[], last_joined_at timestamptz, tiktok_verified boolean,
              videos bigint, counted_views bigint, charged_satang bigint)
language sql
stable
security definer
set search_path = ''
as $$
  with joined as (
    select c.creator_id,
           max(c.created_at) as last_joined_at,
           array_agg(b.title order by c.created_at desc, b.id) as briefs
      from public.brand_briefs b
      join public.creator_brand_connections c on c.brand_brief_id = b.id
     where b.brand_id = p_brand
       and (p_brief is null or b.id = p_brief)
       and (p_creator is null or c.creator_id = p_creator)
       and (p_brand = (select auth.uid()) or (select private.is_admin()) or (select auth.role()) = 'service_role')
     group by c.creator_id
    -- After the row shown last (its last_joined_at and creator id): the creators' figures below
    -- are made for this page only.
    having p_after_at is null or p_after is null
        or max(c.created_at) < p_after_at or (max(c.created_at) = p_after_at and c.creator_id > p_after)
     order by max(c.created_at) desc, c.creator_id
     limit least(greatest(coalesce(p_limit, 20), 1), 100)
  )
  select j.creator_id,
         nullif(btrim(concat_ws(' ', btrim(p.first_name), btrim(p.last_name))), '') as name,
         p.tiktok_username,
         p.follower_count,
         j.briefs,
         j.last_joined_at,
         coalesce(n.tiktok_verified, false),
         f.videos,
         f.counted_views,
         f.charged_satang
    from joined j
    left join public.profiles p on p.id = j.creator_id
    left join private.profile_names n on n.id = j.creator_id
   cross join lateral (
     select count(*)::bigint as videos,
            (coalesce(sum(t.counted_views), 0) + coalesce(sum(t.pending_views) filter (where t.pending_since <= private.auto_approve_cutoff()), 0))::bigint as counted_views,
            (coalesce(sum(t.charged_satang), 0) + coalesce(sum(t.pending_charged_satang) filter (where t.pending_since <= private.auto_approve_cutoff()), 0))::bigint as charged_satang
       from public.tiktok_videos v
       join private.video_tallies t on t.video = v.id
      where v.brand_id = p_brand and v.user_id = j.creator_id
        and (p_brief is null or v.brand_brief_id = p_brief)
   ) f
   order by j.last_joined_at desc, j.creator_id
$$;

comment on function public.brand_creators(uuid, integer, uuid, uuid, timestamptz, uuid) is 'One page of the creators who joined the briefs of brand p_brand (only brief p_brief when given; only creator p_creator when given): one row per creator with the titles of the briefs they joined (latest first), whether their TikTok account is verified (connected, the profile''s username), and what they did for the brand (for brief p_brief when given): videos sent to it, counted_views and charged_satang, the brand''s charge so far (brand_metrics()''s figures per creator: each video''s private.satang(counted views, the brief''s brand rate), with the reviews the 72-hour clock approved). The latest joiner first, at most 100 rows, after the row shown last (p_after_at: its last_joined_at, p_after: its creator_id; keyset); name is null when the creator gave none. Only for the brand itself, an admin or the service role; anyone else gets no rows. The /dashboard/creators page asks for one row more than it shows to know whether another page exists.';
grant execute on function public.brand_creators(uuid, integer, uuid, uuid, timestamptz, uuid) to authenticated, service_role;
revoke execute on function public.brand_creators(uuid, integer, uuid, uuid, timestamptz, uuid) from public, anon;

-- The admin's payouts and invoices ---------------------------------------------------------------------------

create function public.admin_payouts_page(p_paid boolean default false, p_page integer default 1, p_limit integer default 10, p_from_end boolean default false,
                                          p_after text default null, p_before text default null)
returns json
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  paid boolean := coalesce(p_paid, false);
  size integer := least(greatest(coalesce(p_limit, 10), 1), 100);
  cap integer := private.page_count_cap();
  cursor text;
  key text;
  b_month date;
  b_at timestamptz;
  b_id uuid;
  total bigint;
  exact boolean;
  forward boolean;
  skip bigint;
  take integer;
  ids uuid[];
  page uuid[];
  listed json;
begin
  perform private.require_admin();
  select c.cursor, c.key into cursor, key from private.page_cursor(p_after, p_before) c;
  if key is not null then
    select o.month, case when paid then o.paid_at else o.created_at end, o.id into b_month, b_at, b_id
      from public.payouts o where o.id = private.page_uuid(key) and (o.paid_at is not null) = paid;
    if not found then
      cursor := null;
    end if;
  end if;
  if paid then
    select count(*) into total from (select 1 from public.payouts o where o.paid_at is not null limit cap + 1) c;
  else
    select count(*) into total from (select 1 from public.payouts o where o.paid_at is null limit cap + 1) c;
  end if;
  exact := total <= cap;
  total := least(total, cap);
  select p.forward, p.skip, p.take into forward, skip, take from private.page_plan(p_page, p_from_end, cursor, size, total, exact) p;
  if cursor is null then
    b_month := case when forward then '-infinity'::date else 'infinity'::date end;
    b_at := case when forward = paid then 'infinity'::timestamptz else '-infinity'::timestamptz end;
    b_id := '00000000-0000-0000-0000-000000000000';
  end if;
  if not paid and forward then
    -- Due: oldest month first (month, created_at, id), payouts_due_idx.
    ids := array(select o.id from public.payouts o where o.paid_at is null and (o.month, o.created_at, o.id) > (b_month, b_at, b_id)
                  order by o.month, o.created_at, o.id offset skip limit take + 1);
  elsif not paid then
    ids := array(select o.id from public.payouts o where o.paid_at is null and (o.month, o.created_at, o.id) < (b_month, b_at, b_id)
                  order by o.month desc, o.created_at desc, o.id desc offset skip limit take + 1);
  elsif forward then
    -- Paid: most recently recorded first (paid_at desc, id), payouts_paid_idx.
    ids := array(select o.id from public.payouts o where o.paid_at is not null and o.paid_at <= b_at and (o.paid_at < b_at or o.id > b_id)
                  order by o.paid_at desc, o.id offset skip limit take + 1);
  else
    ids := array(select o.id from public.payouts o where o.paid_at is not null and o.paid_at >= b_at and (o.paid_at > b_at or o.id < b_id)
                  order by o.paid_at, o.id desc offset skip limit take + 1);
  end if;
  page := private.page_ids(ids, forward, take);
  select json_agg(json_build_object('id', o.id, 'creator_id', o.creator_id, 'month', o.month, 'gross_satang', o.gross_satang,
                                    'wht_satang', o.wht_satang, 'net_satang', o.net_satang, 'wht_rate_bp', o.wht_rate_bp,
                                    'paid_on', o.paid_on, 'reference', o.reference)
                  order by array_position(page, o.id))
    into listed
    from public.payouts o
   where o.id = any(page);
  return private.page_answer(listed, cardinality(ids), take, forward, skip, cursor, total, exact);
end;
$$;

comment on function public.admin_payouts_page(boolean, integer, integer, boolean, text, text) is 'Admins: one page of payouts, {"total" (counted up to 10,000: exact false beyond), "exact", "has_previous", "has_next", "rows"}: due ones (p_paid false) oldest month first, paid ones most recently recorded first; 1 to 100 rows a page: the page after payout p_after or before p_before (keyset), else page p_page (from the end with p_from_end). Rows: id, creator_id, month, gross_satang, wht_satang, net_satang, wht_rate_bp, paid_on, reference.';
grant execute on function public.admin_payouts_page(boolean, integer, integer, boolean, text, text) to authenticated, service_role;
revoke execute on function public.admin_payouts_page(boolean, integer, integer, boolean, text, text) from public, anon;

create function public.admin_invoices_page(p_status text default 'due', p_page integer default 1, p_limit integer default 10, p_from_end boolean default false,
                                           p_after text default null, p_before text default null)
returns json
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  size integer := least(greatest(coalesce(p_limit, 10), 1), 100);
  cap integer := private.page_count_cap();
  cursor text;
  key text;
  b_paid date;
  b_month date;
  b_brand uuid;
  total bigint;
  exact boolean;
  forward boolean;
  skip bigint;
  take integer;
  keys text[];
  page text[];
  listed json;
begin
  perform private.require_admin();
  if p_status is null or p_status not in ('due', 'paid') then
    perform private.refuse('invoice_status_invalid', 'The status is due or paid', 400);
  end if;
  select c.cursor, c.key into cursor, key from private.page_cursor(p_after, p_before) c;
  if key is not null then
    -- An invoice is a brand's month: its key is month_brand (2026-10-01_<uuid>).
    if key !~ '^[0-9]{4}-[0-9]{2}-[0-9]{2}_[0-9a-fA-F-]{36}$' then
      perform private.refuse('page_cursor_invalid', 'An invoice''s cursor is its month and brand: YYYY-MM-DD_<brand id>', 400);
    end if;
    select s.paid_on, s.month, s.brand_id into b_paid, b_month, b_brand
      from private.invoice_sums s
     where s.month = split_part(key, '_', 1)::date and s.brand_id = private.page_uuid(split_part(key, '_', 2)) and s.status = p_status;
    if not found then
      cursor := null;
    end if;
  end if;
  select count(*) into total from (select 1 from private.invoice_sums s where s.status = p_status limit cap + 1) c;
  exact := total <= cap;
  total := least(total, cap);
  select p.forward, p.skip, p.take into forward, skip, take from private.page_plan(p_page, p_from_end, cursor, size, total, exact) p;
  if cursor is null then
    b_paid := case when forward then 'infinity'::date else '-infinity'::date end;
    b_month := case when forward = (p_status = 'due') then '-infinity'::date else 'infinity'::date end;
    b_brand := '00000000-0000-0000-0000-000000000000';
  end if;
  if p_status = 'due' and forward then
    -- Due: oldest month first (month, brand_id), invoice_sums_status_month_idx.
    keys := array(select to_char(s.month, 'YYYY-MM-DD') || '_' || s.brand_id from private.invoice_sums s where s.status = 'due' and (s.month, s.brand_id) > (b_month, b_brand)
                   order by s.month, s.brand_id offset skip limit take + 1);
  elsif p_status = 'due' then
    keys := array(select to_char(s.month, 'YYYY-MM-DD') || '_' || s.brand_id from private.invoice_sums s where s.status = 'due' and (s.month, s.brand_id) < (b_month, b_brand)
                   order by s.month desc, s.brand_id desc offset skip limit take + 1);
  elsif forward then
    -- Paid: newest payment first (paid_on desc, month desc, brand_id), invoice_sums_status_paid_idx.
    keys := array(select to_char(s.month, 'YYYY-MM-DD') || '_' || s.brand_id from private.invoice_sums s
                   where s.status = 'paid' and s.paid_on <= b_paid
                     and (s.paid_on < b_paid or s.month < b_month or (s.month = b_month and s.brand_id > b_brand))
                   order by s.paid_on desc, s.month desc, s.brand_id offset skip limit take + 1);
  else
    keys := array(select to_char(s.month, 'YYYY-MM-DD') || '_' || s.brand_id from private.invoice_sums s
                   where s.status = 'paid' and s.paid_on >= b_paid
                     and (s.paid_on > b_paid or s.month > b_month or (s.month = b_month and s.brand_id < b_brand))
                   order by s.paid_on, s.month, s.brand_id desc offset skip limit take + 1);
  end if;
  page := private.page_ids(keys, forward, take);
  select json_agg(json_build_object('brand_id', i.brand_id, 'month', i.month, 'number', i.number, 'views', i.views, 'amount_satang', i.amount_satang,
                                    'status', i.status, 'paid_on', i.paid_on, 'reference', i.reference, 'issued_at', i.issued_at)
                  order by array_position(page, to_char(i.month, 'YYYY-MM-DD') || '_' || i.brand_id))
    into listed
    from public.brand_invoices i
   where (i.brand_id, i.month) in (select split_part(k, '_', 2)::uuid, split_part(k, '_', 1)::date from unnest(page) k);
  return private.page_answer(listed, cardinality(keys), take, forward, skip, cursor, total, exact);
end;
$$;

comment on function public.admin_invoices_page(text, integer, integer, boolean, text, text) is 'Admins: one page of every brand''s invoices of status p_status (due: oldest month first, to chase; paid: newest payment first), {"total" (counted up to 10,000: exact false beyond), "exact", "has_previous", "has_next", "rows": [brand_invoices rows]}; 1 to 100 rows a page: the page after invoice p_after or before p_before (its month and brand, YYYY-MM-DD_<brand id>; keyset), else page p_page (from the end with p_from_end).';
grant execute on function public.admin_invoices_page(text, integer, integer, boolean, text, text) to authenticated, service_role;
revoke execute on function public.admin_invoices_page(text, integer, integer, boolean, text, text) from public, anon;
