-- Read models for lists: briefs with their brand's display name and logo, videos
-- with their creator's and brand's names. Both obey the caller's RLS.

create function private.display_brand_name(first_name text, last_name text) returns text
  language sql immutable
  set search_path = ''
as $$
  select coalesce(
    nullif(btrim(first_name), ''),
    nullif(btrim(concat_ws(' ', btrim(first_name), btrim(last_name))), ''),
    'Brand'
  )
$$;
comment on function private.display_brand_name(text, text) is 'A brand''s name on cards: first_name, else first and last name, else ''Brand''.';

create function private.display_creator_name(first_name text, last_name text) returns text
  language sql immutable
  set search_path = ''
as $$
  select coalesce(nullif(btrim(concat_ws(' ', btrim(first_name), btrim(last_name))), ''), 'Unknown Creator')
$$;
comment on function private.display_creator_name(text, text) is 'A creator''s name in lists: first and last name, else ''Unknown Creator''.';

create function private.brief_joined_count(brief uuid) returns bigint
  language sql stable security definer
  set search_path = ''
as $$
  select count(*) from public.creator_brand_connections c where c.brand_brief_id = brief
$$;
comment on function private.brief_joined_count(uuid) is 'How many creators joined a brief: a public figure on the brief, though the connections themselves are private.';

grant execute on function private.display_brand_name(text, text), private.display_creator_name(text, text),
  private.brief_joined_count(uuid) to authenticated, service_role;

create view public.brief_listings with (security_invoker = true) as
  select b.id, b.brand_id, b.title, b.description, b.reward, b.industry, b.deadline, b.status, b.brief,
         b.is_demo, b.created_at, b.updated_at,
         private.display_brand_name(p.first_name, p.last_name) as brand_name,
         p.tiktok_avatar_url as brand_logo,
         private.brief_joined_count(b.id) as joined_count
    from public.brand_briefs b
    left join public.profiles p on p.id = b.brand_id;

comment on view public.brief_listings is 'Briefs as cards show them: with brand_name, brand_logo (the brand''s avatar) and how many creators joined.';

create view public.video_listings with (security_invoker = true) as
  select v.id, v.user_id, v.video_id, v.share_url, v.title, v.description, v.thumbnail_url, v.author_username,
         v.brand_id, v.brand_brief_id, v.view_count, v.like_count, v.comment_count, v.share_count,
         v.is_estimated, v.metrics_source, v.metrics_updated_at, v.is_demo, v.created_at, v.updated_at,
         private.display_creator_name(c.first_name, c.last_name) as creator_name,
         case when v.brand_id is not null then private.display_brand_name(bp.first_name, bp.last_name) end as brand_name,
         bb.title as brief_title
    from public.tiktok_videos v
    left join public.profiles c on c.id = v.user_id
    left join public.profiles bp on bp.id = v.brand_id
    left join public.brand_briefs bb on bb.id = v.brand_brief_id;

comment on view public.video_listings is 'Videos as lists show them: with creator_name (''Unknown Creator'' when the caller may not see the creator), brand_name and brief_title.';

revoke all on public.brief_listings, public.video_listings from anon;
revoke insert, update, delete, truncate, references, trigger on public.brief_listings, public.video_listings from authenticated;
