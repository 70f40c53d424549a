-- One money formula, to the satang (issue 29, item 7).
--
-- Every figure of money on every screen now comes from private.satang() at each brief's frozen
-- rates: the dashboards' Est. Earnings and Est. Pay (creator_metrics, brand_metrics, admin_metrics)
-- are the sums of each video's earning and charge, kept in the tallies beside its counted views, to
-- the satang, instead of all counted views at today's platform rate in whole baht; the admin content
-- table shows each video's charge (video_listings.charged_satang) instead of rounding in the browser.
--
-- Rounding is cumulative: what a video earned over its life is satang(counted views, rate), and
-- each ledger entry is the part of it that moved since the entry before
-- (private.satang_moved(counted_from, counted_to, rate)). So a video's entries add up to what its
-- card shows, a creator's statements plus the month so far add up to the dashboard's Est. Earnings,
-- and a correction takes back exactly what was paid: nothing is lost or gained to rounding between
-- months. Before, each entry rounded its own views down, so two months of 1,999 views at ฿5.00 per
-- 1,000 paid ฿9.99 + ฿9.99 where the video's ฿19.99 was earned.
--
-- The auto-approval time (rule 5) is read in one place, private.auto_approve_after(); every
-- function that needs it asks private.auto_approve_at(submitted_at) or private.auto_approve_cutoff(at)
-- instead of adding ledger_rules.review_auto_approve_hours itself.

create or replace function private.satang_moved(counted_from bigint, counted_to bigint, rate_satang integer) returns bigint
  language sql immutable parallel safe
  set search_path = ''
as $$
  select private.satang(counted_to, rate_satang) - private.satang(counted_from, rate_satang)
$$;
comment on function private.satang_moved(bigint, bigint, integer) is 'The money of the views counted from counted_from to counted_to at a rate (docs/money.md rule 12): the difference of private.satang at both ends, so that the parts of a video''s life add up to its whole to the satang. A ledger entry''s amounts; the month so far.';

create or replace function private.auto_approve_after() returns interval
  language sql stable
  set search_path = ''
as $$
  select make_interval(hours => r.review_auto_approve_hours) from public.ledger_rules r
$$;
comment on function private.auto_approve_after() is 'Rule 5: how long a review may stay unanswered before it reads approved (ledger_rules.review_auto_approve_hours). The one place the 72 hours are read; private.auto_approve_at and private.auto_approve_cutoff use it.';

create or replace function private.auto_approve_at(submitted_at timestamptz) returns timestamptz
  language sql stable
  set search_path = ''
as $$
  select submitted_at + private.auto_approve_after()
$$;
comment on function private.auto_approve_at(timestamptz) is 'Rule 5: when a review submitted at submitted_at and left unanswered reads approved (private.auto_approve_after() later).';

create or replace function private.auto_approve_cutoff(at timestamptz default now()) returns timestamptz
  language sql stable
  set search_path = ''
as $$
  select at - private.auto_approve_after()
$$;
comment on function private.auto_approve_cutoff(timestamptz) is 'Rule 5, the other way round: a pending review submitted at or before this moment reads approved at `at` (now by default). For queries on video_reviews.submitted_at and video_tallies.pending_since, which their indexes answer.';

-- A function nothing calls, which added the 72 hours itself.
drop function private.review_outcome(text, timestamptz, integer);

-- Each video's tally carries its money: what it earned and was charged for its counted views, and
-- what its pending views would add once approved (for reviews the clock approved and
-- settle_reviews() has not written down yet). The totals sum them.
alter table private.video_tallies
  add column earned_satang bigint not null default 0,
  add column charged_satang bigint not null default 0,
  add column pending_earned_satang bigint not null default 0,
  add column pending_charged_satang bigint not null default 0;
comment on column private.video_tallies.earned_satang is 'private.satang(counted_views, the brief''s creator rate): the creator''s earning for the video so far.';
comment on column private.video_tallies.charged_satang is 'private.satang(counted_views, the brief''s brand rate): the brand''s charge for the video so far.';
comment on column private.video_tallies.pending_earned_satang is 'What the pending views add to earned_satang once approved: private.satang_moved(counted_views, counted_views + pending_views, creator rate).';
comment on column private.video_tallies.pending_charged_satang is 'What the pending views add to charged_satang once approved, at the brand rate.';
alter table private.video_totals
  add column earned_satang bigint not null default 0,
  add column charged_satang bigint not null default 0;
alter table private.platform_totals
  add column earned_satang bigint not null default 0,
  add column charged_satang bigint not null default 0;

create or replace view private.tally_view AS
 SELECT v.id AS video,
    v.user_id AS creator_id,
    COALESCE(v.brand_id, '00000000-0000-0000-0000-000000000000'::uuid) AS brand_key,
    ((v.brand_id IS NOT NULL) AND (v.brand_brief_id IS NULL)) AS pitch,
    v.view_count AS views,
    v.like_count AS likes,
    v.comment_count AS comments,
    v.share_count AS shares,
    (v.is_estimated)::integer AS estimated,
    (v.is_demo)::integer AS demo,
    ((v.availability = 'unavailable'::text))::integer AS unavailable,
    counted.views AS counted_views,
    counted.pending AS pending_views,
    ((stored.status = 'pending'::text))::integer AS pending_review,
        CASE
            WHEN (stored.status = 'pending'::text) THEN r.submitted_at
            ELSE NULL::timestamp with time zone
        END AS pending_since,
    private.satang(counted.views, COALESCE(b.creator_rate_satang, 0)) AS earned_satang,
    private.satang(counted.views, COALESCE(b.brand_rate_satang, 0)) AS charged_satang,
    private.satang_moved(counted.views, counted.views + counted.pending, COALESCE(b.creator_rate_satang, 0)) AS pending_earned_satang,
    private.satang_moved(counted.views, counted.views + counted.pending, COALESCE(b.brand_rate_satang, 0)) AS pending_charged_satang
   FROM (((((public.tiktok_videos v
     LEFT JOIN public.brand_briefs b ON ((b.id = v.brand_brief_id)))
     LEFT JOIN public.profiles p ON ((p.id = v.user_id)))
     LEFT JOIN public.video_reviews r ON (((r.creator_id = v.user_id) AND (r.video_id = v.video_id) AND (r.brand_id = v.brand_id) AND (r.brief_key = COALESCE(v.brand_brief_id, '00000000-0000-0000-0000-000000000000'::uuid)))))
     CROSS JOIN LATERAL ( SELECT
                CASE
                    WHEN (v.brand_id IS NULL) THEN 'none'::text
                    ELSE COALESCE(r.status, 'pending'::text)
                END AS status) stored)
     CROSS JOIN LATERAL ( SELECT private.ledger_reason((v.excluded_at IS NOT NULL), v.brand_id, v.brand_brief_id, v.author_username, p.tiktok_username, private.is_proven(p.tiktok_proof, p.tiktok_lapsed_at), v.posted_at, b.created_at, b.deadline, stored.status, v.window_views) AS reason) rule
     CROSS JOIN LATERAL ( SELECT
                CASE
                    WHEN (rule.reason IS NULL) THEN COALESCE(v.window_views, (0)::bigint)
                    ELSE (0)::bigint
                END AS views,
                CASE
                    WHEN (rule.reason = 'pending_review'::text) THEN COALESCE(v.window_views, (0)::bigint)
                    ELSE (0)::bigint
                END AS pending) counted);

