-- Dashboards at a million videos (issue 11, DESIGN.md §6). The ledger's rules stay where they
-- were written (video_ledger); what changes is how fast their totals are read:
--   * private.ledger_reason: the ledger's exclusion rule as one function, used by the view
--     and by the tallies below, so that the rule still exists once;
--   * private.video_tallies: what each video adds to its totals, kept by triggers whenever the
--     video, its review, its creator's TikTok username or its brief's dates change;
--   * private.video_totals (per creator, brand and kind) and private.platform_totals (16
--     shards): sums of the tallies, so a dashboard reads a few rows instead of every video;
--   * the 72-hour auto-approval is applied when the totals are read (the tallies keep the
--     review as stored), and public.settle_reviews() writes it down, so the set read at the
--     last moment stays small;
--   * review_queue: a brand's videos awaiting an answer, driven by the pending-review index;
--   * covering indexes so that list counts and row-level security need no heap visit.

-- The rule, once ---------------------------------------------------------------------------

-- No search_path setting and only built-ins, so that the planner can inline it into the ledger.
create function private.ledger_reason(
  brand_id uuid, brief_id uuid, author_username text, owner_username text, posted_at timestamptz,
  brief_created_at timestamptz, brief_deadline date, review_status text, window_views bigint
) returns text
  language sql stable
as $$
  select case
      when brand_id is null then 'no_campaign'
      when brief_id is null then 'pitch'
      when owner_username is null or lower(author_username) is distinct from lower(owner_username) then 'not_owner'
      when posted_at < brief_created_at then 'posted_before_brief'
      -- A deadline is a day in Thailand (UTC+7, no daylight saving): posts until its midnight count.
      when brief_deadline is not null and posted_at >= ((brief_deadline + 1)::timestamp - interval '7 hours') at time zone 'UTC' then 'posted_after_deadline'
      when review_status = 'rejected' then 'rejected'
      when window_views is null then 'estimated'
      when review_status = 'pending' then 'pending_review'
    end
$$;
comment on function private.ledger_reason(uuid, uuid, text, text, timestamptz, timestamptz, date, text, bigint) is 'Rules 4-8 of docs/money.md: why a video''s views do not count (no_campaign, pitch, not_owner, posted_before_brief, posted_after_deadline, rejected, estimated, pending_review), or null when they count. review_status is none, pending, approved or rejected.';

create or replace view public.video_ledger with (security_invoker = true) as
  select v.id,
         v.video_id,
         v.user_id as creator_id,
         v.brand_id,
         v.brand_brief_id,
         v.posted_at,
         review.status as review_status,
         r.reason as review_reason,
         r.note as review_note,
         r.submitted_at as review_submitted_at,
         case when r.status = 'pending' then r.submitted_at + make_interval(hours => rules.review_auto_approve_hours) end as auto_approve_at,
         v.availability,
         case when not v.is_estimated then v.view_count end as measured_views,
         case when rule.reason is null then v.window_views else 0 end as counted_views,
         case when rule.reason = 'pending_review' then v.window_views else 0 end as pending_views,
         rule.reason as excluded_reason,
         v.posted_at + make_interval(days => rules.count_window_days) as window_ends_at,
         now() > v.posted_at + make_interval(days => rules.count_window_days) as frozen
    from public.tiktok_videos v
    cross join public.ledger_rules rules
    left join public.brand_briefs b on b.id = v.brand_brief_id
    left join public.profiles p on p.id = v.user_id
    left join public.video_reviews r
      on r.creator_id = v.user_id and r.video_id = v.video_id and r.brand_id = v.brand_id
     and r.brief_key = coalesce(v.brand_brief_id, '00000000-0000-0000-0000-000000000000'::uuid)
    cross join lateral (
      select case
          when v.brand_id is null then 'none'
          else coalesce(private.review_outcome(r.status, r.submitted_at, rules.review_auto_approve_hours), 'pending')
        end as status
    ) review
    cross join lateral (
      select private.ledger_reason(v.brand_id, v.brand_brief_id, v.author_username, p.tiktok_username, v.posted_at,
                                   b.created_at, b.deadline, review.status, v.window_views) as reason
    ) rule;

-- Tallies ------------------------------------------------------------------------------------

