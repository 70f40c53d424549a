-- Pay rates live here only: the metrics below and the pricing texts of the SPA read them.
-- And a video raises a brand's figures only through the brand's own opportunity: a
-- video linked to a brief counts when its creator joined that brief; a video linked to
-- a brand alone is a pitch the brand sees, counted in none of its figures.

create function public.pay_rates() returns table (brand_per_1000 integer, creator_per_1000 integer)
  language sql immutable
  set search_path = ''
as $$
  select 10, 5
$$;
comment on function public.pay_rates() is 'Spec §9: what a brand pays (brand_per_1000) and a creator earns (creator_per_1000), in baht per 1,000 counted views. Public: the pricing texts show them.';
revoke execute on function public.pay_rates() from public;
grant execute on function public.pay_rates() to anon, authenticated, service_role;

create view private.campaign_videos as
  select v.*
    from public.tiktok_videos v
   where v.brand_brief_id is not null
     and exists (
       select 1 from public.creator_brand_connections c
        where c.creator_id = v.user_id and c.brand_brief_id = v.brand_brief_id
     );
comment on view private.campaign_videos is 'The videos that count for a brand: linked to one of its briefs by a creator who joined that brief. Pitches (a brand without a brief) are not here.';

create function private.metrics_target(requested uuid) returns uuid
  language plpgsql stable
  set search_path = ''
as $$
declare
  target uuid := coalesce(requested, (select auth.uid()));
begin
  if not private.may_view_metrics_of(target) then
    perform private.refuse('metrics_forbidden', 'You may not view these metrics', 403);
  end if;
  return target;
end;
$$;
comment on function private.metrics_target(uuid) is 'Whose figures a metrics call is for: the requested account, else the caller; refuses (metrics_forbidden) a caller who may not see them.';

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
      'estEarnings', floor(coalesce((select sum(c.view_count) from private.campaign_videos c where c.user_id = target), 0) * rate / 1000.0),
      'engagementRate', case
        when coalesce(sum(v.view_count), 0) = 0 then 0
        else round((sum(v.like_count) + sum(v.comment_count) + sum(v.share_count)) * 100.0 / sum(v.view_count))
      end,
      'estimatedVideos', count(*) filter (where v.is_estimated),
      'demoVideos', count(*) filter (where v.is_demo)
    )
    into result
    from public.tiktok_videos v
   where v.user_id = target;
  return result;
end;
$$;
comment on function public.creator_metrics(uuid) is 'A creator''s totals: totalViews, totalVideos and totalBrands over all their videos; estEarnings = floor(views of their campaign videos / 1000 × pay_rates().creator_per_1000) baht, since only those views are paid; engagementRate = round((likes + comments + shares) / views × 100); how many videos are estimated or demo data. Defaults to the caller.';

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
      'totalViews', coalesce(sum(v.view_count), 0),
      'totalVideos', count(*),
      'totalCreators', count(distinct v.user_id),
      'estPay', round(coalesce(sum(v.view_count), 0) * rate / 1000.0, 2),
      'estimatedVideos', count(*) filter (where v.is_estimated),
      'demoVideos', count(*) filter (where v.is_demo),
      'pitchVideos', (select count(*) from public.tiktok_videos p where p.brand_id = target and p.brand_brief_id is null)
    )
    into result
    from private.campaign_videos v
   where v.brand_id = target;
  return result;
end;
$$;
comment on function public.brand_metrics(uuid) is 'A brand''s totals over its campaign videos (private.campaign_videos): totalViews, totalVideos, totalCreators, estPay = views / 1000 × pay_rates().brand_per_1000 baht; pitchVideos counts the pitches it was sent, which count in nothing else. Defaults to the caller.';

create or replace function public.admin_metrics() returns jsonb
  language plpgsql stable security definer
  set search_path = ''
as $$
declare
  rates record;
  campaign_views numeric := (select coalesce(sum(c.view_count), 0) from private.campaign_videos c);
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
      'estPay', round(campaign_views * rates.brand_per_1000 / 1000.0, 2),
      'estEarnings', floor(campaign_views * rates.creator_per_1000 / 1000.0),
      'estimatedVideos', count(*) filter (where v.is_estimated),
      'demoVideos', count(*) filter (where v.is_demo)
    )
    into result
    from public.tiktok_videos v;
  return result;
end;
$$;
comment on function public.admin_metrics() is 'Platform totals for admins: brand and creator accounts, videos and views; estPay (what brands owe) and estEarnings (what creators earn, rounded down) over the campaign videos at pay_rates().';

create or replace view public.video_listings with (security_invoker = true) as
  select v.id, v.user_id, v.video_id, v.share_url, v.title, v.description, v.thumbnail_url, v.author_username,
         v.brand_id, v.brand_brief_id, v.view_count, v.like_count, v.comment_count, v.share_count,
         v.is_estimated, v.metrics_source, v.metrics_updated_at, v.is_demo, v.created_at, v.updated_at,
         private.display_creator_name(c.first_name, c.last_name) as creator_name,
         case when v.brand_id is not null then private.display_brand_name(bp.first_name, bp.last_name) end as brand_name,
         bb.title as brief_title,
         (v.brand_id is not null and v.brand_brief_id is null) as is_pitch
    from public.tiktok_videos v
    left join public.profiles c on c.id = v.user_id
    left join public.profiles bp on bp.id = v.brand_id
    left join public.brand_briefs bb on bb.id = v.brand_brief_id;
comment on column public.video_listings.is_pitch is 'True for a video linked to a brand without one of its briefs: the brand sees it, but it counts in none of the brand''s figures.';