create or replace function private.add_to_totals(t private.video_tallies, sign integer) RETURNS void
    LANGUAGE sql SECURITY DEFINER
    SET search_path TO ''
    AS $$
  update private.platform_totals o set
    videos = o.videos + sign, views = o.views + sign * t.views, likes = o.likes + sign * t.likes,
    comments = o.comments + sign * t.comments, shares = o.shares + sign * t.shares,
    estimated_videos = o.estimated_videos + sign * t.estimated, demo_videos = o.demo_videos + sign * t.demo,
    unavailable_videos = o.unavailable_videos + sign * t.unavailable, counted_views = o.counted_views + sign * t.counted_views,
    pending_views = o.pending_views + sign * t.pending_views, pending_reviews = o.pending_reviews + sign * t.pending_review,
    earned_satang = o.earned_satang + sign * t.earned_satang, charged_satang = o.charged_satang + sign * t.charged_satang
   where o.shard = hashtext(t.creator_id::text) & 15;
  insert into private.video_totals as o (creator_id, brand_key, pitch, videos, views, likes, comments, shares, estimated_videos, demo_videos,
                                         unavailable_videos, counted_views, pending_views, pending_reviews, earned_satang, charged_satang)
  values (t.creator_id, t.brand_key, t.pitch, sign, sign * t.views, sign * t.likes, sign * t.comments, sign * t.shares, sign * t.estimated,
          sign * t.demo, sign * t.unavailable, sign * t.counted_views, sign * t.pending_views, sign * t.pending_review,
          sign * t.earned_satang, sign * t.charged_satang)
  on conflict (creator_id, brand_key, pitch) do update set
    videos = o.videos + excluded.videos, views = o.views + excluded.views, likes = o.likes + excluded.likes,
    comments = o.comments + excluded.comments, shares = o.shares + excluded.shares,
    estimated_videos = o.estimated_videos + excluded.estimated_videos, demo_videos = o.demo_videos + excluded.demo_videos,
    unavailable_videos = o.unavailable_videos + excluded.unavailable_videos, counted_views = o.counted_views + excluded.counted_views,
    pending_views = o.pending_views + excluded.pending_views, pending_reviews = o.pending_reviews + excluded.pending_reviews,
    earned_satang = o.earned_satang + excluded.earned_satang, charged_satang = o.charged_satang + excluded.charged_satang;
$$;

create or replace function private.rebuild_totals() RETURNS void
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
begin
  lock table private.video_tallies, private.video_totals, private.platform_totals in exclusive mode;
  delete from private.video_tallies;
  delete from private.video_totals;
  update private.platform_totals o set videos = 0, views = 0, likes = 0, comments = 0, shares = 0, estimated_videos = 0, demo_videos = 0,
    unavailable_videos = 0, counted_views = 0, pending_views = 0, pending_reviews = 0, earned_satang = 0, charged_satang = 0
   where o.shard is not null;
  insert into private.video_tallies select * from private.tally_view;
  insert into private.video_totals (creator_id, brand_key, pitch, videos, views, likes, comments, shares, estimated_videos, demo_videos,
                                    unavailable_videos, counted_views, pending_views, pending_reviews, earned_satang, charged_satang)
  select creator_id, brand_key, pitch, count(*), sum(views), sum(likes), sum(comments), sum(shares), sum(estimated), sum(demo),
         sum(unavailable), sum(counted_views), sum(pending_views), sum(pending_review), sum(earned_satang), sum(charged_satang)
    from private.video_tallies group by creator_id, brand_key, pitch;
  update private.platform_totals o set
    videos = s.videos, views = s.views, likes = s.likes, comments = s.comments, shares = s.shares,
    estimated_videos = s.estimated_videos, demo_videos = s.demo_videos, unavailable_videos = s.unavailable_videos,
    counted_views = s.counted_views, pending_views = s.pending_views, pending_reviews = s.pending_reviews,
    earned_satang = s.earned_satang, charged_satang = s.charged_satang
    from (
      select hashtext(creator_id::text) & 15 as shard, sum(videos) as videos, sum(views) as views, sum(likes) as likes,
             sum(comments) as comments, sum(shares) as shares, sum(estimated_videos) as estimated_videos, sum(demo_videos) as demo_videos,
             sum(unavailable_videos) as unavailable_videos, sum(counted_views) as counted_views, sum(pending_views) as pending_views,
             sum(pending_reviews) as pending_reviews, sum(earned_satang) as earned_satang, sum(charged_satang) as charged_satang
        from private.video_totals group by 1
    ) s
   where o.shard = s.shard;
end;
$$;

create or replace function private.retally(video uuid) RETURNS void
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
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
      pending_views = excluded.pending_views, pending_review = excluded.pending_review, pending_since = excluded.pending_since,
      earned_satang = excluded.earned_satang, charged_satang = excluded.charged_satang,
      pending_earned_satang = excluded.pending_earned_satang, pending_charged_satang = excluded.pending_charged_satang;
  end if;
end;
$$;

-- The money of the tallies already kept, and of their totals.
update private.video_tallies t
   set earned_satang = x.earned_satang, charged_satang = x.charged_satang,
       pending_earned_satang = x.pending_earned_satang, pending_charged_satang = x.pending_charged_satang
  from private.tally_view x
 where x.video = t.video;
update private.video_totals o
   set earned_satang = s.earned, charged_satang = s.charged
  from (select t.creator_id, t.brand_key, t.pitch, sum(t.earned_satang) as earned, sum(t.charged_satang) as charged
          from private.video_tallies t group by t.creator_id, t.brand_key, t.pitch) s
 where o.creator_id = s.creator_id and o.brand_key = s.brand_key and o.pitch = s.pitch;
update private.platform_totals o
   set earned_satang = s.earned, charged_satang = s.charged
  from (select hashtext(t.creator_id::text) & 15 as shard, sum(t.earned_satang) as earned, sum(t.charged_satang) as charged
          from private.video_tallies t group by 1) s
 where o.shard = s.shard;