create table private.video_tallies (
  video uuid primary key,
  creator_id uuid not null,
  brand_key uuid not null,
  pitch boolean not null,
  views bigint not null,
  likes bigint not null,
  comments bigint not null,
  shares bigint not null,
  estimated integer not null,
  demo integer not null,
  unavailable integer not null,
  counted_views bigint not null,
  pending_views bigint not null,
  pending_review integer not null,
  pending_since timestamptz
);
comment on table private.video_tallies is 'What each video adds to the totals, with its review as stored (pending stays pending here; the totals apply the 72-hour auto-approval when read). Kept by private.retally(); never read by clients.';
comment on column private.video_tallies.brand_key is 'The brand the video is linked to, or the zero uuid.';
comment on column private.video_tallies.counted_views is 'The video''s window views when the ledger counts them with its review as stored (approved), else 0.';
comment on column private.video_tallies.pending_views is 'The window views an approval would count, while the stored review is pending; else 0.';
comment on column private.video_tallies.pending_since is 'When its pending review was submitted: from ledger_rules.review_auto_approve_hours later, the pending views count.';

create index video_tallies_creator_pending_idx on private.video_tallies (creator_id, pending_since) where pending_since is not null;
create index video_tallies_brand_pending_idx on private.video_tallies (brand_key, pending_since) where pending_since is not null;
create index video_tallies_pending_idx on private.video_tallies (pending_since) where pending_since is not null;

create table private.video_totals (
  creator_id uuid not null,
  brand_key uuid not null,
  pitch boolean not null,
  videos bigint not null default 0,
  views bigint not null default 0,
  likes bigint not null default 0,
  comments bigint not null default 0,
  shares bigint not null default 0,
  estimated_videos bigint not null default 0,
  demo_videos bigint not null default 0,
  unavailable_videos bigint not null default 0,
  counted_views bigint not null default 0,
  pending_views bigint not null default 0,
  pending_reviews bigint not null default 0,
  primary key (creator_id, brand_key, pitch)
);
comment on table private.video_totals is 'Sums of private.video_tallies per creator, brand (zero uuid: none) and kind (pitch or not): a creator''s or a brand''s totals are a handful of rows.';
create index video_totals_brand_key_idx on private.video_totals (brand_key);

create table private.platform_totals (like private.video_totals excluding constraints including defaults);
alter table private.platform_totals drop column creator_id, drop column brand_key, drop column pitch, add column shard integer primary key;
comment on table private.platform_totals is 'Sums of every tally, in 16 shards (by creator) so that concurrent writers rarely wait for one another; admin_metrics adds them up.';
insert into private.platform_totals (shard) select generate_series(0, 15);

revoke all on private.video_tallies, private.video_totals, private.platform_totals from public, anon, authenticated;

create view private.tally_view as
  select v.id as video, v.user_id as creator_id, coalesce(v.brand_id, '00000000-0000-0000-0000-000000000000'::uuid) as brand_key,
         v.brand_id is not null and v.brand_brief_id is null as pitch,
         v.view_count as views, v.like_count as likes, v.comment_count as comments, v.share_count as shares,
         v.is_estimated::integer as estimated, v.is_demo::integer as demo, (v.availability = 'unavailable')::integer as unavailable,
         case when rule.reason is null then coalesce(v.window_views, 0) else 0 end as counted_views,
         case when rule.reason = 'pending_review' then coalesce(v.window_views, 0) else 0 end as pending_views,
         (stored.status = 'pending')::integer as pending_review,
         case when stored.status = 'pending' then r.submitted_at end as pending_since
    from public.tiktok_videos v
    left join public.brand_briefs b on b.id = v.brand_brief_id
    left join public.profiles p on p.id = v.user_id
    left join public.video_reviews r
      on r.creator_id = v.user_id and r.video_id = v.video_id and r.brand_id = v.brand_id
     and r.brief_key = coalesce(v.brand_brief_id, '00000000-0000-0000-0000-000000000000'::uuid)
    cross join lateral (select case when v.brand_id is null then 'none' else coalesce(r.status, 'pending') end as status) stored
    cross join lateral (
      select private.ledger_reason(v.brand_id, v.brand_brief_id, v.author_username, p.tiktok_username, v.posted_at,
                                   b.created_at, b.deadline, stored.status, v.window_views) as reason
    ) rule;
