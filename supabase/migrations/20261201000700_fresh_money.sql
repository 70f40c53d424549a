-- Fresh money (issue 29, item 8): every open screen of the people a change of money concerns shows
-- the new figures within seconds, and never figures older than what the bell announces.
--
-- The database keeps a change stamp per person: a number that moves, in the same transaction, with
-- every write that changes their figures (a review, an exclusion, a measurement that moves counted
-- views, a budget, a month close, a payout, an invoice payment) and, as a second number, with every
-- notification they receive. Admins follow the whole platform through 16 shard stamps. The SPA asks
-- for them every few seconds (public.my_changes(), a handful of index look-ups) and re-reads the
-- money on screen when they move, before it shows the bell's new count.
--
-- Writers never wait on each other in a circle over the stamps: the triggers only note who was
-- touched (private.money_touches, keyed by the transaction, so no two transactions share a row),
-- and one deferred trigger writes every stamp of the transaction at commit, shards then people,
-- each in ascending order. Only that trigger locks stamps, so every transaction takes them in the
-- same order (the totals once deadlocked for want of that: 20261201000200_totals_lock_order.sql).

create sequence private.money_stamp_seq;
comment on sequence private.money_stamp_seq is 'The values of the change stamps: one per committing transaction that touched money or notifications, so a stamp that was written is never written with the same value again.';

create table private.money_stamps (
  user_id uuid primary key,
  money bigint not null default 0,
  money_at timestamptz,
  news bigint not null default 0
);
comment on table private.money_stamps is 'A person''s change stamps (issue 29): money moves when a committed write changed their figures, news when they received a notification. Written only by private.flush_money_touches() at commit; read by public.my_changes(). No row: nothing changed since this table exists.';
comment on column private.money_stamps.money is 'A value of private.money_stamp_seq, new at each commit that changed the person''s money figures (0: none yet).';
comment on column private.money_stamps.money_at is 'When money last moved (the commit that moved it, to the millisecond): the SPA''s first look compares it with the age of the figures it holds.';
comment on column private.money_stamps.news is 'A value of private.money_stamp_seq, new at each commit that gave the person a notification (0: none yet).';

create table private.platform_money_stamps (
  shard smallint primary key check (shard between 0 and 15),
  money bigint not null default 0,
  changed_at timestamptz
);
comment on table private.platform_money_stamps is 'The admins'' change stamps: any money change moves the shard of a person it concerns (hashtext(id) & 15), so that writers for different people rarely share a row. An admin''s stamp is their own plus the sum of the 16.';
insert into private.platform_money_stamps (shard) select generate_series(0, 15);

create table private.money_touches (
  tx xid8 not null default pg_current_xact_id(),
  person uuid not null,
  kind text not null check (kind in ('money', 'news', 'platform')),
  primary key (tx, person, kind)
);
comment on table private.money_touches is 'Who the running transactions touched, until their commit writes the stamps (private.flush_money_touches) and empties their rows. kind money: the person''s figures (and the platform''s); news: a notification for them; platform: only the admins'' figures (the person only picks the shard).';

create table private.money_flushes (
  tx xid8 primary key default pg_current_xact_id()
);
comment on table private.money_flushes is 'One row per running transaction that touched someone: its insert queues the one deferred call of private.flush_money_touches() at commit (a month close touches thousands of people, and queues one call, not thousands).';

alter table private.money_stamps enable row level security;
alter table private.platform_money_stamps enable row level security;
alter table private.money_touches enable row level security;
alter table private.money_flushes enable row level security;
revoke all on private.money_stamps, private.platform_money_stamps, private.money_touches, private.money_flushes from public, anon, authenticated;
revoke all on sequence private.money_stamp_seq from public, anon, authenticated;

create function private.money_shard(person uuid) returns smallint
  language sql immutable
  set search_path = ''
as $$
  select (hashtext(person::text) & 15)::smallint
$$;
comment on function private.money_shard(uuid) is 'The platform stamp shard a person''s money changes move.';

create function private.touch_money(people uuid[], kind text default 'money') returns void
  language sql volatile security definer
  set search_path = ''
as $$
  insert into private.money_touches (person, kind)
  select distinct p.person, touch_money.kind from unnest(people) p(person) where p.person is not null
  on conflict do nothing;
  insert into private.money_flushes (tx)
  select pg_current_xact_id() where cardinality(people) > 0
  on conflict do nothing;
$$;
comment on function private.touch_money(uuid[], text) is 'Notes that this transaction changed these people''s money figures (kind money), gave them a notification (news), or changed only the admins'' figures (platform); their stamps move when it commits.';
revoke all on function private.touch_money(uuid[], text) from public, anon, authenticated;

