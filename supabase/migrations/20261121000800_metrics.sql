-- Metrics of spec §3/§9, computed where the rows are. Each function refuses callers
-- who may not see the figures instead of quietly answering zero.

create function private.may_view_metrics_of(target uuid) returns boolean
  language sql stable security definer
  set search_path = ''
as $$
  select target is not null and (
    target = (select auth.uid())
    or (select private.is_admin())
    or (select auth.role()) = 'service_role'
  )
$$;
comment on function private.may_view_metrics_of(uuid) is 'The user themself, an admin, or the service role may read a user''s metrics.';
grant execute on function private.may_view_metrics_of(uuid) to authenticated, service_role;

create function public.creator_metrics(creator uuid default null) returns jsonb
  language plpgsql stable security definer
  set search_path = ''
as $$
declare
  target uuid := coalesce(creator, (select auth.uid()));
  result jsonb;
begin
  if not private.may_view_metrics_of(target) then
    raise exception 'You may not view these metrics' using errcode = '42501';
  end if;
  select jsonb_build_object(
      'totalViews', coalesce(sum(v.view_count), 0),
      'totalVideos', count(*),
      'totalBrands', count(distinct v.brand_id),
      'estEarnings', floor(coalesce(sum(v.view_count), 0) * 5 / 1000.0),
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
comment on function public.creator_metrics(uuid) is 'A creator''s totals over their videos: totalViews, totalVideos, totalBrands (distinct brands of their videos), estEarnings = floor(views / 1000 × 5) baht, engagementRate = round((likes + comments + shares) / views × 100), plus how many videos are estimated or demo data. Defaults to the caller.';

create function public.brand_metrics(brand uuid default null) returns jsonb
  language plpgsql stable security definer
  set search_path = ''
as $$
declare
  target uuid := coalesce(brand, (select auth.uid()));
  result jsonb;
begin
  if not private.may_view_metrics_of(target) then
    raise exception 'You may not view these metrics' using errcode = '42501';
  end if;
  select jsonb_build_object(
      'totalViews', coalesce(sum(v.view_count), 0),
      'totalVideos', count(*),
      'totalCreators', count(distinct v.user_id),
      'estPay', round(coalesce(sum(v.view_count), 0) * 10 / 1000.0, 2),
      'estimatedVideos', count(*) filter (where v.is_estimated),
      'demoVideos', count(*) filter (where v.is_demo)
    )
    into result
    from public.tiktok_videos v
   where v.brand_id = target;
  return result;
end;
$$;
comment on function public.brand_metrics(uuid) is 'A brand''s totals over the videos tied to it: totalViews, totalVideos, totalCreators (distinct creators of those videos), estPay = views / 1000 × 10 baht. Defaults to the caller.';

create function public.admin_metrics() returns jsonb
  language plpgsql stable security definer
  set search_path = ''
as $$
declare
  result jsonb;
begin
  if not ((select private.is_admin()) or (select auth.role()) = 'service_role') then
    raise exception 'Only admins can view platform metrics' using errcode = '42501';
  end if;
  select jsonb_build_object(
      'totalBrands', (select count(*) from public.profiles p where p.user_type = 'brand'),
      'totalCreators', (select count(*) from public.profiles p where p.user_type = 'creator'),
      'totalVideos', count(*),
      'totalViews', coalesce(sum(v.view_count), 0),
      'estPay', round(coalesce(sum(v.view_count), 0) * 10 / 1000.0, 2),
      'estEarnings', floor(coalesce(sum(v.view_count), 0) * 5 / 1000.0),
      'estimatedVideos', count(*) filter (where v.is_estimated),
      'demoVideos', count(*) filter (where v.is_demo)
    )
    into result
    from public.tiktok_videos v;
  return result;
end;
$$;
comment on function public.admin_metrics() is 'Platform totals for admins: brand and creator accounts, videos, views, estPay (10 baht per 1,000 views, what brands owe) and estEarnings (5 baht per 1,000 views, rounded down, what creators earn).';

revoke execute on function public.creator_metrics(uuid), public.brand_metrics(uuid), public.admin_metrics() from public, anon;
grant execute on function public.creator_metrics(uuid), public.brand_metrics(uuid), public.admin_metrics() to authenticated, service_role;
