-- A deadlock the soak found (npm run soak, PostgreSQL): adding a video locked its creator's
-- totals row, then the platform shard; the refresher's batch of measurements, which spans
-- creators, already held that shard (from another creator of the same shard) and then wanted the
-- first creator's totals row. Every writer now takes the shard first: a creator's totals rows are
-- only ever locked under their shard's lock, so two writers can no longer wait on each other there.
create or replace function private.add_to_totals(t private.video_tallies, sign integer) returns void
  language sql volatile security definer
  set search_path = ''
as $$
  update private.platform_totals o set
    videos = o.videos + sign, views = o.views + sign * t.views, likes = o.likes + sign * t.likes,
    comments = o.comments + sign * t.comments, shares = o.shares + sign * t.shares,
    estimated_videos = o.estimated_videos + sign * t.estimated, demo_videos = o.demo_videos + sign * t.demo,
    unavailable_videos = o.unavailable_videos + sign * t.unavailable, counted_views = o.counted_views + sign * t.counted_views,
    pending_views = o.pending_views + sign * t.pending_views, pending_reviews = o.pending_reviews + sign * t.pending_review
   where o.shard = hashtext(t.creator_id::text) & 15;
  insert into private.video_totals as o (creator_id, brand_key, pitch, videos, views, likes, comments, shares, estimated_videos, demo_videos,
                                         unavailable_videos, counted_views, pending_views, pending_reviews)
  values (t.creator_id, t.brand_key, t.pitch, sign, sign * t.views, sign * t.likes, sign * t.comments, sign * t.shares, sign * t.estimated,
          sign * t.demo, sign * t.unavailable, sign * t.counted_views, sign * t.pending_views, sign * t.pending_review)
  on conflict (creator_id, brand_key, pitch) do update set
    videos = o.videos + excluded.videos, views = o.views + excluded.views, likes = o.likes + excluded.likes,
    comments = o.comments + excluded.comments, shares = o.shares + excluded.shares,
    estimated_videos = o.estimated_videos + excluded.estimated_videos, demo_videos = o.demo_videos + excluded.demo_videos,
    unavailable_videos = o.unavailable_videos + excluded.unavailable_videos, counted_views = o.counted_views + excluded.counted_views,
    pending_views = o.pending_views + excluded.pending_views, pending_reviews = o.pending_reviews + excluded.pending_reviews;
$$;
comment on function private.add_to_totals(private.video_tallies, integer) is 'Adds a tally to (sign 1) or takes it from (sign -1) its platform shard and its creator/brand row, the shard first: every writer locks them in that order.';