comment on view private.tally_view is 'Every video''s tally as it stands, with its review as stored (the columns of private.video_tallies).';
revoke all on private.tally_view from public, anon, authenticated;

create function private.tally_of(video uuid) returns private.video_tallies
  language sql stable security definer
  set search_path = ''
as $$
  select t.* from private.tally_view t where t.video = tally_of.video
$$;
comment on function private.tally_of(uuid) is 'A video''s tally as it stands; null fields when the video is gone.';

create function private.add_to_totals(t private.video_tallies, sign integer) returns void
  language sql volatile security definer
  set search_path = ''
as $$
  insert into private.video_totals as o (creator_id, brand_key, pitch, videos, views, likes, comments, shares, estimated_videos, demo_videos,
                                         unavailable_videos, counted_views, pending_views, pending_reviews)
  values (t.creator_id, t.brand_key, t.pitch, sign, sign * t.views, sign * t.likes, sign * t.comments, sign * t.shares, sign * t.estimated,
          sign * t.demo, sign * t.unavailable, sign * t.counted_views, sign * t.pending_views, sign * t.pending_review)
  on conflict (creator_id, brand_key, pitch) do update set
    videos = o.videos + excluded.videos, views = o.views + excluded.views, likes = o.likes + excluded.likes,
    comments = o.comments + excluded.comments, shares = o.shares + excluded.shares,
    estimated_videos = o.estimated_videos + excluded.estimated_videos, demo_videos = o.demo_videos + excluded.demo_videos,
    unavailable_videos = o.unavailable_videos + excluded.unavailable_videos, counted_views = o.counted_views + excluded.counted_views,
    pending_views = o.pending_views + excluded.pending_views, pending_reviews = o.pending_reviews + excluded.pending_reviews;
  update private.platform_totals o set
    videos = o.videos + sign, views = o.views + sign * t.views, likes = o.likes + sign * t.likes,
    comments = o.comments + sign * t.comments, shares = o.shares + sign * t.shares,
    estimated_videos = o.estimated_videos + sign * t.estimated, demo_videos = o.demo_videos + sign * t.demo,
    unavailable_videos = o.unavailable_videos + sign * t.unavailable, counted_views = o.counted_views + sign * t.counted_views,
    pending_views = o.pending_views + sign * t.pending_views, pending_reviews = o.pending_reviews + sign * t.pending_review
   where o.shard = hashtext(t.creator_id::text) & 15;
$$;
comment on function private.add_to_totals(private.video_tallies, integer) is 'Adds a tally to (sign 1) or takes it from (sign -1) its creator/brand row and its platform shard.';

create function private.retally(video uuid) returns void
  language plpgsql volatile security definer
  set search_path = ''
as $$
declare
  before private.video_tallies;
  after private.video_tallies;
begin
  select t.* into before from private.video_tallies t where t.video = retally.video for update;
  after := private.tally_of(video);
  if before is not distinct from after then
    return;
  end if;
  if before.video is not null then
    perform private.add_to_totals(before, -1);
  end if;
  if after.video is null then
    delete from private.video_tallies t where t.video = retally.video;
  else
    perform private.add_to_totals(after, 1);
    insert into private.video_tallies values (after.*)
    on conflict on constraint video_tallies_pkey do update set
      creator_id = excluded.creator_id, brand_key = excluded.brand_key, pitch = excluded.pitch, views = excluded.views,
      likes = excluded.likes, comments = excluded.comments, shares = excluded.shares, estimated = excluded.estimated,
      demo = excluded.demo, unavailable = excluded.unavailable, counted_views = excluded.counted_views,
      pending_views = excluded.pending_views, pending_review = excluded.pending_review, pending_since = excluded.pending_since;
  end if;
end;
$$;
comment on function private.retally(uuid) is 'Brings a video''s tally, and the totals it is part of, up to date with the video, its review, its creator''s username and its brief.';

create function private.retally_video() returns trigger
  language plpgsql security definer
  set search_path = ''
as $$
begin
  perform private.retally(case when tg_op = 'DELETE' then old.id else new.id end);
  return null;
end;
$$;
create trigger tiktok_videos_tally
  after insert or update or delete on public.tiktok_videos
  for each row execute function private.retally_video();