drop function private.late_approvals(uuid, uuid);
create function private.late_approvals(creator uuid, brand uuid) RETURNS TABLE(views bigint, reviews bigint, earned_satang bigint, charged_satang bigint)
    LANGUAGE plpgsql STABLE SECURITY DEFINER
    SET search_path TO ''
    AS $$
declare
  cutoff timestamptz := private.auto_approve_cutoff();
begin
  if creator is not null then
    return query select coalesce(sum(t.pending_views), 0)::bigint, count(*),
                         coalesce(sum(t.pending_earned_satang), 0)::bigint, coalesce(sum(t.pending_charged_satang), 0)::bigint from private.video_tallies t
                  where t.creator_id = creator and t.pending_since <= cutoff;
  elsif brand is not null then
    return query select coalesce(sum(t.pending_views), 0)::bigint, count(*),
                         coalesce(sum(t.pending_earned_satang), 0)::bigint, coalesce(sum(t.pending_charged_satang), 0)::bigint from private.video_tallies t
                  where t.brand_key = brand and t.pending_since <= cutoff;
  else
    return query select coalesce(sum(t.pending_views), 0)::bigint, count(*),
                         coalesce(sum(t.pending_earned_satang), 0)::bigint, coalesce(sum(t.pending_charged_satang), 0)::bigint from private.video_tallies t
                  where t.pending_since <= cutoff;
  end if;
end;
$$;

comment on function private.late_approvals(uuid, uuid) is 'Pending reviews whose auto-approval time has passed but which settle_reviews() has not written down yet (of one creator, one brand, or all): their views count now, with the money they add (pending_earned_satang, pending_charged_satang of their tallies).';

create or replace function public.creator_metrics(creator uuid DEFAULT NULL::uuid) RETURNS jsonb
    LANGUAGE plpgsql STABLE SECURITY DEFINER
    SET search_path TO ''
    AS $$
declare
  target uuid := private.metrics_target(creator);
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
      'estEarnings', (coalesce(sum(t.earned_satang), 0) + late.earned_satang) / 100.0,
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

comment on function public.creator_metrics(uuid) is 'A creator''s totals: totalViews, totalVideos and totalBrands over all their videos; countedViews, pendingViews and notCountedViews (which add up to totalViews) from video_ledger; estEarnings, in baht to the satang: the sum of each video''s earning, private.satang(counted views, the brief''s creator rate), which is what its ledger entries and the month so far add up to; engagementRate = round((likes + comments + shares) / views × 100); how many videos await review, are unavailable, estimated or demo data. Defaults to the caller.';

create or replace function public.brand_metrics(brand uuid DEFAULT NULL::uuid) RETURNS jsonb
    LANGUAGE plpgsql STABLE SECURITY DEFINER
    SET search_path TO ''
    AS $$
declare
  target uuid := private.metrics_target(brand);
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
      'estPay', (coalesce(sum(t.charged_satang), 0) + late.charged_satang) / 100.0,
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

comment on function public.brand_metrics(uuid) is 'A brand''s totals over the videos submitted to its briefs: totalViews, totalVideos, totalCreators; countedViews, pendingViews and notCountedViews from video_ledger; estPay, in baht to the satang: the sum of each video''s charge, private.satang(counted views, the brief''s brand rate); pendingReviews (briefs and pitches) awaiting its answer; pitchVideos, which count for no money. Defaults to the caller.';

create or replace function public.admin_metrics() RETURNS jsonb
    LANGUAGE plpgsql STABLE SECURITY DEFINER
    SET search_path TO ''
    AS $$
declare
  late record;
  result jsonb;
begin
  if not ((select private.is_admin()) or (select auth.role()) = 'service_role') then
    perform private.refuse('admin_only', 'Only admins can do this', 403);
  end if;
  select * into late from private.late_approvals(null, null);
  select jsonb_build_object(
      'totalBrands', (select c.profiles from private.profile_counts c where c.user_type = 'brand'),
      'totalCreators', (select c.profiles from private.profile_counts c where c.user_type = 'creator'),
      'totalVideos', sum(t.videos),
      'totalViews', sum(t.views),
      'countedViews', sum(t.counted_views) + late.views,
      'pendingViews', sum(t.pending_views) - late.views,
      'estPay', (sum(t.charged_satang) + late.charged_satang) / 100.0,
      'estEarnings', (sum(t.earned_satang) + late.earned_satang) / 100.0,
      'pendingReviews', sum(t.pending_reviews) - late.reviews,
      'estimatedVideos', sum(t.estimated_videos),
      'demoVideos', sum(t.demo_videos)
    )
    into result
    from private.platform_totals t;
  return result;
end;
$$;

comment on function public.admin_metrics() is 'Platform totals for admins: brand and creator accounts, videos and views; countedViews and pendingViews from video_ledger; estPay (what brands owe) and estEarnings (what creators earn), in baht to the satang: the sums of each video''s charge and earning at its brief''s rates (private.satang).';

