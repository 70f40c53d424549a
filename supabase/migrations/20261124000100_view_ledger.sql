-- The view ledger (issue 10, DESIGN.md §2.10): every measurement of a video is kept
-- (video_snapshots), a brand reviews what is submitted to it (video_reviews), and one
-- view (video_ledger) says, per video, how many views count for money and, when some
-- do not, why. The rules are written once, here; docs/money.md states them in words
-- and gives the query that reproduces any baht from the snapshots.

-- The rules' numbers ---------------------------------------------------------------

create table public.ledger_rules (
  id boolean primary key default true check (id),
  count_window_days integer not null default 30 check (count_window_days between 1 and 365),
  review_auto_approve_hours integer not null default 72 check (review_auto_approve_hours between 1 and 720),
  refresh_early_hours integer not null default 6 check (refresh_early_hours between 1 and 168),
  refresh_early_days integer not null default 7 check (refresh_early_days between 0 and 365),
  refresh_late_hours integer not null default 24 check (refresh_late_hours between 1 and 720),
  updated_at timestamptz not null default now()
);
insert into public.ledger_rules default values;

comment on table public.ledger_rules is 'The one row of numbers the counting rules use. The local server writes it from COUNT_WINDOW_DAYS, REVIEW_AUTO_APPROVE_HOURS and REFRESH_* at start; on hosted Supabase, update it in SQL.';
comment on column public.ledger_rules.count_window_days is 'Views count from posting until this many days after (rule 6); later measurements change nothing.';
comment on column public.ledger_rules.review_auto_approve_hours is 'A review with no answer is approved this many hours after submission (rule 5).';
comment on column public.ledger_rules.refresh_early_hours is 'Re-measure every this many hours while a video is younger than refresh_early_days (rule 2).';
comment on column public.ledger_rules.refresh_late_hours is 'After that, re-measure every this many hours until the counting window ends.';

create trigger ledger_rules_set_updated_at
  before update on public.ledger_rules
  for each row execute function private.set_updated_at();

revoke all on public.ledger_rules from anon, authenticated;
grant select on public.ledger_rules to anon, authenticated;
alter table public.ledger_rules enable row level security;
create policy "Everyone can read the counting rules"
  on public.ledger_rules for select to anon, authenticated
  using (true);

-- Videos: posting time, availability, and the views the window allows ---------------

alter table public.tiktok_videos drop constraint if exists tiktok_videos_metrics_source_check;
update public.tiktok_videos set metrics_source = 'page' where metrics_source = 'page_data';
alter table public.tiktok_videos
  add constraint tiktok_videos_metrics_source_check check (metrics_source in ('display_api', 'page', 'sandbox', 'estimate', 'demo'));

alter table public.tiktok_videos
  add column posted_at timestamptz generated always as (to_timestamp(floor(video_id::numeric / 4294967296)::double precision)) stored,
  add column checked_at timestamptz,
  add column availability text not null default 'live' check (availability in ('live', 'unavailable')),
  add column window_views bigint check (window_views >= 0);

comment on column public.tiktok_videos.metrics_source is 'Where the counts come from (the latest available snapshot''s source): display_api, page, sandbox (local TikTok sandbox), estimate or demo (seed data).';
comment on column public.tiktok_videos.posted_at is 'When the video was posted: the top 32 bits of TikTok''s 64-bit id are the Unix time of posting (rule 3).';
comment on column public.tiktok_videos.checked_at is 'The latest measurement that reached TikTok, found or not (the latest snapshot that is not an estimate).';
comment on column public.tiktok_videos.availability is 'unavailable once the two latest checks found the video gone or private (rule 7); live otherwise.';
comment on column public.tiktok_videos.window_views is 'Kept by private.apply_snapshot: the view count of the latest available, measured (not estimated) snapshot inside the counting window; null when there is none. The figure the ledger counts.';

create index tiktok_videos_posted_at_idx on public.tiktok_videos (posted_at);
-- A brand reads the profiles of the creators who made videos for it once per ledger row
-- (private.works_with_calling_brand): one index probe each.
create index tiktok_videos_brand_id_user_id_idx on public.tiktok_videos (brand_id, user_id);

-- Snapshots ---------------------------------------------------------------------------