create function private.retally_reviewed() returns trigger
  language plpgsql security definer
  set search_path = ''
as $$
declare
  r public.video_reviews := case when tg_op = 'DELETE' then old else new end;
begin
  perform private.retally(v.id) from public.tiktok_videos v where v.user_id = r.creator_id and v.video_id = r.video_id;
  return null;
end;
$$;
create trigger video_reviews_tally
  after insert or update or delete on public.video_reviews
  for each row execute function private.retally_reviewed();

create function private.retally_owner() returns trigger
  language plpgsql security definer
  set search_path = ''
as $$
begin
  perform private.retally(v.id) from public.tiktok_videos v where v.user_id = new.id;
  return null;
end;
$$;
create trigger profiles_tally
  after update of tiktok_username on public.profiles
  for each row when (old.tiktok_username is distinct from new.tiktok_username)
  execute function private.retally_owner();

create function private.retally_brief() returns trigger
  language plpgsql security definer
  set search_path = ''
as $$
begin
  perform private.retally(v.id) from public.tiktok_videos v where v.brand_brief_id = new.id;
  return null;
end;
$$;
create trigger brand_briefs_tally
  after update of deadline, created_at on public.brand_briefs
  for each row when (old.deadline is distinct from new.deadline or old.created_at is distinct from new.created_at)
  execute function private.retally_brief();

comment on function private.retally_video() is 'Trigger: a video''s tally follows the video.';
comment on function private.retally_reviewed() is 'Trigger: a video''s tally follows its review.';
comment on function private.retally_owner() is 'Trigger: a creator''s videos'' tallies follow the creator''s TikTok username (rule: the creator''s own account).';
comment on function private.retally_brief() is 'Trigger: a brief''s videos'' tallies follow its dates.';

create function private.rebuild_totals() returns void
  language plpgsql volatile security definer
  set search_path = ''
as $$
begin
  lock table private.video_tallies, private.video_totals, private.platform_totals in exclusive mode;
  delete from private.video_tallies;
  delete from private.video_totals;
  update private.platform_totals set videos = 0, views = 0, likes = 0, comments = 0, shares = 0, estimated_videos = 0, demo_videos = 0,
    unavailable_videos = 0, counted_views = 0, pending_views = 0, pending_reviews = 0;
  insert into private.video_tallies select * from private.tally_view;
  insert into private.video_totals (creator_id, brand_key, pitch, videos, views, likes, comments, shares, estimated_videos, demo_videos,
                                    unavailable_videos, counted_views, pending_views, pending_reviews)
  select creator_id, brand_key, pitch, count(*), sum(views), sum(likes), sum(comments), sum(shares), sum(estimated), sum(demo),
         sum(unavailable), sum(counted_views), sum(pending_views), sum(pending_review)
    from private.video_tallies group by creator_id, brand_key, pitch;
  update private.platform_totals o set
    videos = s.videos, views = s.views, likes = s.likes, comments = s.comments, shares = s.shares,
    estimated_videos = s.estimated_videos, demo_videos = s.demo_videos, unavailable_videos = s.unavailable_videos,
    counted_views = s.counted_views, pending_views = s.pending_views, pending_reviews = s.pending_reviews
    from (
      select hashtext(creator_id::text) & 15 as shard, sum(videos) as videos, sum(views) as views, sum(likes) as likes,
             sum(comments) as comments, sum(shares) as shares, sum(estimated_videos) as estimated_videos, sum(demo_videos) as demo_videos,
             sum(unavailable_videos) as unavailable_videos, sum(counted_views) as counted_views, sum(pending_views) as pending_views,
             sum(pending_reviews) as pending_reviews
        from private.video_totals group by 1
    ) s
   where o.shard = s.shard;
end;
$$;
comment on function private.rebuild_totals() is 'Recomputes every tally and total from the videos (this migration; after a bulk load with triggers off, such as the benchmark''s).';
revoke execute on function private.rebuild_totals() from public, anon, authenticated;

select private.rebuild_totals();

-- The clock's approvals, written down ----------------------------------------------------------

create function public.settle_reviews() returns integer
  language sql volatile security definer
  set search_path = ''