create or replace view private.video_rows WITH (security_invoker='true') AS
 SELECT v.id,
    v.video_id,
    v.user_id,
    v.brand_id,
    v.brand_brief_id,
    v.posted_at,
    review.status AS review_status,
    r.reason AS review_reason,
    r.note AS review_note,
    r.submitted_at AS review_submitted_at,
        CASE
            WHEN (r.status = 'pending'::text) THEN private.auto_approve_at(r.submitted_at)
            ELSE NULL::timestamp with time zone
        END AS auto_approve_at,
    v.availability,
        CASE
            WHEN (NOT v.is_estimated) THEN v.view_count
            ELSE NULL::bigint
        END AS measured_views,
        CASE
            WHEN (rule.reason IS NULL) THEN v.window_views
            ELSE (0)::bigint
        END AS counted_views,
        CASE
            WHEN (rule.reason = 'pending_review'::text) THEN v.window_views
            ELSE (0)::bigint
        END AS pending_views,
    rule.reason AS excluded_reason,
    (v.posted_at + make_interval(days => rules.count_window_days)) AS window_ends_at,
    (now() > (v.posted_at + make_interval(days => rules.count_window_days))) AS frozen,
    v.share_url,
    v.title,
    v.description,
    v.thumbnail_url,
    v.author_username,
    v.view_count,
    v.like_count,
    v.comment_count,
    v.share_count,
    v.is_estimated,
    v.metrics_source,
    v.metrics_updated_at,
    v.is_demo,
    v.created_at,
    v.updated_at,
    private.display_creator_name(p.first_name, p.last_name) AS creator_name,
        CASE
            WHEN (v.brand_id IS NOT NULL) THEN private.display_brand_name(bp.first_name, bp.last_name)
            ELSE NULL::text
        END AS brand_name,
    b.title AS brief_title,
    ((v.brand_id IS NOT NULL) AND (v.brand_brief_id IS NULL)) AS is_pitch,
    v.excluded_note,
    COALESCE(p.tiktok_verified, false) AS creator_verified,
        CASE
            WHEN ((rule.reason IS NULL) AND (b.id IS NOT NULL)) THEN private.satang(v.window_views, b.creator_rate_satang)
            ELSE (0)::bigint
        END AS earned_satang,
        CASE
            WHEN ((rule.reason IS NULL) AND (b.id IS NOT NULL)) THEN private.satang(v.window_views, b.brand_rate_satang)
            ELSE (0)::bigint
        END AS charged_satang
   FROM (((((((public.tiktok_videos v
     CROSS JOIN public.ledger_rules rules)
     LEFT JOIN public.brand_briefs b ON ((b.id = v.brand_brief_id)))
     LEFT JOIN private.profile_names p ON ((p.id = v.user_id)))
     LEFT JOIN private.profile_names bp ON ((bp.id = v.brand_id)))
     LEFT JOIN public.video_reviews r ON (((r.creator_id = v.user_id) AND (r.video_id = v.video_id) AND (r.brand_id = v.brand_id) AND (r.brief_key = COALESCE(v.brand_brief_id, '00000000-0000-0000-0000-000000000000'::uuid)))))
     CROSS JOIN LATERAL ( SELECT
                CASE
                    WHEN (v.brand_id IS NULL) THEN 'none'::text
                    WHEN ((r.status = 'pending'::text) AND (now() >= private.auto_approve_at(r.submitted_at))) THEN 'approved'::text
                    ELSE COALESCE(r.status, 'pending'::text)
                END AS status) review)
     CROSS JOIN LATERAL ( SELECT private.ledger_reason((v.excluded_at IS NOT NULL), v.brand_id, v.brand_brief_id, v.author_username, p.tiktok_username, COALESCE(p.tiktok_proven, false), v.posted_at, b.created_at, b.deadline, review.status, v.window_views) AS reason) rule);

comment on column private.video_rows.charged_satang is 'What the brand pays for the counted views so far: private.satang(counted_views, the brief''s brand_rate_satang); 0 when nothing counts.';

create or replace view public.video_listings WITH (security_invoker='true') AS
 SELECT video_rows.id,
    video_rows.user_id,
    video_rows.video_id,
    video_rows.share_url,
    video_rows.title,
    video_rows.description,
    video_rows.thumbnail_url,
    video_rows.author_username,
    video_rows.brand_id,
    video_rows.brand_brief_id,
    video_rows.view_count,
    video_rows.like_count,
    video_rows.comment_count,
    video_rows.share_count,
    video_rows.is_estimated,
    video_rows.metrics_source,
    video_rows.metrics_updated_at,
    video_rows.is_demo,
    video_rows.created_at,
    video_rows.updated_at,
    video_rows.creator_name,
    video_rows.brand_name,
    video_rows.brief_title,
    video_rows.is_pitch,
    video_rows.posted_at,
    video_rows.review_status,
    video_rows.review_reason,
    video_rows.review_note,
    video_rows.review_submitted_at,
    video_rows.auto_approve_at,
    video_rows.availability,
    video_rows.measured_views,
    video_rows.counted_views,
    video_rows.pending_views,
    video_rows.excluded_reason,
    video_rows.window_ends_at,
    video_rows.frozen,
    video_rows.excluded_note,
    video_rows.creator_verified,
    video_rows.earned_satang,
    video_rows.charged_satang
   FROM private.video_rows;

comment on column public.video_listings.charged_satang is 'What the brand pays for the counted views so far, in satang, at the brief''s brand rate (0 for a pitch or when nothing counts): the admin content table''s Est. Amount.';

create or replace function public.admin_list_videos(p_search text DEFAULT ''::text, p_signal text DEFAULT NULL::text, p_sort text DEFAULT 'newest'::text, p_offset integer DEFAULT 0, p_limit integer DEFAULT 10) RETURNS json
    LANGUAGE plpgsql STABLE SECURITY DEFINER
    SET search_path TO ''
    AS $$
declare
  pattern text := private.admin_search_pattern(p_search);
  first integer := greatest(coalesce(p_offset, 0), 0);
  size integer := least(greatest(coalesce(p_limit, 10), 1), 100);
  signal text := nullif(p_signal, '');
  by_signals boolean := coalesce(p_sort, 'newest') = 'signals';
  creators uuid[];
  total bigint;
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
  -- Each case is its own statement: PL/pgSQL keeps one plan per statement, and a plan made for
  -- "no search" must never serve a search (nor the other way round).
  if pattern is not null then
    creators := array(select p.id from public.profiles p
                       where private.profile_search_text(p.first_name, p.last_name, p.tiktok_username) like pattern limit 1000);
    -- The matches first (trigram and creator indexes), then their order: walking the newest
    -- videos until enough match would pass a million rows when few do.
    with matched as materialized (
      select v.id, v.created_at, coalesce(cardinality(s.signals), 0) as signal_count
        from public.tiktok_videos v
        left join private.video_signal_state s on s.video = v.id
       where (private.video_search_text(v.title, v.author_username) like pattern or v.user_id = any(creators))
         and (signal is null or (s.video is not null and (signal = 'any' or s.signals @> array[signal])))
    )
    select (select count(*) from matched),
           array(select m.id from matched m
                  order by case when by_signals then m.signal_count end desc nulls last, m.created_at desc, m.id
                 offset first limit size)
      into total, page;
  elsif by_signals then
    select count(*) into total from private.video_signal_state s where signal is null or signal = 'any' or s.signals @> array[signal];
    page := array(select s.video from private.video_signal_state s
                   where signal is null or signal = 'any' or s.signals @> array[signal]
                   order by cardinality(s.signals) desc, s.created_at desc, s.video offset first limit size);
  elsif signal = 'any' then
    select count(*) into total from private.video_signal_state s;
    page := array(select s.video from private.video_signal_state s order by s.created_at desc, s.video offset first limit size);
  elsif signal is not null then
    select count(*) into total from private.video_signal_state s where s.signals @> array[signal];
    page := array(select s.video from private.video_signal_state s where s.signals @> array[signal]
                   order by s.created_at desc, s.video offset first limit size);
  else
    -- Every video: the total from the platform's running totals, the page from the newest.
    select sum(t.videos) into total from private.platform_totals t;
    page := array(select v.id from public.tiktok_videos v order by v.created_at desc, v.id offset first limit size);
  end if;

  -- Found by key, as video_listing_page() does; the signals ride along per row.
  select json_agg(to_jsonb(l) || jsonb_build_object(
           'signals', coalesce((select s.signals from private.video_signal_state s where s.video = l.id), array[]::text[]),
           'signal_details', coalesce((select s.details from private.video_signal_state s where s.video = l.id), '[]'::jsonb))
         order by array_position(page, l.id))
    into listed
    from public.video_listings l
   where l.id = any(page);
  return json_build_object('total', coalesce(total, 0), 'searched', pattern is not null, 'rows', coalesce(listed, '[]'::json));