create table public.video_snapshots (
  id bigint generated always as identity primary key,
  tiktok_video_id uuid not null references public.tiktok_videos (id) on delete cascade,
  measured_at timestamptz not null default now(),
  available boolean not null default true,
  view_count bigint check (view_count >= 0),
  like_count bigint check (like_count >= 0),
  comment_count bigint check (comment_count >= 0),
  share_count bigint check (share_count >= 0),
  source text not null check (source in ('display_api', 'page', 'sandbox', 'estimate', 'demo')),
  check (available = (view_count is not null and like_count is not null and comment_count is not null and share_count is not null))
);

comment on table public.video_snapshots is 'Every measurement of a video, never changed (rule 1). An unavailable snapshot records a check that found the video gone or private, without counts.';
comment on column public.video_snapshots.source is 'display_api (TikTok''s API for the connected creator), page (the public video page), sandbox (the local TikTok sandbox), estimate (no measurement was possible; never counts) or demo (seed data).';
comment on column public.video_snapshots.available is 'False when TikTok reported the video gone or private; its counts are then null.';

create index video_snapshots_video_measured_idx on public.video_snapshots (tiktok_video_id, measured_at desc);

revoke all on public.video_snapshots from anon;
revoke insert, update, delete, truncate, references, trigger on public.video_snapshots from authenticated;
revoke update, delete, truncate on public.video_snapshots from service_role;
alter table public.video_snapshots enable row level security;

-- Whoever may see the video (its creator, the brand it is linked to, admins) sees its history.
create policy "Users can view the snapshots of the videos they can view"
  on public.video_snapshots for select to authenticated
  using (exists (select 1 from public.tiktok_videos v where v.id = tiktok_video_id));

create function private.refuse_snapshot_change() returns trigger
  language plpgsql
  set search_path = ''
as $$
begin
  perform private.refuse('snapshot_immutable', 'Measurements are never changed', 409);
  return null;
end;
$$;
comment on function private.refuse_snapshot_change() is 'Snapshots are append-only, whoever asks.';

create trigger video_snapshots_immutable
  before update on public.video_snapshots
  for each row execute function private.refuse_snapshot_change();

create function private.window_views(video uuid) returns bigint
  language sql stable security definer
  set search_path = ''
as $$
  select s.view_count
    from public.video_snapshots s
    join public.tiktok_videos v on v.id = s.tiktok_video_id
    cross join public.ledger_rules r
   where s.tiktok_video_id = video
     and s.available
     and s.source <> 'estimate'
     and s.measured_at <= v.posted_at + make_interval(days => r.count_window_days)
   order by s.measured_at desc, s.id desc
   limit 1
$$;
comment on function private.window_views(uuid) is 'Rules 6 and 7: the latest available, measured view count inside the video''s counting window, null when there is none.';

create function private.apply_snapshot() returns trigger
  language plpgsql security definer
  set search_path = ''
as $$
declare
  live public.video_snapshots;
  latest_two_unavailable boolean;
begin
  select s.* into live
    from public.video_snapshots s
   where s.tiktok_video_id = new.tiktok_video_id and s.available
   order by s.measured_at desc, s.id desc
   limit 1;
  select count(*) = 2 and bool_and(not recent.available) into latest_two_unavailable
    from (
      select s.available from public.video_snapshots s
       where s.tiktok_video_id = new.tiktok_video_id
       order by s.measured_at desc, s.id desc
       limit 2
    ) recent;
  update public.tiktok_videos v
     set view_count = coalesce(live.view_count, v.view_count),
         like_count = coalesce(live.like_count, v.like_count),
         comment_count = coalesce(live.comment_count, v.comment_count),
         share_count = coalesce(live.share_count, v.share_count),
         is_estimated = coalesce(live.source = 'estimate', v.is_estimated),
         metrics_source = coalesce(live.source, v.metrics_source),
         metrics_updated_at = coalesce(live.measured_at, v.metrics_updated_at),
         -- An estimate means TikTok was not reached: the video stays due for a real check.
         checked_at = case when new.source = 'estimate' then v.checked_at else greatest(v.checked_at, new.measured_at) end,
         availability = case when latest_two_unavailable then 'unavailable' else 'live' end,
         window_views = private.window_views(v.id)
   where v.id = new.tiktok_video_id;
  return null;
end;
$$;
comment on function private.apply_snapshot() is 'After each snapshot: the video''s counts become the latest available snapshot''s (rule 1), it is unavailable after two consecutive failed checks (rule 7), and its window_views are recomputed (rule 6).';

create trigger video_snapshots_apply
  after insert on public.video_snapshots
  for each row execute function private.apply_snapshot();

