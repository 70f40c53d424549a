-- A page of listings looked up by id again (found by the full bench of issue 14). Issue 13 made
-- private.profile_names join tiktok_connections for the verified mark; the listing view joins
-- profile_names twice, which took its FROM list past PostgreSQL's from_collapse_limit (8). The
-- planner then planned the view on its own and joined a page of ids to all of it:
-- review_queue_page took 3 s on 1M videos instead of a few milliseconds. The mark is read with a
-- subquery per row instead: the same answer, and a FROM list of one table again.
create or replace view private.profile_names as
  select p.id, p.first_name, p.last_name, p.tiktok_username,
         coalesce((select c.verified_status = 'verified' and (c.expires_at is null or c.expires_at > now())
                     from public.tiktok_connections c
                    where c.user_id = p.id), false) as tiktok_verified
    from public.profiles p;
comment on column private.profile_names.tiktok_verified is 'The creator connected the TikTok account their profile names (tiktok_connections.verified_status, unexpired).';