end;
$$;

create or replace function private.signal_rows(video_ids uuid[]) RETURNS TABLE(video uuid, creator_id uuid, created_at timestamp with time zone, signals text[], details jsonb)
    LANGUAGE sql STABLE SECURITY DEFINER
    SET search_path TO ''
    AS $$
  with settings as (select private.signal_thresholds() as l, private.platform_views_per_like() as norm)
  select v.id, v.user_id, v.created_at, array(select e->>'code' from jsonb_array_elements(found.list) e), found.list
    from public.tiktok_videos v
    cross join settings
    left join public.profiles p on p.id = v.user_id
    left join private.video_tallies vt on vt.video = v.id
    -- The largest gain between two consecutive measurements that beats the rate before it.
    left join lateral (
      select j.gained, j.hours, j.at, j.rate_before
        from (
          select m.view_count - lag(m.view_count) over w as gained,
                 extract(epoch from m.measured_at - lag(m.measured_at) over w) / 3600 as hours,
                 m.measured_at as at,
                 (lag(m.view_count) over w)::numeric
                   / greatest(extract(epoch from lag(m.measured_at) over w - v.posted_at) / 3600, 1) as rate_before
            from public.video_snapshots m
           where m.tiktok_video_id = v.id and m.available and m.source <> 'estimate'
          window w as (order by m.measured_at, m.id)
        ) j
       where j.gained >= (settings.l->>'jumpMinViews')::bigint and j.hours > 0
         and j.gained / j.hours > (settings.l->>'jumpFactor')::numeric * greatest(j.rate_before, 1)
       order by j.gained desc
       limit 1
    ) jump on true
    cross join lateral (
      select count(*) as nearby
        from public.tiktok_videos o
       where o.user_id = v.user_id
         and o.posted_at between v.posted_at - make_interval(mins => (settings.l->>'burstMinutes')::integer)
                             and v.posted_at + make_interval(mins => (settings.l->>'burstMinutes')::integer)
    ) burst
    cross join lateral (
      select (v.like_count + v.comment_count + v.share_count)::numeric * 100 / greatest(v.view_count, 1) as percent
    ) engagement
    -- Other accounts that linked the same TikTok video to a brand, and the views each shows.
    cross join lateral (
      select count(*) as accounts,
             coalesce(jsonb_agg(jsonb_build_object('name', private.creator_name(o.user_id), 'username', op.tiktok_username,
                                                   'views', o.view_count, 'counted', coalesce(ot.counted_views, 0))
                                order by o.created_at), '[]'::jsonb) as list
        from public.tiktok_videos o
        left join public.profiles op on op.id = o.user_id
        left join private.video_tallies ot on ot.video = o.id
       where o.video_id = v.video_id and o.user_id <> v.user_id and o.brand_id is not null and v.brand_id is not null
    ) claims
    -- The creator changed their TikTok username while this video was linked to a brand.
    left join lateral (
      select h.old_username, h.new_username, h.changed_at, count(*) over () as changes
        from private.handle_changes h
       where h.user_id = v.user_id and h.changed_at >= v.created_at and v.brand_id is not null
       order by h.changed_at desc
       limit 1
    ) handle on true
    cross join lateral (
      select coalesce(jsonb_agg(c.item order by c.n), '[]'::jsonb) as list
        from (values
          (1, case when v.view_count >= (settings.l->>'viewsPerLikeMinViews')::bigint
                    and v.view_count::numeric / greatest(v.like_count, 1) > settings.norm * (settings.l->>'viewsPerLikeFactor')::numeric
               then jsonb_build_object('code', 'views_per_like', 'viewsPerLike', round(v.view_count::numeric / greatest(v.like_count, 1), 1),
                                       'platformViewsPerLike', settings.norm) end),
          (2, case when jump.at is not null
               then jsonb_build_object('code', 'view_jump', 'gained', jump.gained, 'hours', round(jump.hours, 1), 'at', jump.at,
                                       'perHour', round(jump.gained / jump.hours), 'usualPerHour', round(jump.rate_before)) end),
          (3, case when v.view_count > (settings.l->>'lowEngagementMinViews')::bigint and engagement.percent < (settings.l->>'lowEngagementPercent')::numeric
               then jsonb_build_object('code', 'low_engagement', 'engagementPercent', round(engagement.percent, 2), 'views', v.view_count) end),
          (4, case when v.author_username is not null and lower(v.author_username) is distinct from lower(p.tiktok_username)
               then jsonb_build_object('code', 'not_owner', 'author', v.author_username, 'account', p.tiktok_username) end),
          (5, case when burst.nearby >= (settings.l->>'burstVideos')::integer
               then jsonb_build_object('code', 'burst_posting', 'videos', burst.nearby, 'minutes', (settings.l->>'burstMinutes')::integer) end),
          (6, case when claims.accounts > 0
               then jsonb_build_object('code', 'duplicate_claim', 'accounts', claims.accounts + 1, 'others', claims.list,
                                       'views', v.view_count, 'counted', coalesce(vt.counted_views, 0)) end),
          (7, case when handle.changed_at is not null
               then jsonb_build_object('code', 'handle_changed', 'from', handle.old_username, 'to', handle.new_username,
                                       'at', handle.changed_at, 'changes', handle.changes) end)
        ) c(n, item)
       where c.item is not null
    ) found
   where v.id = any(signal_rows.video_ids)
     and jsonb_array_length(found.list) > 0
$$;

create or replace function public.close_month(p_month date) RETURNS json
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    SET statement_timeout TO '0'
    AS $$
declare
  closing date := date_trunc('month', p_month)::date;
  ends timestamptz;
  rules public.pay_rules;
  made_entries integer;
  made_payouts integer;