create function private.record_first_snapshot() returns trigger
  language plpgsql security definer
  set search_path = ''
as $$
begin
  -- A count of unknown origin is an estimate: only a named measurement may count.
  insert into public.video_snapshots (tiktok_video_id, measured_at, view_count, like_count, comment_count, share_count, source)
  values (
    new.id, coalesce(new.metrics_updated_at, new.created_at),
    new.view_count, new.like_count, new.comment_count, new.share_count,
    case when new.is_estimated or new.metrics_source is null then 'estimate' else new.metrics_source end
  );
  return null;
end;
$$;
comment on function private.record_first_snapshot() is 'The add writes the first snapshot: the counts a video is inserted with become its first measurement, in the same transaction.';

create trigger tiktok_videos_first_snapshot
  after insert on public.tiktok_videos
  for each row execute function private.record_first_snapshot();

-- Videos added before this migration: their one known measurement.
insert into public.video_snapshots (tiktok_video_id, measured_at, view_count, like_count, comment_count, share_count, source)
select v.id, coalesce(v.metrics_updated_at, v.created_at), v.view_count, v.like_count, v.comment_count, v.share_count,
       case when v.is_estimated or v.metrics_source is null then 'estimate' else v.metrics_source end
  from public.tiktok_videos v;

-- When the counting window changes, every video's counted figure follows.
create function private.recount_windows() returns trigger
  language plpgsql security definer
  set search_path = ''
as $$
begin
  if new.count_window_days is distinct from old.count_window_days then
    update public.tiktok_videos v set window_views = private.window_views(v.id);
  end if;
  return null;
end;
$$;
comment on function private.recount_windows() is 'Recomputes tiktok_videos.window_views when ledger_rules.count_window_days changes.';

create trigger ledger_rules_recount
  after update on public.ledger_rules
  for each row execute function private.recount_windows();

-- Reviews -------------------------------------------------------------------------------

create table public.video_reviews (
  id uuid primary key default gen_random_uuid(),
  creator_id uuid not null references public.profiles (id) on delete cascade,
  video_id text not null check (video_id ~ '^[0-9]{19}$'),
  brand_id uuid not null references public.profiles (id) on delete cascade,
  brand_brief_id uuid references public.brand_briefs (id) on delete cascade,
  brief_key uuid not null generated always as (coalesce(brand_brief_id, '00000000-0000-0000-0000-000000000000'::uuid)) stored,
  status text not null default 'pending' check (status in ('pending', 'approved', 'rejected')),
  reason text check (reason in ('off_brief', 'missing_disclosure', 'brand_safety', 'quality', 'other')),
  note text check (char_length(note) <= 1000),
  submitted_at timestamptz not null default now(),
  decided_at timestamptz,
  decided_by uuid references public.profiles (id) on delete set null,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  unique (creator_id, video_id, brand_id, brief_key),
  check ((status = 'rejected') = (reason is not null)),
  check (reason is distinct from 'other' or nullif(btrim(note), '') is not null)
);

comment on table public.video_reviews is 'A brand''s review of a video submitted to it (rule 5): one per creator, TikTok video and brief (or brand, for a pitch). Keyed by TikTok''s id, so removing and re-adding a video does not reopen a decision. Written only by triggers and review_video().';
comment on column public.video_reviews.brief_key is 'The brief, or the zero uuid for a pitch: makes a pitch''s review unique too.';
comment on column public.video_reviews.status is 'As stored. A pending review older than ledger_rules.review_auto_approve_hours reads approved in video_ledger.';
comment on column public.video_reviews.reason is 'Why the brand rejected the video: off_brief, missing_disclosure, brand_safety, quality or other (with a note).';

create index video_reviews_brand_status_submitted_idx on public.video_reviews (brand_id, status, submitted_at);
create index video_reviews_brand_brief_id_idx on public.video_reviews (brand_brief_id);
create index video_reviews_decided_by_idx on public.video_reviews (decided_by);

create trigger video_reviews_set_updated_at
  before update on public.video_reviews
  for each row execute function private.set_updated_at();

revoke all on public.video_reviews from anon;
revoke insert, update, delete, truncate, references, trigger on public.video_reviews from authenticated;
alter table public.video_reviews enable row level security;

create policy "Creators can view the reviews of their videos"
  on public.video_reviews for select to authenticated
  using (creator_id = (select auth.uid()));

