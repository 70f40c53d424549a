-- Issue 32: private.signal_rows was a SQL function, and PostgreSQL plans a SQL function's query
-- again at every call: planning its nine joins took 2-3 ms a call against 0.5 ms to run it (PGlite,
-- EXPLAIN ANALYZE), five times for each video written (the fraud signals follow the video, its
-- snapshot and its claims). As PL/pgSQL the same query is planned once per session and its plan
-- kept, so writing a video costs less everywhere: the scraper, the refresher, an API insert. The
-- query is unchanged; the columns it returns are read as columns (#variable_conflict use_column).

create or replace function private.signal_rows(video_ids uuid[])
  returns table(video uuid, creator_id uuid, created_at timestamp with time zone, signals text[], details jsonb)
  language plpgsql stable security definer
  set search_path to ''
  set plan_cache_mode to 'force_generic_plan'
as $$
#variable_conflict use_column
begin
  return query
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
       and jsonb_array_length(found.list) > 0;
end;
$$;
