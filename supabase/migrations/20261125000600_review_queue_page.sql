-- Issue 11: the To-review list of a brand with thousands of videos awaiting its answer.
-- Read through review_queue with a limit, the planner joined every pending video to its
-- listing and sorted them all (2,406 for the bench's heavy brand: 108 ms); it does not know
-- what the listing columns cost. review_queue_page() takes the page from the pending reviews
-- first (ids and dates only) and builds the listing of that page alone.

-- What "awaiting the brand's answer" means, once: a pending review inside the auto-approval
-- hours whose video is still sent to that brand and brief.
create view private.pending_reviews with (security_invoker = true) as
  select r.id, r.creator_id, r.video_id, r.brand_id, r.brief_key, r.submitted_at
    from public.video_reviews r
   where r.status = 'pending'
     and r.submitted_at > now() - make_interval(hours => (select rules.review_auto_approve_hours from public.ledger_rules rules))
     and exists (
       select 1 from public.tiktok_videos v
        where v.user_id = r.creator_id and v.video_id = r.video_id and v.brand_id = r.brand_id
          and coalesce(v.brand_brief_id, '00000000-0000-0000-0000-000000000000'::uuid) = r.brief_key);
comment on view private.pending_reviews is 'Reviews awaiting the brand''s answer: pending, inside ledger_rules.review_auto_approve_hours, and the video still sent to that brand and brief. Obeys the caller''s RLS.';
revoke all on private.pending_reviews from public, anon;
grant select on private.pending_reviews to authenticated, service_role;

create or replace view public.review_queue with (security_invoker = true) as
  select l.*, r.submitted_at as queued_at
    from private.pending_reviews r
    join public.video_listings l
      on l.user_id = r.creator_id and l.video_id = r.video_id and l.brand_id = r.brand_id
     and coalesce(l.brand_brief_id, '00000000-0000-0000-0000-000000000000'::uuid) = r.brief_key;

-- The order of the list: oldest submission first (the one closest to auto-approval), then the review.
create index video_reviews_pending_brand_submitted_idx on public.video_reviews (brand_id, submitted_at, id) where status = 'pending';

create function public.review_queue_page(p_offset integer default 0, p_limit integer default 10)
returns json
language sql
stable
security invoker
set search_path = ''
as $$
  with queued as (
    select r.id, r.creator_id, r.video_id, r.brand_id, r.brief_key, r.submitted_at
      from private.pending_reviews r
     where r.brand_id = (select auth.uid())
  ), page as (
    select * from queued
     order by submitted_at, id
    offset greatest(coalesce(p_offset, 0), 0)
     limit least(greatest(coalesce(p_limit, 10), 1), 1000)
  )
  select json_build_object(
    'total', (select count(*) from queued),
    'rows', coalesce((
      -- Each video of the page looked up by its key, one at a time: the page is small.
      select json_agg(to_jsonb(l) || jsonb_build_object('queued_at', p.submitted_at) order by p.submitted_at, p.id)
        from page p
        cross join lateral (
          select * from public.video_listings l
           where l.user_id = p.creator_id and l.video_id = p.video_id and l.brand_id = p.brand_id
             and coalesce(l.brand_brief_id, '00000000-0000-0000-0000-000000000000'::uuid) = p.brief_key
           limit 1) l
    ), '[]'::json));
$$;
comment on function public.review_queue_page(integer, integer) is 'The calling brand''s videos awaiting its answer, oldest submission first: {"total": n, "rows": [review_queue rows]} for p_limit rows from p_offset (at most 1,000).';
revoke all on function public.review_queue_page(integer, integer) from public, anon;
grant execute on function public.review_queue_page(integer, integer) to authenticated, service_role;