create policy "Brands can view the reviews of videos submitted to them"
  on public.video_reviews for select to authenticated
  using (brand_id = (select auth.uid()));

create policy "Admins can view every review"
  on public.video_reviews for select to authenticated
  using ((select private.is_admin()));

-- No search_path setting, so that the planner can inline it into the ledger's query: it
-- refers to no table, only to built-in functions.
create function private.review_outcome(status text, submitted_at timestamptz, auto_approve_hours integer) returns text
  language sql stable
as $$
  select case
      when status = 'pending' and now() >= submitted_at + make_interval(hours => auto_approve_hours) then 'approved'
      else status
    end
$$;
comment on function private.review_outcome(text, timestamptz, integer) is 'Rule 5: a review as it stands now: its stored status, except that a review still pending auto_approve_hours after submission is approved.';

create function private.open_review() returns trigger
  language plpgsql security definer
  set search_path = ''
as $$
begin
  if new.brand_id is not null then
    -- A decision the brand made stands (a rejection is final for that brief). A review it
    -- never answered restarts its clock: while the video was unlinked or removed the brand
    -- could not see it, and that time must not run down its 72 hours.
    insert into public.video_reviews (creator_id, video_id, brand_id, brand_brief_id)
    values (new.user_id, new.video_id, new.brand_id, new.brand_brief_id)
    on conflict (creator_id, video_id, brand_id, brief_key) do update
      set submitted_at = now()
      where video_reviews.status = 'pending';
  end if;
  return null;
end;
$$;
comment on function private.open_review() is 'Linking a video to a brief or a brand submits it for review. A decision the brand made stands (a rejection is final for that brief); a review it never answered starts its clock again.';

create trigger tiktok_videos_open_review
  after insert or update of brand_id, brand_brief_id on public.tiktok_videos
  for each row execute function private.open_review();

-- Existing links: submitted now.
insert into public.video_reviews (creator_id, video_id, brand_id, brand_brief_id)
select v.user_id, v.video_id, v.brand_id, v.brand_brief_id from public.tiktok_videos v where v.brand_id is not null
on conflict (creator_id, video_id, brand_id, brief_key) do nothing;

-- The ledger ------------------------------------------------------------------------------

create view public.video_ledger with (security_invoker = true) as
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
      select case
          when v.brand_id is null then 'no_campaign'
          when v.brand_brief_id is null then 'pitch'
          when p.tiktok_username is null or lower(v.author_username) is distinct from lower(p.tiktok_username) then 'not_owner'
          when v.posted_at < b.created_at then 'posted_before_brief'
          -- A deadline is a day in Thailand (UTC+7, no daylight saving): posts until its midnight count.
          when b.deadline is not null and v.posted_at >= ((b.deadline + 1)::timestamp - interval '7 hours') at time zone 'UTC' then 'posted_after_deadline'
          when review.status = 'rejected' then 'rejected'
          when v.window_views is null then 'estimated'
          when review.status = 'pending' then 'pending_review'
        end as reason
    ) rule;

comment on view public.video_ledger is 'One row per video: what counts for money and why (rules 4-8 of docs/money.md). counted_views is 0 whenever excluded_reason is set; pending_views are the views an approval would count. Obeys the caller''s RLS: a creator sees their videos, a brand those linked to it, an admin all.';
comment on column public.video_ledger.review_status is 'none (not linked), pending, approved (by the brand, or automatically after ledger_rules.review_auto_approve_hours) or rejected.';
comment on column public.video_ledger.measured_views is 'The latest measured view count; null when the video was never measured (only estimated).';
comment on column public.video_ledger.counted_views is 'Views that count for money: the latest measurement inside the counting window of an eligible, approved video; else 0.';
comment on column public.video_ledger.excluded_reason is 'Why the views do not count: no_campaign, pitch, not_owner, posted_before_brief, posted_after_deadline, rejected, estimated or pending_review; null when they count.';
comment on column public.video_ledger.frozen is 'The counting window has ended: counted_views no longer change.';

revoke all on public.video_ledger from anon;
revoke insert, update, delete, truncate, references, trigger on public.video_ledger from authenticated;
grant select on public.video_ledger to authenticated, service_role;

-- Review -------------------------------------------------------------------------------------

create function public.review_video(p_video uuid, p_decision text, p_reason text default null, p_note text default null)
  returns jsonb
  language plpgsql volatile security definer
  set search_path = ''
