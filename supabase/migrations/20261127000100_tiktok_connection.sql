-- TikTok account connection (issue 13): encrypted tokens, a one-time state per sign-in, rotation
-- by one caller at a time, verified ownership, and the deauthorization webhook. The edge
-- function tiktok-auth does the OAuth work with the service role; these tables and functions are
-- what it may do, and all a client may see is its own tiktok_connections row.

-- Tokens, encrypted -----------------------------------------------------------------------------

-- Tokens stored in the clear cannot be encrypted here (the key is the functions'): they are
-- dropped, and their connections ask to be made again.
update public.tiktok_connections c
   set is_connected = false
 where exists (select 1 from public.tiktok_tokens t where t.user_id = c.user_id);
delete from public.tiktok_tokens;

alter table public.tiktok_tokens
  drop column access_token,
  drop column refresh_token,
  add column access_token_enc text not null check (access_token_enc like 'v1.%'),
  add column refresh_token_enc text not null check (refresh_token_enc like 'v1.%'),
  add column refreshing_until timestamptz;
comment on table public.tiktok_tokens is 'TikTok OAuth tokens, AES-256-GCM encrypted by the edge functions (TOKEN_ENCRYPTION_KEY, which the database never sees). No policies and no grants for the API roles: only the service role reads or writes them.';
comment on column public.tiktok_tokens.access_token_enc is 'The access token (about 2 hours), encrypted: v1.<iv>.<ciphertext and tag>.';
comment on column public.tiktok_tokens.refresh_token_enc is 'The refresh token (about 180 days), encrypted; TikTok rotates it at every refresh, and the old one stops working.';
comment on column public.tiktok_tokens.refreshing_until is 'A lease: the one caller refreshing the tokens until then (tiktok_claim_refresh); others wait for its result.';
create index tiktok_tokens_open_id_idx on public.tiktok_tokens (open_id);

create function public.tiktok_claim_refresh(p_user uuid, p_seconds integer default 30) returns boolean
  language sql volatile security definer
  set search_path = ''
as $$
  with claimed as (
    update public.tiktok_tokens t
       set refreshing_until = now() + make_interval(secs => least(greatest(coalesce(p_seconds, 30), 1), 120))
     where t.user_id = p_user and (t.refreshing_until is null or t.refreshing_until < now())
    returning 1
  )
  select exists (select 1 from claimed)
$$;
comment on function public.tiktok_claim_refresh(uuid, integer) is 'Takes the lease to refresh a user''s TikTok tokens, when nobody holds it: true for the one caller that got it. The new tokens are stored with the lease cleared in one update.';
revoke all on function public.tiktok_claim_refresh(uuid, integer) from public, anon, authenticated;
grant execute on function public.tiktok_claim_refresh(uuid, integer) to service_role;

-- Connections -----------------------------------------------------------------------------------

alter table public.tiktok_connections
  add column username text check (username ~ '^[A-Za-z0-9_.]{1,24}$'),
  add column connected_at timestamptz,
  add column revoked_at timestamptz,
  add column revoked_reason text check (revoked_reason in ('deauthorized', 'refresh_failed'));
comment on column public.tiktok_connections.expires_at is 'When the connection lapses unless used: the refresh token''s expiry (access tokens are refreshed as needed). A connection counts only while this is absent or in the future.';
comment on column public.tiktok_connections.username is 'The connected TikTok account''s username, as TikTok''s user.info says.';
comment on column public.tiktok_connections.verified_status is 'verified while connected and the connected username is the profile''s tiktok_username (case-insensitive); else unverified. Kept by trigger.';
comment on column public.tiktok_connections.revoked_reason is 'Why a connection ended without the user: deauthorized (removed in TikTok''s settings, webhook) or refresh_failed (TikTok refused the refresh token).';

create function private.tiktok_verification() returns trigger
  language plpgsql security definer
  set search_path = ''
as $$
begin
  new.verified_status := case
    when new.is_connected and new.username is not null
     and lower(new.username) = (select lower(p.tiktok_username) from public.profiles p where p.id = new.user_id)
    then 'verified' else 'unverified' end;
  return new;
end;
$$;
comment on function private.tiktok_verification() is 'Trigger: a connection is verified while connected and its username is the profile''s tiktok_username.';
create trigger tiktok_connections_verification
  before insert or update on public.tiktok_connections
  for each row execute function private.tiktok_verification();

create function private.tiktok_verification_follows_profile() returns trigger
  language plpgsql security definer
  set search_path = ''
as $$
begin
  update public.tiktok_connections c set updated_at = now() where c.user_id = new.id;
  return null;
end;
$$;
comment on function private.tiktok_verification_follows_profile() is 'Trigger: changing the profile''s TikTok username re-decides whether its connection is verified.';
create trigger profiles_tiktok_verification
  after update of tiktok_username on public.profiles
  for each row when (old.tiktok_username is distinct from new.tiktok_username)
  execute function private.tiktok_verification_follows_profile();

update public.tiktok_connections set updated_at = now();

create function private.tiktok_tokens_follow_connection() returns trigger
  language plpgsql security definer
  set search_path = ''
as $$
begin
  delete from public.tiktok_tokens t where t.user_id = old.user_id;
  return null;
end;
$$;
comment on function private.tiktok_tokens_follow_connection() is 'Trigger: a connection removed (by its user, or by the function) takes its tokens with it.';
create trigger tiktok_connections_tokens
  after delete on public.tiktok_connections
  for each row execute function private.tiktok_tokens_follow_connection();

-- One sign-in, one state ----------------------------------------------------------------------------

create table public.tiktok_auth_states (
  state_hash text primary key check (state_hash ~ '^[0-9a-f]{64}$'),
  user_id uuid not null references public.profiles (id) on delete cascade,
  verifier_enc text not null check (verifier_enc like 'v1.%'),
  redirect_uri text not null check (redirect_uri ~ '^https?://' and char_length(redirect_uri) < 512),
  expires_at timestamptz not null,
  used_at timestamptz,
  created_at timestamptz not null default now()
);
comment on table public.tiktok_auth_states is 'The state of each TikTok sign-in (its SHA-256), the user who started it and its PKCE verifier (encrypted): accepted once, by that user, within 10 minutes. Service role only.';
create index tiktok_auth_states_user_id_idx on public.tiktok_auth_states (user_id);
create index tiktok_auth_states_expires_at_idx on public.tiktok_auth_states (expires_at);
revoke all on public.tiktok_auth_states from anon, authenticated;
alter table public.tiktok_auth_states enable row level security;

create function public.tiktok_take_state(p_state_hash text, p_user uuid) returns json
  language plpgsql volatile security definer
  set search_path = ''
as $$
declare
  taken public.tiktok_auth_states;
begin
  -- States nobody came back for are of no use after a day.
  delete from public.tiktok_auth_states s where s.expires_at < now() - interval '1 day';
  update public.tiktok_auth_states s
     set used_at = now()
   where s.state_hash = p_state_hash and s.user_id = p_user and s.used_at is null and s.expires_at > now()
  returning s.* into taken;
  if taken.state_hash is null then
    return null;
  end if;
  return json_build_object('verifier_enc', taken.verifier_enc, 'redirect_uri', taken.redirect_uri);
end;
$$;
comment on function public.tiktok_take_state(text, uuid) is 'Uses up a sign-in''s state: {verifier_enc, redirect_uri} when the state is this user''s, unused and unexpired; null otherwise (reused, expired or someone else''s).';
revoke all on function public.tiktok_take_state(text, uuid) from public, anon, authenticated;
grant execute on function public.tiktok_take_state(text, uuid) to service_role;

-- Deauthorization ------------------------------------------------------------------------------------

create table public.tiktok_webhook_events (
  event_key text primary key,
  event text not null,
  open_id text,
  received_at timestamptz not null default now()
);
comment on table public.tiktok_webhook_events is 'Webhook events already handled (TikTok delivers at least once, and retries for 72 hours): a repeat changes nothing. Service role only.';
revoke all on public.tiktok_webhook_events from anon, authenticated;
alter table public.tiktok_webhook_events enable row level security;

create function public.tiktok_deauthorize(p_open_id text, p_event_key text, p_event text default 'authorization.removed') returns boolean
  language plpgsql volatile security definer
  set search_path = ''
as $$
declare
  first_time boolean;
begin
  insert into public.tiktok_webhook_events (event_key, event, open_id) values (p_event_key, p_event, p_open_id)
  on conflict (event_key) do nothing;
  get diagnostics first_time = row_count;
  if not first_time then
    return false;
  end if;
  update public.tiktok_connections c
     set is_connected = false, revoked_at = now(), revoked_reason = 'deauthorized'
   where c.open_id = p_open_id and c.is_connected;
  delete from public.tiktok_tokens t where t.open_id = p_open_id;
  return true;
end;
$$;
comment on function public.tiktok_deauthorize(text, text, text) is 'The authorization.removed webhook: ends the connections of this TikTok account (revoked, deauthorized) and drops their tokens, once per event; true when the event was new.';
revoke all on function public.tiktok_deauthorize(text, text, text) from public, anon, authenticated;
grant execute on function public.tiktok_deauthorize(text, text, text) to service_role;

create function public.tiktok_mark_revoked(p_user uuid) returns void
  language sql volatile security definer
  set search_path = ''
as $$
  update public.tiktok_connections c
     set is_connected = false, revoked_at = now(), revoked_reason = 'refresh_failed'
   where c.user_id = p_user;
  delete from public.tiktok_tokens t where t.user_id = p_user;
$$;
comment on function public.tiktok_mark_revoked(uuid) is 'TikTok refused the refresh token (invalid_grant): the connection is revoked and the UI asks to reconnect.';
revoke all on function public.tiktok_mark_revoked(uuid) from public, anon, authenticated;
grant execute on function public.tiktok_mark_revoked(uuid) to service_role;

-- The verified mark, wherever a creator is shown -------------------------------------------------

-- The listings read names through private.profile_names; the mark comes the same way, so a brand
-- sees it on the cards of videos it may see without reading anyone's connection.
create or replace view private.profile_names as
  select p.id, p.first_name, p.last_name, p.tiktok_username,
         coalesce(c.verified_status = 'verified' and (c.expires_at is null or c.expires_at > now()), false) as tiktok_verified
    from public.profiles p
    left join public.tiktok_connections c on c.user_id = p.id;
comment on column private.profile_names.tiktok_verified is 'The creator connected the TikTok account their profile names (tiktok_connections.verified_status, unexpired).';

create or replace view private.video_rows with (security_invoker = true) as
  select v.id, v.video_id, v.user_id, v.brand_id, v.brand_brief_id, v.posted_at,
         review.status as review_status,
         r.reason as review_reason,
         r.note as review_note,
         r.submitted_at as review_submitted_at,
         case when r.status = 'pending' then r.submitted_at + make_interval(hours => rules.review_auto_approve_hours) end as auto_approve_at,
         v.availability,
         case when not v.is_estimated then v.view_count end as measured_views,
         case when rule.reason is null then v.window_views else 0 end as counted_views,
         case when rule.reason = 'pending_review' then v.window_views else 0 end as pending_views,
         rule.reason as excluded_reason,
         v.posted_at + make_interval(days => rules.count_window_days) as window_ends_at,
         now() > v.posted_at + make_interval(days => rules.count_window_days) as frozen,
         v.share_url, v.title, v.description, v.thumbnail_url, v.author_username,
         v.view_count, v.like_count, v.comment_count, v.share_count,
         v.is_estimated, v.metrics_source, v.metrics_updated_at, v.is_demo, v.created_at, v.updated_at,
         private.display_creator_name(p.first_name, p.last_name) as creator_name,
         case when v.brand_id is not null then private.display_brand_name(bp.first_name, bp.last_name) end as brand_name,
         b.title as brief_title,
         (v.brand_id is not null and v.brand_brief_id is null) as is_pitch,
         v.excluded_note,
         coalesce(p.tiktok_verified, false) as creator_verified
    from public.tiktok_videos v
    cross join public.ledger_rules rules
    left join public.brand_briefs b on b.id = v.brand_brief_id
    left join private.profile_names p on p.id = v.user_id
    left join private.profile_names bp on bp.id = v.brand_id
    left join public.video_reviews r
      on r.creator_id = v.user_id and r.video_id = v.video_id and r.brand_id = v.brand_id
     and r.brief_key = coalesce(v.brand_brief_id, '00000000-0000-0000-0000-000000000000'::uuid)
    cross join lateral (
      select case
          when v.brand_id is null then 'none'
          else coalesce(private.review_outcome(r.status, r.submitted_at, rules.review_auto_approve_hours), 'pending')
        end as status
    ) review
    cross join lateral (
      select private.ledger_reason(v.excluded_at is not null, v.brand_id, v.brand_brief_id, v.author_username, p.tiktok_username, v.posted_at,
                                   b.created_at, b.deadline, review.status, v.window_views) as reason
    ) rule;

create or replace view public.video_listings with (security_invoker = true) as
  select id, user_id, video_id, share_url, title, description, thumbnail_url, author_username, brand_id, brand_brief_id,
         view_count, like_count, comment_count, share_count, is_estimated, metrics_source, metrics_updated_at, is_demo,
         created_at, updated_at, creator_name, brand_name, brief_title, is_pitch, posted_at, review_status, review_reason,
         review_note, review_submitted_at, auto_approve_at, availability, measured_views, counted_views, pending_views,
         excluded_reason, window_ends_at, frozen, excluded_note, creator_verified
    from private.video_rows;
comment on column public.video_listings.creator_verified is 'The creator connected the TikTok account their profile names: the cards show a verified mark.';

drop view public.review_queue;
create view public.review_queue with (security_invoker = true) as
  select l.*, r.submitted_at as queued_at
    from private.pending_reviews r
    join public.video_listings l
      on l.user_id = r.creator_id and l.video_id = r.video_id and l.brand_id = r.brand_id
     and coalesce(l.brand_brief_id, '00000000-0000-0000-0000-000000000000'::uuid) = r.brief_key;
comment on view public.review_queue is 'The videos awaiting a brand''s answer (review_status pending in video_ledger): order by queued_at (the submission) to show the one closest to auto-approval first. review_queue_page() reads the same set a page at a time.';
revoke all on public.review_queue from public, anon, authenticated;
grant select on public.review_queue to authenticated, service_role;

drop function public.brand_creators(uuid, integer, integer);
create function public.brand_creators(p_brand uuid, p_limit integer default 20, p_offset integer default 0)
  returns table (creator_id uuid, name text, tiktok_username text, follower_count integer, briefs text[], last_joined_at timestamptz, tiktok_verified boolean)
  language sql stable security definer
  set search_path = ''
as $$
  with joined as (
    select c.creator_id,
           max(c.created_at) as last_joined_at,
           array_agg(b.title order by c.created_at desc, b.id) as briefs
      from public.brand_briefs b
      join public.creator_brand_connections c on c.brand_brief_id = b.id
     where b.brand_id = p_brand
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
         coalesce(n.tiktok_verified, false)
    from joined j
    left join public.profiles p on p.id = j.creator_id
    left join private.profile_names n on n.id = j.creator_id
   order by j.last_joined_at desc, j.creator_id
$$;
comment on function public.brand_creators(uuid, integer, integer) is 'One page of the creators who joined the briefs of brand p_brand: one row per creator with the titles of the briefs they joined (latest first) and whether their TikTok account is verified (connected, the profile''s username), the latest joiner first, at most 100 rows; name is null when the creator gave none. Only for the brand itself, an admin or the service role; anyone else gets no rows. The /dashboard/creators page asks for one row more than it shows to know whether another page exists.';
revoke execute on function public.brand_creators(uuid, integer, integer) from public, anon;
grant execute on function public.brand_creators(uuid, integer, integer) to authenticated, service_role;