create function private.flush_money_touches() returns trigger
  language plpgsql security definer
  set search_path = ''
as $$
declare
  stamp bigint;
  shards smallint[];
begin
  -- Deferred: runs at commit, once per transaction that touched someone (private.money_flushes).
  delete from private.money_flushes f where f.tx = pg_current_xact_id();
  if not exists (select 1 from private.money_touches t where t.tx = pg_current_xact_id()) then
    return null;
  end if;
  stamp := nextval('private.money_stamp_seq');

  select array_agg(distinct private.money_shard(t.person) order by private.money_shard(t.person)) into shards
    from private.money_touches t
   where t.tx = pg_current_xact_id() and t.kind in ('money', 'platform');
  if shards is not null then
    -- Locked in ascending order (the sort happens before the locks), then written.
    perform 1 from private.platform_money_stamps s where s.shard = any(shards) order by s.shard for update;
    update private.platform_money_stamps s set money = stamp, changed_at = clock_timestamp() where s.shard = any(shards);
  end if;

  -- People in ascending order; only those with a profile (a deleted profile has no screen to refresh).
  with taken as (
    delete from private.money_touches t where t.tx = pg_current_xact_id() returning t.person, t.kind
  )
  insert into private.money_stamps as s (user_id, money, money_at, news)
  select t.person,
         case when bool_or(t.kind = 'money') then stamp else 0 end,
         case when bool_or(t.kind = 'money') then clock_timestamp() end,
         case when bool_or(t.kind = 'news') then stamp else 0 end
    from taken t
   where t.kind in ('money', 'news')
     and exists (select 1 from public.profiles p where p.id = t.person)
   group by t.person
   order by t.person
  on conflict (user_id) do update
    set money = case when excluded.money_at is null then s.money else excluded.money end,
        money_at = coalesce(excluded.money_at, s.money_at),
        news = case when excluded.news = 0 then s.news else excluded.news end;
  return null;
end;
$$;
comment on function private.flush_money_touches() is 'At commit: moves the stamps of everyone the transaction touched to one new value, the platform shards first, then the people, each in ascending order (the only place stamps are locked, so commits never wait on each other in a circle).';
revoke all on function private.flush_money_touches() from public, anon, authenticated;

create constraint trigger money_flushes_flush
  after insert on private.money_flushes
  deferrable initially deferred
  for each row execute function private.flush_money_touches();

-- Who each change concerns ------------------------------------------------------------------------
-- Statement triggers with transition tables: one look per statement, however many rows it wrote
-- (a month close, a recount of every window).