as $$
declare
  entry public.video_ledger;
  note_text text := nullif(btrim(p_note), '');
  changed integer;
begin
  select l.* into entry from public.video_ledger l where l.id = p_video and l.brand_id = (select auth.uid());
  if entry.id is null then
    perform private.refuse('video_not_found', 'This video does not exist', 404);
  end if;
  if p_decision is null or p_decision not in ('approve', 'reject') then
    perform private.refuse('review_decision_invalid', 'Choose approve or reject', 400);
  end if;
  if entry.review_status <> 'pending' then
    perform private.refuse('review_closed', 'This video has already been reviewed', 409);
  end if;
  if p_decision = 'reject' then
    if nullif(btrim(p_reason), '') is null then
      perform private.refuse('review_reason_required', 'Choose why you reject this video', 400);
    end if;
    if p_reason not in ('off_brief', 'missing_disclosure', 'brand_safety', 'quality', 'other') then
      perform private.refuse('review_reason_invalid', 'This is not a reason we know', 400);
    end if;
    if p_reason = 'other' and note_text is null then
      perform private.refuse('review_note_required', 'Add a note that explains the reason', 400);
    end if;
  end if;
  if char_length(note_text) > 1000 then
    perform private.refuse('review_note_too_long', 'A note has at most 1,000 characters', 400);
  end if;

  update public.video_reviews r
     set status = case p_decision when 'approve' then 'approved' else 'rejected' end,
         reason = case p_decision when 'reject' then p_reason end,
         note = note_text,
         decided_at = now(),
         decided_by = (select auth.uid())
   where r.creator_id = entry.creator_id and r.video_id = entry.video_id and r.brand_id = entry.brand_id
     and r.brief_key = coalesce(entry.brand_brief_id, '00000000-0000-0000-0000-000000000000'::uuid)
     and r.status = 'pending';
  get diagnostics changed = row_count;
  if changed = 0 then
    perform private.refuse('review_closed', 'This video has already been reviewed', 409);
  end if;
  return (select to_jsonb(l) from public.video_ledger l where l.id = p_video);
end;
$$;
comment on function public.review_video(uuid, text, text, text) is 'The brand a video is submitted to approves or rejects it (rule 5): p_video is the tiktok_videos id, p_decision approve or reject, p_reason one of off_brief, missing_disclosure, brand_safety, quality, other (required to reject), p_note required with other. Answers the video''s ledger row.';
revoke execute on function public.review_video(uuid, text, text, text) from public, anon;
grant execute on function public.review_video(uuid, text, text, text) to authenticated;

-- An approved video stays with its brief: the brand accepted to pay for it.
create or replace function private.check_video_links() returns trigger
  language plpgsql security definer
  set search_path = ''
as $$
declare
  brief_brand uuid;
begin
  -- Neither re-linking it nor removing it and adding it again moves it elsewhere.
  if (tg_op = 'UPDATE' or new.brand_brief_id is not null) and exists (
    select 1 from public.video_reviews r cross join public.ledger_rules rules
     where r.creator_id = new.user_id and r.video_id = new.video_id
       and r.brand_brief_id is not null and r.brand_brief_id is distinct from new.brand_brief_id
       and private.review_outcome(r.status, r.submitted_at, rules.review_auto_approve_hours) = 'approved'
  ) then
    perform private.refuse('video_link_locked', 'This video was approved for its opportunity and stays with it', 409);
  end if;
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
  -- A brand without a brief is a pitch: reviewed, but it counts for no money.
  if new.brand_id is not null and private.profile_type(new.brand_id) is distinct from 'brand' then
    perform private.refuse('brand_not_found', 'This brand does not exist', 404);
  end if;
  return new;
end;
$$;

-- Scheduled re-measurement ------------------------------------------------------------------

create function public.videos_due_for_refresh(p_limit integer default 500)
  returns table (id uuid, user_id uuid, video_id text, share_url text, author_username text)
  language sql stable security definer
  set search_path = ''
as $$
  select v.id, v.user_id, v.video_id, v.share_url, v.author_username
    from public.tiktok_videos v
    cross join public.ledger_rules r
   where v.posted_at >= now() - make_interval(days => r.count_window_days)
     and not v.is_demo
     and (v.checked_at is null or v.checked_at <= now() - make_interval(hours =>
           case when v.availability = 'live' and now() < v.posted_at + make_interval(days => r.refresh_early_days)
                then r.refresh_early_hours else r.refresh_late_hours end))
   order by v.checked_at nulls first, v.id
   limit least(greatest(coalesce(p_limit, 500), 1), 5000)
