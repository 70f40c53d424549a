-- Issue 30, items 4 and 5: what this project writes runs unchanged on hosted Supabase.
--
-- GoTrue-compatible auth writes (item 4). Supabase Auth (GoTrue) reads these auth.users columns
-- into Go strings, not nullable ones: confirmation_token, recovery_token, email_change_token_new,
-- email_change, email_change_token_current, phone_change, phone_change_token and
-- reauthentication_token (its models/user.go; aud and role too). A NULL in any of them makes
-- GoTrue fail to load the user: signing in, the dashboard's user list, the admin API. The hosted
-- columns take '' by default for the last four only, so a write must say '' itself for the others.
-- delete_my_account wrote NULL into four of them; it now writes '' as GoTrue's own soft delete
-- does (models/user.go, SoftDeleteUser), and clears the pending phone change too. The other writes
-- into auth.* were right already: the sign-up trigger (raw_user_meta_data), admin_set_suspended
-- (banned_until, a nullable time; sessions) and seed.sql ('' in every such column it lists).
-- tests/integration/gotrue-safeupdate.test.ts checks every one, statically and by running them.
--
-- safeupdate-compatible SQL (item 5). Hosted Supabase loads pg_safeupdate for the Data API's
-- sessions: an UPDATE or DELETE without a WHERE is refused there, and that includes the statements
-- of the functions a request calls (RPC) and of the triggers its writes fire. Every such statement
-- now has a WHERE that says which rows it means:
--   private.recount_windows()  (trigger: an admin changes ledger_rules.count_window_days)
--     updates the videos whose counted window views the new window changes, not every video: the
--     tally, the only thing that follows window_views, moves with those alone.
--   private.rebuild_totals()   replaces the tallies and totals that differ from what the videos
--     give and deletes those of videos (or creator and brand pairs) that are gone, instead of
--     emptying both tables first; every shard (0 to 15) takes its sums, or zeros, in one update.
--     The result is the same; with triggers on, the unchanged tallies are no longer rewritten
--     (which private.track_month would have taken for new videos).
--   private.rebuild_months()   deletes the figures of this month and of the months before it
--     (stale: private.track_month ignores them) before recounting the month: a full-table
--     maintenance delete, its condition stating what it replaces.
--   private.rebuild_signals()  deletes each batch's signals just before it evaluates that batch
--     again (a signal's video exists: the foreign key cascades).
-- The bodies are copied from their current definitions (20261201000100_personal_data.sql,
-- 20261124000100_view_ledger.sql, 20261125000100_fast_metrics.sql, 20261201000600_money_pages.sql,
-- 20261126000100_admin_console.sql) with only these changes; grants and comments stay (create or
-- replace keeps them).

-- Delete my account: the auth user's string columns take '' ------------------------------------

create or replace function public.delete_my_account(p_password text) returns jsonb
  language plpgsql volatile security definer
  set search_path = ''
as $$
declare
  me uuid := (select auth.uid());
  kind text;
  attempts private.account_deletion_attempts;
  withheld boolean;
begin
  if me is null then
    perform private.refuse('auth_required', 'Authentication required', 401);
  end if;
  select p.user_type into kind from public.profiles p where p.id = me and p.deleted_at is null for update;
  if kind is null then
    perform private.refuse('auth_required', 'Authentication required', 401);
  end if;

  select a.* into attempts from private.account_deletion_attempts a where a.user_id = me for update;
  if attempts.failures >= 5 and attempts.first_failed_at > now() - interval '15 minutes' then
    perform private.refuse('too_many_attempts', 'Too many wrong passwords; try again in 15 minutes', 429);
  end if;
  if not private.password_matches(me, p_password) then
    -- Answered, not raised: a raise would roll back the count of wrong passwords.
    insert into private.account_deletion_attempts as a (user_id, failures, first_failed_at) values (me, 1, now())
    on conflict (user_id) do update
      set failures = case when a.first_failed_at > now() - interval '15 minutes' then a.failures + 1 else 1 end,
          first_failed_at = case when a.first_failed_at > now() - interval '15 minutes' then a.first_failed_at else now() end;
    return jsonb_build_object('deleted', false, 'code', 'password_incorrect');
  end if;

  if kind = 'admin' and not exists (
    select 1 from public.profiles p where p.user_type = 'admin' and p.id <> me and p.deleted_at is null
  ) then
    perform private.refuse('last_admin', 'The last admin cannot delete their account; invite another admin first', 409);
  end if;
  -- A payout waiting to be sent needs the bank details this would erase.
  if exists (select 1 from public.payouts p where p.creator_id = me and p.paid_at is null) then
    perform private.refuse('payout_due', 'A payout to you is still due; delete the account once it is paid', 409);
  end if;

  -- A brand's open briefs close (the creators who joined are told); what they published stays,
  -- as the creators' history and the invoices need it.
  update public.brand_briefs b set status = 'closed' where b.brand_id = me and b.status <> 'closed';

  -- Others' notifications that named the person (a brand's "creator joined", "review waiting",
  -- an admin's fraud signal) name no one now, as lists do.
  update public.notifications n
     set params = jsonb_set(n.params, '{creator_name}', to_jsonb(private.display_creator_name(null, null)))
   where n.params ? 'creator_name'
     and n.recipient_id in (
           select v.brand_id from public.tiktok_videos v where v.user_id = me and v.brand_id is not null
           union select b.brand_id from public.creator_brand_connections c join public.brand_briefs b on b.id = c.brand_brief_id where c.creator_id = me
           union select p.id from public.profiles p where p.user_type = 'admin')
     and (n.params ->> 'video' in (select v.id::text from public.tiktok_videos v where v.user_id = me)
          or (n.type = 'creator_joined' and n.params ->> 'creator_name' = private.creator_name(me)
              and n.params ->> 'brief' in (select c.brand_brief_id::text from public.creator_brand_connections c where c.creator_id = me)));

  -- A creator's videos leave every list, with their measurements and reviews. Ledger entries keep
  -- what the videos were paid (close_month never reverses a video that is gone).
  delete from public.video_reviews r where r.creator_id = me;
  delete from public.tiktok_videos v where v.user_id = me;
  delete from public.creator_brand_connections c where c.creator_id = me;

  -- TikTok: the connection, its tokens (trigger) and sign-ins in progress.
  delete from public.tiktok_connections c where c.user_id = me;
  delete from public.tiktok_tokens t where t.user_id = me;
  delete from public.tiktok_auth_states s where s.user_id = me;

  delete from public.notifications n where n.recipient_id = me;
  delete from private.email_throttle t where t.recipient_id = me;
  delete from public.notification_settings s where s.user_id = me;

  -- Payout details: a certificate (50 ทวิ) names the payee's legal name, address and tax ID, and
  -- tax law keeps it; the way to pay goes. Without withheld tax nothing is needed.
  withheld := exists (select 1 from public.payouts p where p.creator_id = me and p.wht_satang > 0);
  if withheld then
    update public.payout_accounts a
       set method = 'erased', promptpay_id = null, bank_code = null, account_number = null, account_name = null, updated_at = now()
     where a.creator_id = me;
  else
    delete from public.payout_accounts a where a.creator_id = me;
  end if;

  update public.profiles p
     set first_name = null, last_name = null, tiktok_username = null, tiktok_avatar_url = null, follower_count = null,
         website = null, industry = null, company_name = null, deleted_at = now()
   where p.id = me;

  -- Sign-in: no address, no password, no identity, no session; deleted_at keeps the account out
  -- of every look-up of the auth server (as Supabase Auth's soft delete does). The token and
  -- pending-change columns take '', never NULL: GoTrue reads them as strings (see above).
  delete from auth.sessions s where s.user_id = me;
  delete from auth.one_time_tokens t where t.user_id = me;
  delete from auth.identities i where i.user_id = me;
  update auth.users u
     set email = 'deleted-' || u.id || '@deleted.invalid', encrypted_password = null, phone = null,
         raw_user_meta_data = '{}'::jsonb, confirmation_token = '', recovery_token = '', email_change = '',
         email_change_token_new = '', email_change_token_current = '', reauthentication_token = '',
         phone_change = '', phone_change_token = '',
         last_sign_in_at = null, banned_until = '2999-12-31T00:00:00Z', deleted_at = now(), updated_at = now()
   where u.id = me;
  delete from private.account_deletion_attempts a where a.user_id = me;

  return jsonb_build_object('deleted', true, 'tax_records_kept', withheld
                            or exists (select 1 from public.ledger_entries e where e.creator_id = me or e.brand_id = me));
end;
$$;

-- The counting window changes: the videos whose counted views it changes follow -----------------

create or replace function private.recount_windows() returns trigger
  language plpgsql security definer
  set search_path = ''
as $$
begin
  if new.count_window_days is distinct from old.count_window_days then
    update public.tiktok_videos v set window_views = w.views
      from (select x.id, private.window_views(x.id) as views from public.tiktok_videos x) w
     where w.id = v.id and w.views is distinct from v.window_views;
  end if;
  return null;
end;
$$;

-- Rebuilding the tallies and totals: the rows that differ, not every row -------------------------

create or replace function private.rebuild_totals() returns void
  language plpgsql volatile security definer
  set search_path = ''
as $$
begin
  lock table private.video_tallies, private.video_totals, private.platform_totals in exclusive mode;
  -- A tally per video, as private.tally_view gives it: those of videos that are gone go, the
  -- others are written where they differ.
  delete from private.video_tallies t where not exists (select 1 from public.tiktok_videos v where v.id = t.video);
  insert into private.video_tallies as t select * from private.tally_view
  on conflict on constraint video_tallies_pkey do update set
    creator_id = excluded.creator_id, brand_key = excluded.brand_key, pitch = excluded.pitch, views = excluded.views,
    likes = excluded.likes, comments = excluded.comments, shares = excluded.shares, estimated = excluded.estimated,
    demo = excluded.demo, unavailable = excluded.unavailable, counted_views = excluded.counted_views,
    pending_views = excluded.pending_views, pending_review = excluded.pending_review, pending_since = excluded.pending_since,
    earned_satang = excluded.earned_satang, charged_satang = excluded.charged_satang,
    pending_earned_satang = excluded.pending_earned_satang, pending_charged_satang = excluded.pending_charged_satang
  where t is distinct from excluded;
  -- The totals per creator, brand and pitch, summed from the tallies: those of pairs without a
  -- tally go, the others are written where they differ.
  delete from private.video_totals o
   where not exists (select 1 from private.video_tallies t
                      where t.creator_id = o.creator_id and t.brand_key = o.brand_key and t.pitch = o.pitch);
  insert into private.video_totals as o (creator_id, brand_key, pitch, videos, views, likes, comments, shares, estimated_videos, demo_videos,
                                         unavailable_videos, counted_views, pending_views, pending_reviews, earned_satang, charged_satang)
  select creator_id, brand_key, pitch, count(*), sum(views), sum(likes), sum(comments), sum(shares), sum(estimated), sum(demo),
         sum(unavailable), sum(counted_views), sum(pending_views), sum(pending_review), sum(earned_satang), sum(charged_satang)
    from private.video_tallies group by creator_id, brand_key, pitch
  on conflict (creator_id, brand_key, pitch) do update set
    videos = excluded.videos, views = excluded.views, likes = excluded.likes, comments = excluded.comments, shares = excluded.shares,
    estimated_videos = excluded.estimated_videos, demo_videos = excluded.demo_videos, unavailable_videos = excluded.unavailable_videos,
    counted_views = excluded.counted_views, pending_views = excluded.pending_views, pending_reviews = excluded.pending_reviews,
    earned_satang = excluded.earned_satang, charged_satang = excluded.charged_satang
  where o is distinct from excluded;
  -- Every shard (0 to 15) takes the sums of its creators' totals; a shard without any, zeros.
  update private.platform_totals o set
    videos = coalesce(s.videos, 0), views = coalesce(s.views, 0), likes = coalesce(s.likes, 0), comments = coalesce(s.comments, 0),
    shares = coalesce(s.shares, 0), estimated_videos = coalesce(s.estimated_videos, 0), demo_videos = coalesce(s.demo_videos, 0),
    unavailable_videos = coalesce(s.unavailable_videos, 0), counted_views = coalesce(s.counted_views, 0),
    pending_views = coalesce(s.pending_views, 0), pending_reviews = coalesce(s.pending_reviews, 0),
    earned_satang = coalesce(s.earned_satang, 0), charged_satang = coalesce(s.charged_satang, 0)
    from generate_series(0, 15) g (shard)
    left join (
      select hashtext(creator_id::text) & 15 as shard, sum(videos) as videos, sum(views) as views, sum(likes) as likes,
             sum(comments) as comments, sum(shares) as shares, sum(estimated_videos) as estimated_videos, sum(demo_videos) as demo_videos,
             sum(unavailable_videos) as unavailable_videos, sum(counted_views) as counted_views, sum(pending_views) as pending_views,
             sum(pending_reviews) as pending_reviews, sum(earned_satang) as earned_satang, sum(charged_satang) as charged_satang
        from private.video_totals group by 1
    ) s on s.shard = g.shard
   where o.shard = g.shard;
end;
$$;

-- Rebuilding the month so far: this month's figures and the stale ones before them ---------------

create or replace function private.rebuild_months() returns void
  language plpgsql security definer
  set search_path = ''
  set jit = off
as $$
declare
  this_month date := private.current_month();
  starts timestamptz := private.month_start(private.current_month());
begin
  lock table private.video_tallies, private.video_months, private.creator_months in exclusive mode;
  -- The figures of this month, recounted below, and of the months before it, stale (track_month
  -- ignores a row of another month): the whole table, as no row of a later month can exist.
  delete from private.video_months m where m.month <= this_month;
  delete from private.creator_months c where c.month <= this_month;
  -- How each video stood when the month began, by the ledger's rules (private.counted_at) and its
  -- snapshots; what changed since, from its tally now.
  insert into private.video_months (video, creator_id, month, creator_rate_satang, opened_measured, opened_counted, opened_pending,
                                    measured, counted, pending, gross_satang)
  select x.video, x.creator_id, this_month, x.rate, x.opened_measured, x.opened_counted, x.opened_pending,
         x.measured, x.counted, x.pending, private.satang_moved(x.opened_counted, x.opened_counted + x.counted, x.rate)
    from (
      select t.video, t.creator_id, coalesce(b.creator_rate_satang, 0) as rate,
             m.opened as opened_measured, coalesce(c.counted, 0) as opened_counted, coalesce(c.pending, 0) as opened_pending,
             m.now - m.opened as measured, t.counted_views - coalesce(c.counted, 0) as counted,
             t.pending_views - coalesce(c.pending, 0) as pending
        from private.video_tallies t
        join public.tiktok_videos v on v.id = t.video
        left join public.brand_briefs b on b.id = v.brand_brief_id
        left join private.counted_at(starts) c on c.tiktok_video_id = t.video
        -- private.latest_measured(), written out: a call per video would cost more than the lookups.
        cross join lateral (
          select coalesce((select s.view_count from public.video_snapshots s
                            where s.tiktok_video_id = t.video and s.available and s.source <> 'estimate' and s.measured_at < starts
                            order by s.measured_at desc, s.id desc limit 1), 0) as opened,
                 coalesce((select s.view_count from public.video_snapshots s
                            where s.tiktok_video_id = t.video and s.available and s.source <> 'estimate'
                            order by s.measured_at desc, s.id desc limit 1), 0) as now
        ) m
    ) x
   where x.measured <> 0 or x.counted <> 0 or x.pending <> 0;
  insert into private.creator_months (creator_id, month, measured, counted, pending, gross_satang)
  select m.creator_id, this_month, sum(m.measured), sum(m.counted), sum(m.pending), sum(m.gross_satang)
    from private.video_months m group by m.creator_id;
end;
$$;

-- Evaluating every video's signals again: batch by batch, each batch's old signals first --------

create or replace function private.rebuild_signals() returns void
  language plpgsql volatile security definer
  set search_path = ''
as $$
declare
  batch uuid[];
  last_id uuid := '00000000-0000-0000-0000-000000000000';
begin
  loop
    batch := array(select v.id from public.tiktok_videos v where v.id > last_id order by v.id limit 5000);
    exit when cardinality(batch) = 0;
    -- Every signal belongs to a video (the foreign key cascades), so the batches cover them all.
    delete from private.video_signal_state s where s.video = any(batch);
    insert into private.video_signal_state (video, creator_id, created_at, signals, details)
    select r.video, r.creator_id, r.created_at, r.signals, r.details from private.signal_rows(batch) r;
    last_id := batch[cardinality(batch)];
  end loop;
end;
$$;
