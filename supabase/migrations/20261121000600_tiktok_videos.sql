-- TikTok videos that users added by URL. Rows and their counts are written by the
-- tiktok-scraper function (service role); owners may only re-link a video to a
-- brand or brief, or remove it.

create table public.tiktok_videos (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null references public.profiles (id) on delete cascade,
  video_id text not null check (video_id ~ '^[0-9]{19}$'),
  share_url text not null check (share_url ~ '^https://' and char_length(share_url) <= 2048),
  title text check (char_length(title) <= 300),
  description text check (char_length(description) <= 5000),
  thumbnail_url text check (thumbnail_url ~ '^https?://' and char_length(thumbnail_url) <= 4096),
  author_username text check (char_length(author_username) <= 100),
  brand_id uuid references public.profiles (id) on delete set null,
  brand_brief_id uuid references public.brand_briefs (id) on delete set null,
  view_count bigint not null default 0 check (view_count >= 0),
  like_count bigint not null default 0 check (like_count >= 0),
  comment_count bigint not null default 0 check (comment_count >= 0),
  share_count bigint not null default 0 check (share_count >= 0),
  is_estimated boolean not null default false,
  metrics_source text check (metrics_source in ('display_api', 'page_data', 'estimate', 'sandbox', 'demo')),
  metrics_updated_at timestamptz,
  is_demo boolean not null default false,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  unique (user_id, video_id)
);

comment on table public.tiktok_videos is 'A TikTok video a user added, with its counts and the brand or brief it was made for.';
comment on column public.tiktok_videos.video_id is 'TikTok''s 19-digit video id, kept as text: it exceeds the integers JavaScript can hold.';
comment on column public.tiktok_videos.user_id is 'The creator who added the video.';
comment on column public.tiktok_videos.is_estimated is 'True when TikTok''s counts could not be read and the counts are an estimate (see metrics_source).';
comment on column public.tiktok_videos.metrics_source is 'Where the counts come from: display_api, page_data, estimate, sandbox (local TikTok sandbox) or demo (seed data).';

create index tiktok_videos_user_id_created_at_idx on public.tiktok_videos (user_id, created_at desc);
create index tiktok_videos_brand_id_created_at_idx on public.tiktok_videos (brand_id, created_at desc);
create index tiktok_videos_brand_brief_id_idx on public.tiktok_videos (brand_brief_id);
create index tiktok_videos_created_at_idx on public.tiktok_videos (created_at desc);

create trigger tiktok_videos_set_updated_at
  before update on public.tiktok_videos
  for each row execute function private.set_updated_at();

create function private.check_video_links() returns trigger
  language plpgsql security definer
  set search_path = ''
as $$
declare
  brief_brand uuid;
begin
  if new.brand_brief_id is not null then
    select b.brand_id into brief_brand from public.brand_briefs b where b.id = new.brand_brief_id;
    if brief_brand is null then
      raise exception 'This opportunity does not exist' using errcode = '23503', hint = 'opportunity_not_found';
    end if;
    -- When only the brief is given, the brand comes from the brief.
    new.brand_id := coalesce(new.brand_id, brief_brand);
    if new.brand_id <> brief_brand then
      raise exception 'The brand does not match the opportunity' using errcode = '22023', hint = 'brand_brief_mismatch';
    end if;
    if new.user_id <> brief_brand and not exists (
      select 1 from public.creator_brand_connections c
      where c.creator_id = new.user_id and c.brand_brief_id = new.brand_brief_id
    ) then
      raise exception 'Join this opportunity before adding videos to it' using errcode = '42501', hint = 'opportunity_not_joined';
    end if;
  end if;
  if new.brand_id is not null and private.profile_type(new.brand_id) is distinct from 'brand' then
    raise exception 'This brand does not exist' using errcode = '23503', hint = 'brand_not_found';
  end if;
  return new;
end;
$$;
comment on function private.check_video_links() is 'A video links only to a real brand, and to a brief only when its owner joined it (or owns it); the brand follows the brief.';

create trigger tiktok_videos_check_links
  before insert or update of brand_id, brand_brief_id, user_id on public.tiktok_videos
  for each row execute function private.check_video_links();

revoke insert, update, truncate, references, trigger on public.tiktok_videos from anon, authenticated;
revoke select, delete on public.tiktok_videos from anon;
grant update (brand_id, brand_brief_id, updated_at) on public.tiktok_videos to authenticated;

alter table public.tiktok_videos enable row level security;

create policy "Users can view their own videos"
  on public.tiktok_videos for select to authenticated
  using (user_id = (select auth.uid()));

create policy "Brands can view videos made for them"
  on public.tiktok_videos for select to authenticated
  using (brand_id = (select auth.uid()));

create policy "Admins can view every video"
  on public.tiktok_videos for select to authenticated
  using ((select private.is_admin()));

create policy "Users can re-link their own videos"
  on public.tiktok_videos for update to authenticated
  using (user_id = (select auth.uid()))
  with check (user_id = (select auth.uid()));

create policy "Users can remove their own videos"
  on public.tiktok_videos for delete to authenticated
  using (user_id = (select auth.uid()));

-- Brands see the profiles of the creators who work with them: who joined one of
-- their briefs, or made a video for them.
create function private.works_with_calling_brand(creator uuid) returns boolean
  language sql stable security definer
  set search_path = ''
as $$
  select exists (
      select 1 from public.tiktok_videos v
      where v.user_id = creator and v.brand_id = (select auth.uid())
    ) or exists (
      select 1 from public.creator_brand_connections c
      join public.brand_briefs b on b.id = c.brand_brief_id
      where c.creator_id = creator and b.brand_id = (select auth.uid())
    )
$$;
comment on function private.works_with_calling_brand(uuid) is 'True when the creator joined a brief of the calling brand or made a video for it.';
grant execute on function private.works_with_calling_brand(uuid) to authenticated, service_role;

create policy "Brands can view creators who work with them"
  on public.profiles for select to authenticated
  using (user_type = 'creator' and private.works_with_calling_brand(id));