$$;
comment on function public.videos_due_for_refresh(integer) is 'Rule 2: the non-demo videos inside their counting window whose latest check is older than refresh_early_hours (live, first refresh_early_days after posting) or refresh_late_hours (after, or unavailable: a video may come back), least recently checked first. For the tiktok-refresh function (service role) only.';
revoke execute on function public.videos_due_for_refresh(integer) from public, anon, authenticated;
grant execute on function public.videos_due_for_refresh(integer) to service_role;

-- Metrics over the ledger --------------------------------------------------------------------

drop view if exists private.campaign_videos;

create or replace function public.creator_metrics(creator uuid default null) returns jsonb
  language plpgsql stable security definer
  set search_path = ''
as $$
declare
  target uuid := private.metrics_target(creator);
  rate integer := (select r.creator_per_1000 from public.pay_rates() r);
  result jsonb;
begin
  select jsonb_build_object(
      'totalViews', coalesce(sum(v.view_count), 0),
      'totalVideos', count(*),
      'totalBrands', count(distinct v.brand_id),
      'countedViews', coalesce(sum(l.counted_views), 0),
      'pendingViews', coalesce(sum(l.pending_views), 0),
      'notCountedViews', greatest(coalesce(sum(v.view_count), 0) - coalesce(sum(l.counted_views), 0) - coalesce(sum(l.pending_views), 0), 0),
      'estEarnings', floor(coalesce(sum(l.counted_views), 0) * rate / 1000.0),
      'engagementRate', case
        when coalesce(sum(v.view_count), 0) = 0 then 0
        else round((sum(v.like_count) + sum(v.comment_count) + sum(v.share_count)) * 100.0 / sum(v.view_count))
      end,
      'pendingReviews', count(*) filter (where l.review_status = 'pending'),
      'unavailableVideos', count(*) filter (where l.availability = 'unavailable'),
      'estimatedVideos', count(*) filter (where v.is_estimated),
      'demoVideos', count(*) filter (where v.is_demo)
    )
    into result
    from public.tiktok_videos v
    join public.video_ledger l on l.id = v.id
   where v.user_id = target;
  return result;
end;
$$;
comment on function public.creator_metrics(uuid) is 'A creator''s totals: totalViews, totalVideos and totalBrands over all their videos; countedViews, pendingViews and notCountedViews (which add up to totalViews) from video_ledger; estEarnings = floor(countedViews / 1000 × pay_rates().creator_per_1000) baht; engagementRate = round((likes + comments + shares) / views × 100); how many videos await review, are unavailable, estimated or demo data. Defaults to the caller.';

create or replace function public.brand_metrics(brand uuid default null) returns jsonb
  language plpgsql stable security definer
  set search_path = ''
as $$
declare
  target uuid := private.metrics_target(brand);
  rate integer := (select r.brand_per_1000 from public.pay_rates() r);
  result jsonb;
begin
  select jsonb_build_object(
      'totalViews', coalesce(sum(v.view_count) filter (where v.brand_brief_id is not null), 0),
      'totalVideos', count(*) filter (where v.brand_brief_id is not null),
      'totalCreators', count(distinct v.user_id) filter (where v.brand_brief_id is not null),
      'countedViews', coalesce(sum(l.counted_views), 0),
      'pendingViews', coalesce(sum(l.pending_views), 0),
      'notCountedViews', greatest(coalesce(sum(v.view_count) filter (where v.brand_brief_id is not null), 0) - coalesce(sum(l.counted_views), 0) - coalesce(sum(l.pending_views), 0), 0),
      'estPay', round(coalesce(sum(l.counted_views), 0) * rate / 1000.0, 2),
      'pendingReviews', count(*) filter (where l.review_status = 'pending'),
      'estimatedVideos', count(*) filter (where v.is_estimated and v.brand_brief_id is not null),
      'demoVideos', count(*) filter (where v.is_demo and v.brand_brief_id is not null),
      'pitchVideos', count(*) filter (where v.brand_brief_id is null)
    )
    into result
    from public.tiktok_videos v
    join public.video_ledger l on l.id = v.id
   where v.brand_id = target;
  return result;