begin
  -- Admins, or the scheduler (the service role: no signed-in user; anon may not call this).
  if auth.uid() is not null then
    perform private.require_admin();
  end if;
  if closing is null then
    perform private.refuse('month_required', 'Choose a month', 400);
  end if;
  ends := private.month_start((closing + interval '1 month')::date);
  if ends > now() then
    perform private.refuse('month_not_over', 'A month can be closed once it is over', 409);
  end if;

  -- One close at a time; a month closes once: a second call answers what the first did.
  perform pg_advisory_xact_lock(hashtext('viewpact:close_month'));
  if exists (select 1 from public.month_closes c where c.month = closing) then
    return (select json_build_object('month', c.month, 'closed_at', c.closed_at, 'entries', c.entries, 'payouts', c.payouts, 'already_closed', true)
              from public.month_closes c where c.month = closing);
  end if;
  if exists (select 1 from public.month_closes c where c.month > closing) then
    perform private.refuse('later_month_closed', 'A later month is closed already', 409);
  end if;
  select * into rules from public.pay_rules;

  -- Rule 12: what each video counted at the month's end, minus what its entries counted so far.
  with now_counted as (
    select c.* from private.counted_at(ends) c
  ),
  previous as (
    select distinct on (e.creator_id, e.video_id, e.brand_brief_id)
           e.id, e.tiktok_video_id, e.video_id, e.creator_id, e.brand_id, e.brand_brief_id, e.counted_to
      from public.ledger_entries e
     order by e.creator_id, e.video_id, e.brand_brief_id, e.id desc
  ),
  movement as (
    select coalesce(n.tiktok_video_id, p.tiktok_video_id) as tiktok_video_id,
           coalesce(n.video_id, p.video_id) as video_id,
           coalesce(n.creator_id, p.creator_id) as creator_id,
           coalesce(n.brand_id, p.brand_id) as brand_id,
           coalesce(n.brand_brief_id, p.brand_brief_id) as brand_brief_id,
           coalesce(n.counted, 0) as counted_to,
           coalesce(p.counted_to, 0) as counted_from,
           coalesce(n.counted, 0) - coalesce(p.counted_to, 0) as views,
           n.snapshot_id, p.id as previous_entry_id
      from now_counted n
      full join previous p
        on p.creator_id = n.creator_id and p.video_id = n.video_id and p.brand_brief_id = n.brand_brief_id
     -- A video still here that counts less is corrected. One its creator deleted keeps what it
     -- was paid, unless it was excluded or is found not to be the creator's own (rule 12).
     where n.tiktok_video_id is not null
        or exists (select 1 from public.tiktok_videos v where v.id = p.tiktok_video_id)
        or exists (select 1 from private.removed_videos g
                     left join public.profiles o on o.id = g.user_id
                    where g.id = p.tiktok_video_id
                      and (g.excluded_at is not null or lower(g.author_username) is distinct from lower(o.tiktok_username)))
  )
  insert into public.ledger_entries (month, tiktok_video_id, video_id, creator_id, brand_id, brand_brief_id, views, counted_to,
                                     brand_rate_satang, creator_rate_satang, brand_charge_satang, creator_earning_satang,
                                     margin_satang, snapshot_id, previous_entry_id)
  select closing, m.tiktok_video_id, m.video_id, m.creator_id, m.brand_id, m.brand_brief_id, m.views, m.counted_to,
         b.brand_rate_satang, b.creator_rate_satang, amounts.charge, amounts.earning, amounts.charge - amounts.earning,
         m.snapshot_id, m.previous_entry_id
    from movement m
    join public.brand_briefs b on b.id = m.brand_brief_id
    cross join lateral (
      select private.satang_moved(m.counted_from, m.counted_to, b.brand_rate_satang) as charge,
             private.satang_moved(m.counted_from, m.counted_to, b.creator_rate_satang) as earning
    ) amounts
   where m.views <> 0;
  get diagnostics made_entries = row_count;

  -- Rule 14: each creator's gross since their last payout (this month's and the months carried
  -- over), paid when the net reaches the minimum; withholding tax when the gross reaches the threshold.
  insert into public.payouts (creator_id, month, gross_satang, wht_satang, net_satang, wht_rate_bp)
  select d.creator_id, closing, d.gross, d.wht, d.gross - d.wht, rules.wht_rate_bp
    from (
      select g.creator_id, g.gross,
             case when g.gross >= rules.wht_threshold_satang then floor(g.gross * rules.wht_rate_bp / 10000.0)::bigint else 0 end as wht
        from (
          select e.creator_id, sum(e.creator_earning_satang)::bigint as gross
            from public.ledger_entries e
           where e.month > coalesce((select max(p.month) from public.payouts p where p.creator_id = e.creator_id), '-infinity'::date)
           group by e.creator_id
        ) g
    ) d
   where d.gross - d.wht >= rules.payout_minimum_satang;
  get diagnostics made_payouts = row_count;

  -- Written last, with its counts: the entries' and payouts' references to it are checked at commit.
  insert into public.month_closes (month, closed_by, entries, payouts) values (closing, auth.uid(), made_entries, made_payouts);
  return json_build_object('month', closing, 'closed_at', now(), 'entries', made_entries, 'payouts', made_payouts, 'already_closed', false);
end;
$$;

create or replace function private.track_month() RETURNS trigger
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
declare
  this_month date := private.current_month();
  starts timestamptz := private.month_start(private.current_month());
  kept private.video_months;
  was_late boolean;
  moved private.video_months;
