-- Issue 33 (9): no dead ends. A brand's Creators page shows, per creator, the videos sent to the
-- brand, their counted views and the brand's charge so far, for all its briefs or for one
-- (p_brief: the campaign card's "N creators joined" opens the page on that campaign); p_creator
-- asks for one creator (the heading of the brand's Videos page filtered to that creator). The
-- figures are brand_metrics()'s, per creator: the video tallies' counted views and charge
-- (private.satang at the brief's brand rate), plus what the 72-hour clock approved and
-- settle_reviews() has not written down yet. The brand's Videos page lists one creator's videos
-- (and one brief's) through video_listing_page(p_creator, p_brief).

drop function public.brand_creators(uuid, integer, integer);

create function public.brand_creators(p_brand uuid, p_limit integer default 20, p_offset integer default 0, p_brief uuid default null, p_creator uuid default null)
returns table(creator_id uuid, name text, tiktok_username text, follower_count integer, briefs text[], last_joined_at timestamptz, tiktok_verified boolean,
              videos bigint, counted_views bigint, charged_satang bigint)
language sql
stable
security definer
set search_path = ''
as $$
  with joined as (
    select c.creator_id,
           max(c.created_at) as last_joined_at,
           array_agg(b.title order by c.created_at desc, b.id) as briefs
      from public.brand_briefs b
      join public.creator_brand_connections c on c.brand_brief_id = b.id
     where b.brand_id = p_brand
       and (p_brief is null or b.id = p_brief)
       and (p_creator is null or c.creator_id = p_creator)
       and (p_brand = (select auth.uid()) or (select private.is_admin()) or (select auth.role()) = 'service_role')
     group by c.creator_id
     order by max(c.created_at) desc, c.creator_id
     limit least(greatest(coalesce(p_limit, 20), 1), 100)
    offset greatest(coalesce(p_offset, 0), 0)
  )
  select j.creator_id,
         nullif(btrim(concat_ws(' ', btrim(p.first_name), btrim(p.last_name))), '') as name,
         p.tiktok_username,
         p.follower_count,
         j.briefs,
         j.last_joined_at,
         coalesce(n.tiktok_verified, false),
         f.videos,
         f.counted_views,
         f.charged_satang
    from joined j
    left join public.profiles p on p.id = j.creator_id
    left join private.profile_names n on n.id = j.creator_id
   cross join lateral (
     select count(*)::bigint as videos,
            (coalesce(sum(t.counted_views), 0) + coalesce(sum(t.pending_views) filter (where t.pending_since <= private.auto_approve_cutoff()), 0))::bigint as counted_views,
            (coalesce(sum(t.charged_satang), 0) + coalesce(sum(t.pending_charged_satang) filter (where t.pending_since <= private.auto_approve_cutoff()), 0))::bigint as charged_satang
       from public.tiktok_videos v
       join private.video_tallies t on t.video = v.id
      where v.brand_id = p_brand and v.user_id = j.creator_id
        and (p_brief is null or v.brand_brief_id = p_brief)
   ) f
   order by j.last_joined_at desc, j.creator_id
$$;

comment on function public.brand_creators(uuid, integer, integer, uuid, uuid) is 'One page of the creators who joined the briefs of brand p_brand (only brief p_brief when given; only creator p_creator when given): one row per creator with the titles of the briefs they joined (latest first), whether their TikTok account is verified (connected, the profile''s username), and what they did for the brand (for brief p_brief when given): videos sent to it, counted_views and charged_satang, the brand''s charge so far (brand_metrics()''s figures per creator: each video''s private.satang(counted views, the brief''s brand rate), with the reviews the 72-hour clock approved). The latest joiner first, at most 100 rows; name is null when the creator gave none. Only for the brand itself, an admin or the service role; anyone else gets no rows. The /dashboard/creators page asks for one row more than it shows to know whether another page exists.';
grant execute on function public.brand_creators(uuid, integer, integer, uuid, uuid) to authenticated, service_role;
revoke execute on function public.brand_creators(uuid, integer, integer, uuid, uuid) from public, anon;

drop function public.video_listing_page(uuid, text, integer, integer, boolean, boolean);

create function public.video_listing_page(p_user uuid, p_owner text default 'creator', p_offset integer default 0, p_limit integer default 10,
                                          p_campaign_only boolean default false, p_count boolean default true,
                                          p_creator uuid default null, p_brief uuid default null)
returns json
language plpgsql
stable
set search_path = ''
as $$
declare
  first integer := greatest(coalesce(p_offset, 0), 0);
  size integer := least(greatest(coalesce(p_limit, 10), 1), 1000);
  campaign_only boolean := coalesce(p_campaign_only, false);
  page uuid[];
  total bigint;
  listed json;
begin
  if p_owner = 'creator' then
    page := array(
      select v.id from public.tiktok_videos v
       where v.user_id = p_user and (not campaign_only or v.brand_brief_id is not null)
         and (p_brief is null or v.brand_brief_id = p_brief)
       order by v.created_at desc, v.id
      offset first limit size);
    if p_count then
      select count(*) into total from public.tiktok_videos v
       where v.user_id = p_user and (not campaign_only or v.brand_brief_id is not null)
         and (p_brief is null or v.brand_brief_id = p_brief);
    end if;
  elsif p_owner = 'brand' and p_creator is not null then
    -- One creator's videos for the brand: that creator's own (user_id, created_at) index.
    page := array(
      select v.id from public.tiktok_videos v
       where v.user_id = p_creator and v.brand_id = p_user and (not campaign_only or v.brand_brief_id is not null)
         and (p_brief is null or v.brand_brief_id = p_brief)
       order by v.created_at desc, v.id
      offset first limit size);
    if p_count then
      select count(*) into total from public.tiktok_videos v
       where v.user_id = p_creator and v.brand_id = p_user and (not campaign_only or v.brand_brief_id is not null)
         and (p_brief is null or v.brand_brief_id = p_brief);
    end if;
  elsif p_owner = 'brand' then
    page := array(
      select v.id from public.tiktok_videos v
       where v.brand_id = p_user and (not campaign_only or v.brand_brief_id is not null)
         and (p_brief is null or v.brand_brief_id = p_brief)
       order by v.created_at desc, v.id
      offset first limit size);
    if p_count then
      select count(*) into total from public.tiktok_videos v
       where v.brand_id = p_user and (not campaign_only or v.brand_brief_id is not null)
         and (p_brief is null or v.brand_brief_id = p_brief);
    end if;
  else
    perform private.refuse('video_owner_invalid', 'p_owner is creator or brand', 400);
  end if;
  select json_agg(l order by array_position(page, l.id)) into listed
    from public.video_listings l
   where l.id = any(page);
  return json_build_object('total', total, 'rows', coalesce(listed, '[]'::json));
end;
$$;

comment on function public.video_listing_page(uuid, text, integer, integer, boolean, boolean, uuid, uuid) is 'Videos of p_user (p_owner creator: made by them; brand: sent to them, only creator p_creator''s when given), newest first (created_at desc, id): {"total": n, or null unless p_count, "rows": [video_listings rows]} for p_limit rows (1 to 1,000) from p_offset; p_campaign_only keeps those linked to a brief, p_brief those linked to that brief. Obeys the caller''s row-level security.';
grant execute on function public.video_listing_page(uuid, text, integer, integer, boolean, boolean, uuid, uuid) to authenticated, service_role;
revoke execute on function public.video_listing_page(uuid, text, integer, integer, boolean, boolean, uuid, uuid) from public, anon;
