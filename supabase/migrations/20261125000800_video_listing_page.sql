-- A page of video_listings in one call, with its plans kept (issue 11). The listing view joins
-- seven relations: planning it took 3-8 ms a request on PostgreSQL (more on PGlite), several
-- times what reading six or ten of its rows costs. PL/pgSQL keeps each statement's plan for the
-- connection, and each plan here suits every account: the page's ids come from
-- tiktok_videos' (owner, created_at, id) indexes, which answer at any depth, and only those
-- ids' listings are built, each found by its key.
--
-- Security invoker: the caller's row-level security decides which videos exist for them, as
-- it does for video_listings.

create function public.video_listing_page(
  p_user uuid,
  p_owner text default 'creator',
  p_offset integer default 0,
  p_limit integer default 10,
  p_campaign_only boolean default false,
  p_count boolean default true
)
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
       order by v.created_at desc, v.id
      offset first limit size);
    if p_count then
      select count(*) into total from public.tiktok_videos v
       where v.user_id = p_user and (not campaign_only or v.brand_brief_id is not null);
    end if;
  elsif p_owner = 'brand' then
    page := array(
      select v.id from public.tiktok_videos v
       where v.brand_id = p_user and (not campaign_only or v.brand_brief_id is not null)
       order by v.created_at desc, v.id
      offset first limit size);
    if p_count then
      select count(*) into total from public.tiktok_videos v
       where v.brand_id = p_user and (not campaign_only or v.brand_brief_id is not null);
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
comment on function public.video_listing_page(uuid, text, integer, integer, boolean, boolean) is 'Videos of p_user (p_owner creator: made by them; brand: sent to them), newest first (created_at desc, id): {"total": n, or null unless p_count, "rows": [video_listings rows]} for p_limit rows (1 to 1,000) from p_offset; p_campaign_only keeps those linked to a brief. Obeys the caller''s row-level security.';
revoke all on function public.video_listing_page(uuid, text, integer, integer, boolean, boolean) from public, anon;
grant execute on function public.video_listing_page(uuid, text, integer, integer, boolean, boolean) to authenticated, service_role;