-- Reviews: the creator and the brand (a decision, the clock's, a new or withdrawn submission).
create function private.fresh_money_reviews() returns trigger
  language plpgsql security definer
  set search_path = ''
as $$
begin
  if tg_op = 'INSERT' then
    perform private.touch_money(array(select x.person from fresh_rows r cross join lateral (values (r.creator_id), (r.brand_id)) x(person)));
  elsif tg_op = 'DELETE' then
    perform private.touch_money(array(select x.person from stale_rows r cross join lateral (values (r.creator_id), (r.brand_id)) x(person)));
  else
    perform private.touch_money(array(
      select x.person
        from fresh_rows n
        join stale_rows o on o.id = n.id
        cross join lateral (values (o.creator_id), (o.brand_id), (n.creator_id), (n.brand_id)) x(person)
       where (o.status, o.submitted_at, o.brand_id, o.brand_brief_id, o.creator_id)
             is distinct from (n.status, n.submitted_at, n.brand_id, n.brand_brief_id, n.creator_id)));
  end if;
  return null;
end;
$$;
comment on function private.fresh_money_reviews() is 'Touches the creator and the brand of each review decided, submitted again, added or removed.';

create trigger video_reviews_fresh_money_insert after insert on public.video_reviews
  referencing new table as fresh_rows for each statement execute function private.fresh_money_reviews();
create trigger video_reviews_fresh_money_update after update on public.video_reviews
  referencing old table as stale_rows new table as fresh_rows for each statement execute function private.fresh_money_reviews();
create trigger video_reviews_fresh_money_delete after delete on public.video_reviews
  referencing old table as stale_rows for each statement execute function private.fresh_money_reviews();

-- Videos: added or removed, and changes of what counts (an exclusion, the links, the window's
-- views, availability); not every new view count, which changes no money by itself.
create function private.fresh_money_videos() returns trigger
  language plpgsql security definer
  set search_path = ''
as $$
begin
  if tg_op = 'INSERT' then
    perform private.touch_money(array(select x.person from fresh_rows r cross join lateral (values (r.user_id), (r.brand_id)) x(person)));
  elsif tg_op = 'DELETE' then
    perform private.touch_money(array(select x.person from stale_rows r cross join lateral (values (r.user_id), (r.brand_id)) x(person)));
  else
    perform private.touch_money(array(
      select x.person
        from fresh_rows n
        join stale_rows o on o.id = n.id
        cross join lateral (values (o.user_id), (o.brand_id), (n.user_id), (n.brand_id)) x(person)
       where (o.window_views, o.excluded_at, o.brand_id, o.brand_brief_id, o.user_id, o.availability)
             is distinct from (n.window_views, n.excluded_at, n.brand_id, n.brand_brief_id, n.user_id, n.availability)));
  end if;
  return null;
end;
$$;
comment on function private.fresh_money_videos() is 'Touches the creator and the brand of each video added, removed, excluded or reinstated, re-linked, made unavailable, or whose counted window views moved.';

create trigger tiktok_videos_fresh_money_insert after insert on public.tiktok_videos
  referencing new table as fresh_rows for each statement execute function private.fresh_money_videos();
create trigger tiktok_videos_fresh_money_update after update on public.tiktok_videos
  referencing old table as stale_rows new table as fresh_rows for each statement execute function private.fresh_money_videos();
create trigger tiktok_videos_fresh_money_delete after delete on public.tiktok_videos
  referencing old table as stale_rows for each statement execute function private.fresh_money_videos();

-- Briefs: the budget card and the listings' remaining budget (the videos a new budget admits or
-- cuts are touched by the videos' trigger).
create function private.fresh_money_briefs() returns trigger
  language plpgsql security definer
  set search_path = ''
as $$
begin
  perform private.touch_money(array(
    select n.brand_id
      from fresh_rows n
      join stale_rows o on o.id = n.id
     where (o.budget_satang, o.status, o.deadline, o.created_at, o.listed) is distinct from (n.budget_satang, n.status, n.deadline, n.created_at, n.listed)));
  return null;
end;
$$;
comment on function private.fresh_money_briefs() is 'Touches the brand of each brief whose budget, status, dates or listing changed.';

create trigger brand_briefs_fresh_money_update after update on public.brand_briefs
  referencing old table as stale_rows new table as fresh_rows for each statement execute function private.fresh_money_briefs();

-- A username change decides which videos are the creator's own (rule 4): the creator and the
-- brands of their videos.
create function private.fresh_money_usernames() returns trigger
  language plpgsql security definer
  set search_path = ''
as $$
begin
  perform private.touch_money(array(
    select n.id from fresh_rows n join stale_rows o on o.id = n.id where o.tiktok_username is distinct from n.tiktok_username
    union
    select v.brand_id
      from fresh_rows n
      join stale_rows o on o.id = n.id
      join public.tiktok_videos v on v.user_id = n.id
     where o.tiktok_username is distinct from n.tiktok_username and v.brand_id is not null));
  return null;
end;
$$;
comment on function private.fresh_money_usernames() is 'Touches a creator whose TikTok username changed, and the brands of their videos.';

create trigger profiles_fresh_money_update after update on public.profiles
  referencing old table as stale_rows new table as fresh_rows for each statement execute function private.fresh_money_usernames();

-- The month close, payouts and payments.
create function private.fresh_money_entries() returns trigger
  language plpgsql security definer
  set search_path = ''
as $$
begin
  perform private.touch_money(array(select x.person from fresh_rows e cross join lateral (values (e.creator_id), (e.brand_id)) x(person)));
  return null;
end;
$$;
comment on function private.fresh_money_entries() is 'Touches the creators and brands of a close''s ledger entries (their statements and invoices).';

create trigger ledger_entries_fresh_money_insert after insert on public.ledger_entries
  referencing new table as fresh_rows for each statement execute function private.fresh_money_entries();

create function private.fresh_money_closes() returns trigger
  language plpgsql security definer
  set search_path = ''
as $$
begin
  perform private.touch_money(array(select coalesce(c.closed_by, '00000000-0000-0000-0000-000000000000'::uuid) from fresh_rows c), 'platform');
  return null;
end;
$$;
comment on function private.fresh_money_closes() is 'A closed month changes the admins'' payments console, even with no entries.';

create trigger month_closes_fresh_money_insert after insert on public.month_closes
  referencing new table as fresh_rows for each statement execute function private.fresh_money_closes();

create function private.fresh_money_payouts() returns trigger
  language plpgsql security definer
  set search_path = ''
as $$
begin
  if tg_op = 'INSERT' then
    perform private.touch_money(array(select p.creator_id from fresh_rows p));
  else
    perform private.touch_money(array(
      select n.creator_id from fresh_rows n join stale_rows o on o.id = n.id where o.paid_at is distinct from n.paid_at));
  end if;
  return null;
end;
$$;
comment on function private.fresh_money_payouts() is 'Touches the creator of each payout made or marked paid.';

create trigger payouts_fresh_money_insert after insert on public.payouts
  referencing new table as fresh_rows for each statement execute function private.fresh_money_payouts();
create trigger payouts_fresh_money_update after update on public.payouts
  referencing old table as stale_rows new table as fresh_rows for each statement execute function private.fresh_money_payouts();

create function private.fresh_money_invoice_payments() returns trigger
  language plpgsql security definer
  set search_path = ''
as $$
begin
  perform private.touch_money(array(select i.brand_id from fresh_rows i));
  return null;
end;
$$;
comment on function private.fresh_money_invoice_payments() is 'Touches the brand of each invoice marked paid.';

create trigger brand_invoice_payments_fresh_money_insert after insert on public.brand_invoice_payments
  referencing new table as fresh_rows for each statement execute function private.fresh_money_invoice_payments();

-- Notifications: the bell of each recipient.
create function private.fresh_money_notifications() returns trigger
  language plpgsql security definer
  set search_path = ''
as $$
begin
  perform private.touch_money(array(select n.recipient_id from fresh_rows n), 'news');
  return null;
end;
$$;
comment on function private.fresh_money_notifications() is 'Touches the news stamp of each notification''s recipient.';

create trigger notifications_fresh_money_insert after insert on public.notifications
  referencing new table as fresh_rows for each statement execute function private.fresh_money_notifications();

-- What the SPA asks every few seconds ------------------------------------------------------------

-- A creator's unsettled reviews by submission, for my_changes' clock (a brand's and the
-- platform's have theirs: video_reviews_pending_brand_submitted_idx, video_reviews_pending_submitted_idx).
create index video_reviews_pending_creator_submitted_idx on public.video_reviews (creator_id, submitted_at) where status = 'pending';

create function public.my_changes() returns json
  language plpgsql stable security definer
  set search_path = ''
as $$
declare
  me uuid := (select auth.uid());
  kind text := private.profile_type((select auth.uid()));
  hours integer := (select r.review_auto_approve_hours from public.ledger_rules r);
  money bigint := 0;
  money_at timestamptz;
  news bigint := 0;
  platform record;
  clock timestamptz;
  unread integer;
begin
  if me is null then
    perform private.refuse('auth_required', 'Authentication required', 401);
  end if;
  select s.money, s.money_at, s.news into money, money_at, news from private.money_stamps s where s.user_id = me;
  money := coalesce(money, 0);
  news := coalesce(news, 0);

  -- The clock approves a review nobody answered (rule 5) without any write: the latest such
  -- moment among the caller's unsettled reviews moves when another one passes.
  if kind = 'creator' then
    select r.submitted_at into clock from public.video_reviews r
     where r.creator_id = me and r.status = 'pending' and r.submitted_at <= now() - make_interval(hours => hours)
     order by r.submitted_at desc limit 1;
  elsif kind = 'brand' then
    select r.submitted_at into clock from public.video_reviews r
     where r.brand_id = me and r.status = 'pending' and r.submitted_at <= now() - make_interval(hours => hours)
     order by r.submitted_at desc limit 1;
  elsif kind = 'admin' then
    select sum(p.money)::bigint as money, max(p.changed_at) as changed_at into platform from private.platform_money_stamps p;
    money := money + coalesce(platform.money, 0);
    money_at := greatest(money_at, platform.changed_at);
    select r.submitted_at into clock from public.video_reviews r
     where r.status = 'pending' and r.submitted_at <= now() - make_interval(hours => hours)
     order by r.submitted_at desc limit 1;
  end if;

  unread := (select count(*)::integer
               from (select 1 from public.notifications n where n.recipient_id = me and n.read_at is null limit 10) u);
  return json_build_object(
    'money', money,
    'money_at', money_at,
    'auto_approved_at', clock + make_interval(hours => hours),
    'news', news,
    'unread', unread,
    'now', now());
end;
$$;
comment on function public.my_changes() is 'What changed for the caller, in one small answer the SPA asks for every few seconds: money (a stamp that moves with every committed change of their figures; for admins, of the platform''s), money_at (when it last moved), auto_approved_at (the latest moment the 72-hour clock approved one of their unsettled reviews: it moves when the clock approves another), news (moves with every notification they receive) and unread (as unread_notification_count: up to 10), with the server''s now.';
revoke all on function public.my_changes() from public, anon;
grant execute on function public.my_changes() to authenticated;