end;
$$;
comment on function public.brand_metrics(uuid) is 'A brand''s totals over the videos submitted to its briefs: totalViews, totalVideos, totalCreators; countedViews, pendingViews and notCountedViews from video_ledger; estPay = countedViews / 1000 × pay_rates().brand_per_1000 baht; pendingReviews (briefs and pitches) awaiting its answer; pitchVideos, which count for no money. Defaults to the caller.';

create or replace function public.admin_metrics() returns jsonb
  language plpgsql stable security definer
  set search_path = ''
as $$
declare
  rates record;
  result jsonb;
begin
  if not ((select private.is_admin()) or (select auth.role()) = 'service_role') then
    perform private.refuse('admin_only', 'Only admins can do this', 403);
  end if;
  select * into rates from public.pay_rates();
  select jsonb_build_object(
      'totalBrands', (select count(*) from public.profiles p where p.user_type = 'brand'),
      'totalCreators', (select count(*) from public.profiles p where p.user_type = 'creator'),
      'totalVideos', count(*),
      'totalViews', coalesce(sum(v.view_count), 0),
      'countedViews', coalesce(sum(l.counted_views), 0),
      'pendingViews', coalesce(sum(l.pending_views), 0),
      'estPay', round(coalesce(sum(l.counted_views), 0) * rates.brand_per_1000 / 1000.0, 2),
      'estEarnings', floor(coalesce(sum(l.counted_views), 0) * rates.creator_per_1000 / 1000.0),
      'pendingReviews', count(*) filter (where l.review_status = 'pending'),
      'estimatedVideos', count(*) filter (where v.is_estimated),
      'demoVideos', count(*) filter (where v.is_demo)
    )
    into result
    from public.tiktok_videos v
    join public.video_ledger l on l.id = v.id;
  return result;
end;
$$;
comment on function public.admin_metrics() is 'Platform totals for admins: brand and creator accounts, videos and views; countedViews and pendingViews from video_ledger; estPay (what brands owe) and estEarnings (what creators earn, rounded down) over the counted views at pay_rates().';

-- Lists show each video's standing ----------------------------------------------------------

drop view public.video_listings;
create view public.video_listings with (security_invoker = true) as
  select v.id, v.user_id, v.video_id, v.share_url, v.title, v.description, v.thumbnail_url, v.author_username,
         v.brand_id, v.brand_brief_id, v.view_count, v.like_count, v.comment_count, v.share_count,
         v.is_estimated, v.metrics_source, v.metrics_updated_at, v.is_demo, v.created_at, v.updated_at,
         private.display_creator_name(c.first_name, c.last_name) as creator_name,
         case when v.brand_id is not null then private.display_brand_name(bp.first_name, bp.last_name) end as brand_name,
         bb.title as brief_title,
         (v.brand_id is not null and v.brand_brief_id is null) as is_pitch,
         l.posted_at, l.review_status, l.review_reason, l.review_note, l.review_submitted_at, l.auto_approve_at,
         l.availability, l.measured_views, l.counted_views, l.pending_views, l.excluded_reason, l.window_ends_at, l.frozen
    from public.tiktok_videos v
    join public.video_ledger l on l.id = v.id
    left join public.profiles c on c.id = v.user_id
    left join public.profiles bp on bp.id = v.brand_id
    left join public.brand_briefs bb on bb.id = v.brand_brief_id;

comment on view public.video_listings is 'Videos as lists show them: with creator_name (''Unknown Creator'' when the caller may not see the creator), brand_name, brief_title, and the video''s standing in video_ledger.';
comment on column public.video_listings.is_pitch is 'True for a video linked to a brand without one of its briefs: the brand reviews it, but it counts for no money.';

revoke all on public.video_listings from anon;
revoke insert, update, delete, truncate, references, trigger on public.video_listings from authenticated;
grant select on public.video_listings to authenticated, service_role;

-- A brief's dates decide which videos count (rule 4). Once videos were submitted to it, its
-- brand may move the deadline later, or drop it, but not earlier: that would take back views
-- it approved.
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
  if tg_op = 'UPDATE' and new.deadline is not null and (old.deadline is null or new.deadline < old.deadline)
     and exists (select 1 from public.video_reviews r where r.brand_brief_id = new.id) then
    perform private.refuse('deadline_locked', 'Videos were submitted to this opportunity: its deadline can only move later', 409);
  end if;
  new.title := btrim(new.title);
  new.description := btrim(new.description);
  new.industry := coalesce(array(select btrim(tag) from unnest(new.industry) tag where btrim(tag) <> ''), '{}');
  return new;
end;
$$;
