-- One pass per video (issue 11). At a million videos the lists were slow for two reasons:
-- video_listings joined tiktok_videos to itself through video_ledger, and every row's creator
-- and brand names went through the profiles policies (a function call per row for brands).
-- Now the ledger and the listing are two projections of one view, private.video_rows, and
-- the names and the TikTok username the ownership rule compares come from
-- private.profile_names. Who sees which video is unchanged: tiktok_videos' policies still
-- apply to the caller (the views are security_invoker); a name is shown only on a row its
-- reader may already see (their own video, one submitted to them, or any for an admin), the
-- rows for which the profiles policies showed it before.

create view private.profile_names as
  select p.id, p.first_name, p.last_name, p.tiktok_username from public.profiles p;
comment on view private.profile_names is 'Names and TikTok usernames, read with the view owner''s rights: only for rows of the video views, whose own policies decide what the caller sees. Not exposed by the API (private schema).';
revoke all on private.profile_names from public, anon;
grant select on private.profile_names to authenticated, service_role;

drop view public.review_queue;
drop view public.video_listings;
drop view public.video_ledger;

create view private.video_rows with (security_invoker = true) as
  select v.id, v.video_id, v.user_id, v.brand_id, v.brand_brief_id, v.posted_at,
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
         now() > v.posted_at + make_interval(days => rules.count_window_days) as frozen,
         v.share_url, v.title, v.description, v.thumbnail_url, v.author_username,
         v.view_count, v.like_count, v.comment_count, v.share_count,
         v.is_estimated, v.metrics_source, v.metrics_updated_at, v.is_demo, v.created_at, v.updated_at,
         private.display_creator_name(p.first_name, p.last_name) as creator_name,
         case when v.brand_id is not null then private.display_brand_name(bp.first_name, bp.last_name) end as brand_name,
         b.title as brief_title,
         (v.brand_id is not null and v.brand_brief_id is null) as is_pitch
    from public.tiktok_videos v
    cross join public.ledger_rules rules
    left join public.brand_briefs b on b.id = v.brand_brief_id
    left join private.profile_names p on p.id = v.user_id
    left join private.profile_names bp on bp.id = v.brand_id
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
comment on view private.video_rows is 'Each video the caller may see with its standing in the ledger (rules 4-8 of docs/money.md) and what lists show; video_ledger and video_listings are its two faces.';
revoke all on private.video_rows from public, anon;
grant select on private.video_rows to authenticated, service_role;

create view public.video_ledger with (security_invoker = true) as
  select id, video_id, user_id as creator_id, brand_id, brand_brief_id, posted_at, review_status, review_reason, review_note,
         review_submitted_at, auto_approve_at, availability, measured_views, counted_views, pending_views, excluded_reason,
         window_ends_at, frozen
    from private.video_rows;
comment on view public.video_ledger is 'One row per video: what counts for money and why (rules 4-8 of docs/money.md). counted_views is 0 whenever excluded_reason is set; pending_views are the views an approval would count. Obeys the caller''s RLS: a creator sees their videos, a brand those linked to it, an admin all.';
comment on column public.video_ledger.review_status is 'none (not linked), pending, approved (by the brand, or automatically after ledger_rules.review_auto_approve_hours) or rejected.';
comment on column public.video_ledger.measured_views is 'The latest measured view count; null when the video was never measured (only estimated).';
comment on column public.video_ledger.counted_views is 'Views that count for money: the latest measurement inside the counting window of an eligible, approved video; else 0.';
comment on column public.video_ledger.excluded_reason is 'Why the views do not count: no_campaign, pitch, not_owner, posted_before_brief, posted_after_deadline, rejected, estimated or pending_review; null when they count.';
comment on column public.video_ledger.frozen is 'The counting window has ended: counted_views no longer change.';

create view public.video_listings with (security_invoker = true) as
  select id, user_id, video_id, share_url, title, description, thumbnail_url, author_username, brand_id, brand_brief_id,
         view_count, like_count, comment_count, share_count, is_estimated, metrics_source, metrics_updated_at, is_demo,
         created_at, updated_at, creator_name, brand_name, brief_title, is_pitch, posted_at, review_status, review_reason,
         review_note, review_submitted_at, auto_approve_at, availability, measured_views, counted_views, pending_views,
         excluded_reason, window_ends_at, frozen
    from private.video_rows;
comment on view public.video_listings is 'Videos as lists show them: with creator_name (''Unknown Creator'' when the creator gave no name), brand_name, brief_title, and the video''s standing in video_ledger.';
comment on column public.video_listings.is_pitch is 'True for a video linked to a brand without one of its briefs: the brand reviews it, but it counts for no money.';

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

revoke all on public.video_ledger, public.video_listings, public.review_queue from anon;
revoke insert, update, delete, truncate, references, trigger on public.video_ledger, public.video_listings, public.review_queue from authenticated;
grant select on public.video_ledger, public.video_listings, public.review_queue to authenticated, service_role;

-- The last-moment correction, planned for each caller: one creator, one brand, or everyone.
create or replace function private.late_approvals(creator uuid, brand uuid)
  returns table (views bigint, reviews bigint)
  language plpgsql stable security definer
  set search_path = ''
as $$
declare
  cutoff timestamptz := now() - make_interval(hours => (select r.review_auto_approve_hours from public.ledger_rules r));
begin
  if creator is not null then
    return query select coalesce(sum(t.pending_views), 0)::bigint, count(*) from private.video_tallies t
                  where t.creator_id = creator and t.pending_since <= cutoff;
  elsif brand is not null then
    return query select coalesce(sum(t.pending_views), 0)::bigint, count(*) from private.video_tallies t
                  where t.brand_key = brand and t.pending_since <= cutoff;
  else
    return query select coalesce(sum(t.pending_views), 0)::bigint, count(*) from private.video_tallies t
                  where t.pending_since <= cutoff;
  end if;
end;
$$;