begin
  select m.* into kept from private.video_months m
   where m.video = case when tg_op = 'DELETE' then old.video else new.video end
     for update;
  if kept.month is distinct from this_month then
    kept := null;
  end if;

  if tg_op = 'DELETE' then
    -- A removed video leaves the month's figures, as it leaves the creator's videos.
    if kept.video is not null then
      update private.creator_months c
         set measured = c.measured - kept.measured, counted = c.counted - kept.counted,
             pending = c.pending - kept.pending, gross_satang = c.gross_satang - kept.gross_satang
       where c.creator_id = kept.creator_id and c.month = this_month;
    end if;
    delete from private.video_months m where m.video = old.video;
    return null;
  end if;

  moved.video := new.video;
  moved.creator_id := new.creator_id;
  moved.month := this_month;
  if kept.video is not null then
    moved.opened_measured := kept.opened_measured;
    moved.opened_counted := kept.opened_counted;
    moved.opened_pending := kept.opened_pending;
  elsif tg_op = 'INSERT' then
    -- A new video: nothing of it was measured or counted when the month began.
    moved.opened_measured := 0;
    moved.opened_counted := 0;
    moved.opened_pending := 0;
  else
    -- Its first change this month: the tally before it is how the video stood when the month
    -- began, the reviews the clock had approved by then counted.
    was_late := old.pending_since is not null and private.auto_approve_at(old.pending_since) <= starts;
    moved.opened_measured := private.latest_measured(new.video, starts);
    moved.opened_counted := old.counted_views + case when was_late then old.pending_views else 0 end;
    moved.opened_pending := case when was_late then 0 else old.pending_views end;
  end if;
  moved.creator_rate_satang := coalesce((select b.creator_rate_satang from public.tiktok_videos v
                                           join public.brand_briefs b on b.id = v.brand_brief_id
                                          where v.id = new.video), 0);
  moved.measured := private.latest_measured(new.video, 'infinity') - moved.opened_measured;
  moved.counted := new.counted_views - moved.opened_counted;
  moved.pending := new.pending_views - moved.opened_pending;
  moved.gross_satang := private.satang_moved(moved.opened_counted, new.counted_views, moved.creator_rate_satang);

  if kept.video is null and moved.measured = 0 and moved.counted = 0 and moved.pending = 0 then
    return null; -- nothing moved: the next change finds the month's opening the same way
  end if;
  insert into private.creator_months as c (creator_id, month, measured, counted, pending, gross_satang)
  values (moved.creator_id, this_month,
          moved.measured - coalesce(kept.measured, 0), moved.counted - coalesce(kept.counted, 0),
          moved.pending - coalesce(kept.pending, 0), moved.gross_satang - coalesce(kept.gross_satang, 0))
  on conflict (creator_id, month) do update
    set measured = c.measured + excluded.measured, counted = c.counted + excluded.counted,
        pending = c.pending + excluded.pending, gross_satang = c.gross_satang + excluded.gross_satang;
  insert into private.video_months values (moved.*)
  on conflict (video) do update set
    creator_id = excluded.creator_id, month = excluded.month, creator_rate_satang = excluded.creator_rate_satang,
    opened_measured = excluded.opened_measured, opened_counted = excluded.opened_counted, opened_pending = excluded.opened_pending,
    measured = excluded.measured, counted = excluded.counted, pending = excluded.pending, gross_satang = excluded.gross_satang;
  return null;
end;
$$;

create or replace function public.earnings_this_month() RETURNS json
    LANGUAGE sql STABLE SECURITY DEFINER
    SET search_path TO ''
    SET jit TO 'off'
    AS $$
  with this as (
    select private.current_month() as month,
           private.auto_approve_cutoff() as cutoff,
           private.auto_approve_cutoff(private.month_start(private.current_month())) as cutoff_at_start
  ),
  -- Videos whose review the clock approved (72 hours) and nobody has written down yet
  -- (settle_reviews): their pending views count, as the ledger counts them.
  late as (
    select t.counted_views + t.pending_views as counted_to,
           coalesce(m.opened_counted, t.counted_views + case when t.pending_since <= this.cutoff_at_start then t.pending_views else 0 end)
             as counted_from,
           coalesce(m.counted, 0) as kept_counted,
           coalesce(m.gross_satang, 0) as kept_gross,
           coalesce(m.creator_rate_satang,
                    (select b.creator_rate_satang from public.tiktok_videos v join public.brand_briefs b on b.id = v.brand_brief_id
                      where v.id = t.video), 0) as rate
      from this
      join private.video_tallies t on t.creator_id = (select auth.uid()) and t.pending_since <= this.cutoff
      left join private.video_months m on m.video = t.video and m.month = this.month
  ),
  late_fix as (
    select coalesce(sum(l.counted_to - l.counted_from - l.kept_counted), 0) as counted,
           coalesce(sum(private.satang_moved(l.counted_from, l.counted_to, l.rate) - l.kept_gross), 0) as gross
      from late l
  )
  select json_build_object(
    'month', this.month,
    'measuredViews', coalesce(s.measured, 0),
    'countedViews', coalesce(s.counted, 0) + f.counted,
    'pendingViews', coalesce(s.pending, 0) - f.counted,
    'notCountedViews', coalesce(s.measured, 0) - coalesce(s.counted, 0) - coalesce(s.pending, 0),
    'grossSatang', coalesce(s.gross_satang, 0) + f.gross
  )
    from this
    cross join late_fix f
    left join private.creator_months s on s.creator_id = (select auth.uid()) and s.month = this.month
$$;

comment on function public.earnings_this_month() is 'The calling creator''s month so far (Thailand time), from private.creator_months: views measured since it began (latest measured snapshot now minus the latest before the month), split into counted, pending review and not counted (the rest), each the change of the video''s tally since the month began; and the gross the counted change accrues at each brief''s creator rate, private.satang_moved(counted when the month began, counted now), as the close will write it. A change of the rules this month (an admin''s exclusion, say) shows as this month''s change.';

create or replace function private.rebuild_months() RETURNS void
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    SET jit TO 'off'
    AS $$
declare
  this_month date := private.current_month();
  starts timestamptz := private.month_start(private.current_month());
begin
  lock table private.video_tallies, private.video_months, private.creator_months in exclusive mode;
  delete from private.video_months m where m.video is not null;
  delete from private.creator_months c where c.creator_id is not null;
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

create or replace function private.notify_review() RETURNS trigger
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
declare
  about jsonb := private.video_params(new.creator_id, new.video_id, new.brand_brief_id);
begin
  -- A review waits on a link, and again on a re-link that restarts its clock; a clock moved back
  -- (or already run out) opens no new wait.
  if new.status = 'pending' and (tg_op = 'INSERT' or new.submitted_at > old.submitted_at)
     and private.auto_approve_at(new.submitted_at) > now() then
    perform private.notify(new.brand_id, 'review_waiting',
      about || jsonb_build_object('creator_name', private.creator_name(new.creator_id),
                                  'auto_approve_at', private.auto_approve_at(new.submitted_at)));
  elsif tg_op = 'UPDATE' and old.status = 'pending' and new.status = 'approved' then
    perform private.notify(new.creator_id, 'video_approved', about || jsonb_build_object('auto', new.decided_by is null));
  elsif tg_op = 'UPDATE' and old.status = 'pending' and new.status = 'rejected' then
    perform private.notify(new.creator_id, 'video_rejected', about || jsonb_build_object('reason', new.reason, 'note', new.note));
  end if;
  return null;
end;
$$;

create or replace function public.my_changes() RETURNS json
    LANGUAGE plpgsql STABLE SECURITY DEFINER
    SET search_path TO ''
    AS $$