as $$
  with settled as (
    update public.video_reviews r
       set status = 'approved', decided_at = r.submitted_at + make_interval(hours => rules.review_auto_approve_hours), decided_by = null
      from public.ledger_rules rules
     where r.status = 'pending' and r.submitted_at <= now() - make_interval(hours => rules.review_auto_approve_hours)
    returning 1
  )
  select count(*)::integer from settled
$$;
comment on function public.settle_reviews() is 'Rule 5, written down: reviews left unanswered for ledger_rules.review_auto_approve_hours become approved (decided_by null). The ledger already reads them as approved; settling keeps the totals'' last-moment correction small. Scheduled (pg_cron on Supabase, the local server''s timer); service role only. Answers how many it settled.';
revoke execute on function public.settle_reviews() from public, anon, authenticated;
grant execute on function public.settle_reviews() to service_role;

create index video_reviews_pending_submitted_idx on public.video_reviews (submitted_at) where status = 'pending';

-- Metrics from the totals ----------------------------------------------------------------------

create function private.late_approvals(creator uuid, brand uuid)
  returns table (views bigint, reviews bigint)
  language sql stable security definer
  set search_path = ''
as $$
  select coalesce(sum(t.pending_views), 0)::bigint, count(*)
    from private.video_tallies t cross join public.ledger_rules rules
   where t.pending_since <= now() - make_interval(hours => rules.review_auto_approve_hours)
     and (creator is null or t.creator_id = creator)
     and (brand is null or t.brand_key = brand)
$$;
comment on function private.late_approvals(uuid, uuid) is 'Pending reviews whose auto-approval time has passed but which settle_reviews() has not written down yet (of one creator, one brand, or all): their views count now.';

create or replace function public.creator_metrics(creator uuid default null) returns jsonb
  language plpgsql stable security definer
  set search_path = ''
as $$
declare
  target uuid := private.metrics_target(creator);
  rate integer := (select r.creator_per_1000 from public.pay_rates() r);
  late record;
  result jsonb;
begin
  select * into late from private.late_approvals(target, null);
  select jsonb_build_object(
      'totalViews', coalesce(sum(t.views), 0),
      'totalVideos', coalesce(sum(t.videos), 0),
      'totalBrands', count(distinct t.brand_key) filter (where t.videos > 0 and t.brand_key <> '00000000-0000-0000-0000-000000000000'::uuid),
      'countedViews', coalesce(sum(t.counted_views), 0) + late.views,
      'pendingViews', coalesce(sum(t.pending_views), 0) - late.views,
      'notCountedViews', greatest(coalesce(sum(t.views), 0) - coalesce(sum(t.counted_views), 0) - coalesce(sum(t.pending_views), 0), 0),
      'estEarnings', floor((coalesce(sum(t.counted_views), 0) + late.views) * rate / 1000.0),
      'engagementRate', case
        when coalesce(sum(t.views), 0) = 0 then 0
        else round((sum(t.likes) + sum(t.comments) + sum(t.shares)) * 100.0 / sum(t.views))
      end,
      'pendingReviews', coalesce(sum(t.pending_reviews), 0) - late.reviews,
      'unavailableVideos', coalesce(sum(t.unavailable_videos), 0),
      'estimatedVideos', coalesce(sum(t.estimated_videos), 0),
      'demoVideos', coalesce(sum(t.demo_videos), 0)
    )
    into result
    from private.video_totals t
   where t.creator_id = target;
  return result;
end;
$$;

create or replace function public.brand_metrics(brand uuid default null) returns jsonb
  language plpgsql stable security definer
  set search_path = ''
as $$
declare
  target uuid := private.metrics_target(brand);
  rate integer := (select r.brand_per_1000 from public.pay_rates() r);
  late record;
  result jsonb;
