-- The To-review list from the tallies (issue 11): private.video_tallies already keeps, for
-- every video, whether its stored review is pending and since when (pending_since), by
-- brand. That is the set private.pending_reviews describes: a pending review of a video still
-- sent to that brand and brief (a tally follows the video's current link). Read from there, a
-- brand's queue and its count are one index range; from the reviews, each of them needed a
-- look-up of its video to know whether it was still sent (2,402 look-ups, 30-50 ms, for the
-- heavy brand of bench/).
--
-- The index holds the video too: the count is an index-only scan and the page comes out of
-- the index in its order (oldest submission first, then the video), without a sort.
drop index private.video_tallies_brand_pending_idx;
create index video_tallies_brand_pending_idx on private.video_tallies (brand_key, pending_since, video) where pending_since is not null;

-- PL/pgSQL, not SQL: its statements are planned once per connection and the plans kept (the
-- listing view costs 2-4 ms to plan, more than reading ten rows of it). Each statement's plan
-- is the same for every brand (an index range, then ten look-ups by id), so a kept generic
-- plan is as good as a fresh one. The tallies are private: the function runs as its owner and
-- reads the caller's own queue only (brand_key = auth.uid()), what the brand may read of
-- video_listings anyway.
create or replace function public.review_queue_page(p_offset integer default 0, p_limit integer default 10)
returns json
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  brand uuid := auth.uid();
  cutoff timestamptz := now() - make_interval(hours => (select rules.review_auto_approve_hours from public.ledger_rules rules));
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
comment on function public.review_queue_page(integer, integer) is 'The calling brand''s videos awaiting its answer (a pending review inside ledger_rules.review_auto_approve_hours, of a video still sent to it), oldest submission first: {"total": n, "rows": [review_queue rows]} for p_limit rows from p_offset (at most 1,000). Read from private.video_tallies.';
revoke all on function public.review_queue_page(integer, integer) from public, anon;
grant execute on function public.review_queue_page(integer, integer) to authenticated, service_role;

comment on view private.pending_reviews is 'Reviews awaiting the brand''s answer: pending, inside ledger_rules.review_auto_approve_hours, and the video still sent to that brand and brief. Obeys the caller''s RLS. review_queue_page() reads the same set from private.video_tallies (pending_since), which a test holds equal to this view.';