declare
  me uuid := (select auth.uid());
  kind text := private.profile_type((select auth.uid()));
  cutoff timestamptz := private.auto_approve_cutoff();
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
     where r.creator_id = me and r.status = 'pending' and r.submitted_at <= cutoff
     order by r.submitted_at desc limit 1;
  elsif kind = 'brand' then
    select r.submitted_at into clock from public.video_reviews r
     where r.brand_id = me and r.status = 'pending' and r.submitted_at <= cutoff
     order by r.submitted_at desc limit 1;
  elsif kind = 'admin' then
    select sum(p.money)::bigint as money, max(p.changed_at) as changed_at into platform from private.platform_money_stamps p;
    money := money + coalesce(platform.money, 0);
    money_at := greatest(money_at, platform.changed_at);
    select r.submitted_at into clock from public.video_reviews r
     where r.status = 'pending' and r.submitted_at <= cutoff
     order by r.submitted_at desc limit 1;
  end if;

  unread := (select count(*)::integer
               from (select 1 from public.notifications n where n.recipient_id = me and n.read_at is null limit 10) u);
  return json_build_object(
    'money', money,
    'money_at', money_at,
    'auto_approved_at', private.auto_approve_at(clock),
    'news', news,
    'unread', unread,
    'now', now());
end;
$$;

create or replace function public.notify_due() RETURNS integer
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
declare
  before bigint := (select coalesce(max(n.id), 0) from public.notifications n);
  today date := ((now() at time zone 'UTC') + interval '7 hours')::date;
  brief public.brand_briefs;
begin
  for brief in
    select b.* from public.brand_briefs b where b.status <> 'closed' and b.deadline between today and today + 2
  loop
    perform private.notify_joined(brief, 'brief_deadline_near', jsonb_build_object('deadline', brief.deadline),
                                  'deadline_near:' || brief.id || ':' || brief.deadline);
  end loop;

  perform private.notify(r.brand_id, 'review_auto_approve_soon',
           private.video_params(r.creator_id, r.video_id, r.brand_brief_id)
             || jsonb_build_object('auto_approve_at', private.auto_approve_at(r.submitted_at)),
           'auto_approve_soon:' || r.id || ':' || r.submitted_at)
     from public.video_reviews r
    where r.status = 'pending'
      -- Not approved by the clock yet, and approved by it within 12 hours.
      and r.submitted_at > private.auto_approve_cutoff()
      and r.submitted_at <= private.auto_approve_cutoff(now() + interval '12 hours');

  perform private.notify(c.user_id, 'tiktok_expiring', jsonb_build_object('expires_at', c.expires_at), 'tiktok_expiring:' || c.expires_at)
     from public.tiktok_connections c
    where c.is_connected and c.revoked_at is null and c.expires_at > now() and c.expires_at <= now() + interval '3 days';

  return (select count(*)::integer from public.notifications n where n.id > before);
end;
$$;

create or replace function public.review_queue_page(p_offset integer DEFAULT 0, p_limit integer DEFAULT 10) RETURNS json
    LANGUAGE plpgsql STABLE SECURITY DEFINER
    SET search_path TO ''
    AS $$
declare
  brand uuid := auth.uid();
  cutoff timestamptz := private.auto_approve_cutoff();
  queued bigint;
  page uuid[];
  listed json;
begin
  select count(*) into queued
    from private.video_tallies t
   where t.brand_key = brand and t.pending_since > cutoff;
  select array(
    select t.video from private.video_tallies t
     where t.brand_key = brand and t.pending_since > cutoff
     order by t.pending_since, t.video
    offset greatest(coalesce(p_offset, 0), 0)
     limit least(greatest(coalesce(p_limit, 10), 1), 1000)) into page;
  select json_agg(to_jsonb(l) || jsonb_build_object('queued_at', t.pending_since) order by t.pending_since, t.video) into listed
    from private.video_tallies t
    join public.video_listings l on l.id = t.video
   where t.video = any(page);
  return json_build_object('total', queued, 'rows', coalesce(listed, '[]'::json));
end;
$$;

create or replace function public.settle_reviews() RETURNS integer
    LANGUAGE sql SECURITY DEFINER
    SET search_path TO ''
    AS $$
  with settled as (
    update public.video_reviews r
       set status = 'approved', decided_at = private.auto_approve_at(r.submitted_at), decided_by = null
     where r.status = 'pending' and r.submitted_at <= private.auto_approve_cutoff()
    returning 1
  )
  select count(*)::integer from settled
$$;

-- The brand's review queue shows each video's charge too (appended: a view keeps its columns' places).
create or replace view public.review_queue with (security_invoker = true) as
 SELECT l.id,
    l.user_id,
    l.video_id,
    l.share_url,
    l.title,
    l.description,
    l.thumbnail_url,
    l.author_username,
    l.brand_id,
    l.brand_brief_id,
    l.view_count,
    l.like_count,
    l.comment_count,
    l.share_count,
    l.is_estimated,
    l.metrics_source,
    l.metrics_updated_at,
    l.is_demo,
    l.created_at,
    l.updated_at,
    l.creator_name,
    l.brand_name,
    l.brief_title,
    l.is_pitch,
    l.posted_at,
    l.review_status,
    l.review_reason,
    l.review_note,
    l.review_submitted_at,
    l.auto_approve_at,
    l.availability,
    l.measured_views,
    l.counted_views,
    l.pending_views,
    l.excluded_reason,
    l.window_ends_at,
    l.frozen,
    l.excluded_note,
    l.creator_verified,
    l.earned_satang,
    r.submitted_at AS queued_at,
    l.charged_satang
   FROM (private.pending_reviews r
     JOIN public.video_listings l ON (((l.user_id = r.creator_id) AND (l.video_id = r.video_id) AND (l.brand_id = r.brand_id) AND (COALESCE(l.brand_brief_id, '00000000-0000-0000-0000-000000000000'::uuid) = r.brief_key))));

create or replace view private.pending_reviews with (security_invoker = true) as
 SELECT r.id,
    r.creator_id,
    r.video_id,
    r.brand_id,
    r.brief_key,
    r.submitted_at
   FROM public.video_reviews r
  WHERE ((r.status = 'pending'::text) AND (r.submitted_at > private.auto_approve_cutoff()) AND (EXISTS ( SELECT 1
           FROM public.tiktok_videos v
          WHERE ((v.user_id = r.creator_id) AND (v.video_id = r.video_id) AND (v.brand_id = r.brand_id) AND (COALESCE(v.brand_brief_id, '00000000-0000-0000-0000-000000000000'::uuid) = r.brief_key)))));

comment on column public.ledger_entries.brand_charge_satang is 'private.satang_moved(the previous entry''s counted_to, counted_to, brand_rate_satang): what the video''s counted views are worth now minus what they were worth at its previous entry, so its entries add up to private.satang(all its counted views); margin = charge - earning.';
comment on column public.ledger_entries.creator_earning_satang is 'private.satang_moved(the previous entry''s counted_to, counted_to, creator_rate_satang), as brand_charge_satang at the creator''s rate.';
