-- A list's count through video_listings still names the columns of the joins the planner then
-- removes (the review's keys): with them in the index, counting a creator's or a brand's
-- videos and checking their row-level security is an index-only scan (issue 11).

drop index public.tiktok_videos_brand_id_created_at_idx;
create index tiktok_videos_brand_id_created_at_idx on public.tiktok_videos (brand_id, created_at desc, id) include (user_id, brand_brief_id, video_id);
drop index public.tiktok_videos_user_id_created_at_idx;
create index tiktok_videos_user_id_created_at_idx on public.tiktok_videos (user_id, created_at desc, id) include (brand_id, brand_brief_id, video_id);