begin
  select * into late from private.late_approvals(null, target);
  select jsonb_build_object(
      'totalViews', coalesce(sum(t.views) filter (where not t.pitch), 0),
      'totalVideos', coalesce(sum(t.videos) filter (where not t.pitch), 0),
      'totalCreators', count(distinct t.creator_id) filter (where not t.pitch and t.videos > 0),
      'countedViews', coalesce(sum(t.counted_views), 0) + late.views,
      'pendingViews', coalesce(sum(t.pending_views), 0) - late.views,
      'notCountedViews', greatest(coalesce(sum(t.views) filter (where not t.pitch), 0) - coalesce(sum(t.counted_views), 0) - coalesce(sum(t.pending_views), 0), 0),
      'estPay', round((coalesce(sum(t.counted_views), 0) + late.views) * rate / 1000.0, 2),
      'pendingReviews', coalesce(sum(t.pending_reviews), 0) - late.reviews,
      'estimatedVideos', coalesce(sum(t.estimated_videos) filter (where not t.pitch), 0),
      'demoVideos', coalesce(sum(t.demo_videos) filter (where not t.pitch), 0),
      'pitchVideos', coalesce(sum(t.videos) filter (where t.pitch), 0)
    )
    into result
    from private.video_totals t
   where t.brand_key = target;
  return result;
end;
$$;

create or replace function public.admin_metrics() returns jsonb
  language plpgsql stable security definer
  set search_path = ''
as $$
declare
  rates record;
  late record;
  result jsonb;
begin
  if not ((select private.is_admin()) or (select auth.role()) = 'service_role') then
    perform private.refuse('admin_only', 'Only admins can do this', 403);
  end if;
  select * into rates from public.pay_rates();
  select * into late from private.late_approvals(null, null);
  select jsonb_build_object(
      'totalBrands', (select count(*) from public.profiles p where p.user_type = 'brand'),
      'totalCreators', (select count(*) from public.profiles p where p.user_type = 'creator'),
      'totalVideos', sum(t.videos),
      'totalViews', sum(t.views),
      'countedViews', sum(t.counted_views) + late.views,
      'pendingViews', sum(t.pending_views) - late.views,
      'estPay', round((sum(t.counted_views) + late.views) * rates.brand_per_1000 / 1000.0, 2),
      'estEarnings', floor((sum(t.counted_views) + late.views) * rates.creator_per_1000 / 1000.0),
      'pendingReviews', sum(t.pending_reviews) - late.reviews,
      'estimatedVideos', sum(t.estimated_videos),
      'demoVideos', sum(t.demo_videos)
    )
    into result
    from private.platform_totals t;
  return result;
end;
$$;

-- The review list --------------------------------------------------------------------------------

create view public.review_queue with (security_invoker = true) as
  select l.*, r.submitted_at as queued_at
    from public.video_reviews r
    cross join public.ledger_rules rules
    join public.video_listings l
      on l.user_id = r.creator_id and l.video_id = r.video_id and l.brand_id = r.brand_id
     and coalesce(l.brand_brief_id, '00000000-0000-0000-0000-000000000000'::uuid) = r.brief_key
   where r.status = 'pending'
     and r.submitted_at > now() - make_interval(hours => rules.review_auto_approve_hours);
comment on view public.review_queue is 'The videos awaiting a brand''s answer (review_status pending in video_ledger), read from the pending-review index: order by queued_at (the submission) to show the one closest to auto-approval first.';
revoke all on public.review_queue from anon;
revoke insert, update, delete, truncate, references, trigger on public.review_queue from authenticated;
grant select on public.review_queue to authenticated, service_role;

-- Indexes that answer lists and their row-level security without visiting the table ------------

drop index public.tiktok_videos_brand_id_created_at_idx;
create index tiktok_videos_brand_id_created_at_idx on public.tiktok_videos (brand_id, created_at desc, id) include (user_id, brand_brief_id);
drop index public.tiktok_videos_user_id_created_at_idx;
create index tiktok_videos_user_id_created_at_idx on public.tiktok_videos (user_id, created_at desc, id) include (brand_id, brand_brief_id);

-- TikTok's rate limit across runs ----------------------------------------------------------------

create index video_snapshots_measured_at_idx on public.video_snapshots (measured_at);

create function public.recent_measurements() returns setof timestamptz
  language sql stable security definer
  set search_path = ''
as $$
  select s.measured_at from public.video_snapshots s
   where s.measured_at > now() - interval '60 seconds' and s.source not in ('estimate', 'demo')
   order by s.measured_at
$$;
comment on function public.recent_measurements() is 'When the measurements of the last minute were taken: tiktok-refresh counts them against TikTok''s 600 requests a minute, so that back-to-back or overlapping runs keep the limit together. Service role only.';
revoke execute on function public.recent_measurements() from public, anon, authenticated;
grant execute on function public.recent_measurements() to service_role;
