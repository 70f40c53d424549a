-- Issue 29: every baht to the right person, exactly once.
--   * Proven ownership: only views of a TikTok account the creator proved to own count
--     (connected through Login Kit, or a one-time code in the account's bio). A proven handle
--     belongs to one creator at a time; a lapsed proof keeps what was counted and counts
--     nothing new until proven again.
--   * One claim per TikTok video: a second account linking it to a campaign is refused.
--   * Corrections from the ledger itself: an excluded video reverses what it was paid even
--     when its row was deleted; deleting a paid video keeps what a correction needs.
--   * Link-time refusals: a video posted outside the campaign's dates, or one the brand
--     rejected, never reaches the brand's queue again.
--   * One money formula (private.satang) and one counted-measurement filter
--     (private.measurement_counts), reused by every function that needs them.

-- ---------------------------------------------------------------------------------------
-- The money formula and the measurement filter, each defined once.

create function private.satang(views bigint, rate_satang integer) returns bigint
language sql immutable parallel safe
set search_path = ''
as $$
  select (sign(views) * floor(abs(views) * rate_satang / 1000.0))::bigint
$$;
comment on function private.satang(bigint, integer) is
  'The one money formula (docs/money.md rule 12): views at a rate in satang per 1,000 views, rounded toward zero to the satang. A creator''s earning is satang(views, creator_rate_satang), a brand''s charge satang(views, brand_rate_satang), the margin their difference.';

alter table public.profiles
  add column tiktok_proof text,
  add column tiktok_verified_at timestamptz,
  add column tiktok_lapsed_at timestamptz,
  add constraint profiles_tiktok_proof_check check (tiktok_proof in ('tiktok', 'bio')),
  add constraint profiles_tiktok_proof_since check ((tiktok_proof is null) = (tiktok_verified_at is null));
comment on column public.profiles.tiktok_proof is
  'How the creator proved they own the TikTok account tiktok_username: tiktok (connected it, Login Kit) or bio (put their one-time code in its bio); null while unproven. Written only by private.refresh_tiktok_proof().';
comment on column public.profiles.tiktok_verified_at is 'Since when tiktok_proof holds.';
comment on column public.profiles.tiktok_lapsed_at is
  'When a proof of this handle lapsed (disconnected, revoked, code gone from the bio): views measured before it still count, none after it, until the handle is proven again.';

-- A proven handle belongs to one creator at a time (case-insensitive). On a database that
-- already has two verified connections of one handle, the earliest keeps it.
update public.profiles p
   set tiktok_proof = 'tiktok', tiktok_verified_at = coalesce(first.connected_at, now())
  from (
    select distinct on (lower(x.tiktok_username)) x.id, c.connected_at
      from public.profiles x
      join public.tiktok_connections c on c.user_id = x.id
     where c.verified_status = 'verified' and c.is_connected and (c.expires_at is null or c.expires_at > now())
     order by lower(x.tiktok_username), c.connected_at nulls last, x.id
  ) first
 where p.id = first.id;
create unique index profiles_proven_handle_key on public.profiles (lower(tiktok_username)) where tiktok_proof is not null;

create function private.is_proven(proof text, lapsed_at timestamptz) returns boolean
language sql immutable parallel safe
set search_path = ''
as $$
  select proof is not null or lapsed_at is not null
$$;
comment on function private.is_proven(text, timestamptz) is
  'Whether the ownership rule passes for a creator''s handle: proven now, or proven before and lapsed (then only measurements before the lapse count: private.measurement_counts).';

create function private.measurement_counts(available boolean, source text, measured_at timestamptz, posted_at timestamptz, creator uuid)
returns boolean
language sql stable
set search_path = ''
as $$
  select available
     and source <> 'estimate'
     and measured_at <= posted_at + make_interval(days => (select r.count_window_days from public.ledger_rules r))
     and not exists (select 1 from private.suspensions x where x.user_id = creator and measured_at >= x.suspended_at)
     and not exists (select 1 from public.profiles p where p.id = creator and measured_at >= p.tiktok_lapsed_at)
$$;
comment on function private.measurement_counts(boolean, text, timestamptz, timestamptz, uuid) is
  'Rules 4, 6, 7 and 10 of docs/money.md for one measurement: it counts when available, measured (not an estimate), inside the video''s counting window, not taken while its creator was suspended, and not taken after the creator''s proof of the handle lapsed. The one place this filter is written.';

create function private.auto_approve_at(submitted_at timestamptz) returns timestamptz
language sql stable
set search_path = ''
as $$
  select submitted_at + make_interval(hours => (select r.review_auto_approve_hours from public.ledger_rules r))
$$;
comment on function private.auto_approve_at(timestamptz) is
  'Rule 5: when a review submitted at submitted_at and left unanswered reads approved (ledger_rules.review_auto_approve_hours later). The one place the 72 hours are added.';

create function private.posted_after_deadline(posted_at timestamptz, deadline date) returns boolean
language sql immutable parallel safe
set search_path = ''
as $$
  -- A deadline is a day in Thailand (UTC+7, no daylight saving): posts until its midnight count.
  select deadline is not null and posted_at >= ((deadline + 1)::timestamp - interval '7 hours') at time zone 'UTC'
$$;
comment on function private.posted_after_deadline(timestamptz, date) is
  'Rule 4: whether a video posted at posted_at missed a brief''s deadline (a day in Thailand time); false without a deadline.';

create function private.ledger_reason(
  excluded boolean, brand_id uuid, brief_id uuid, author_username text, owner_username text, owner_proven boolean,
  posted_at timestamptz, brief_created_at timestamptz, brief_deadline date, review_status text, window_views bigint)
returns text
language sql stable
set search_path = ''
as $$
  select case
      when excluded then 'admin_excluded'
      when brand_id is null then 'no_campaign'
      when brief_id is null then 'pitch'
      when owner_username is null or lower(author_username) is distinct from lower(owner_username) then 'not_owner'
      when not owner_proven then 'unverified_account'
      when posted_at < brief_created_at then 'posted_before_brief'
      when private.posted_after_deadline(posted_at, brief_deadline) then 'posted_after_deadline'
      when review_status = 'rejected' then 'rejected'
      when window_views is null then 'estimated'
      when review_status = 'pending' then 'pending_review'
    end
$$;

comment on function private.ledger_reason(boolean, uuid, uuid, text, text, boolean, timestamptz, timestamptz, date, text, bigint) is
  'Rules 4-9 of docs/money.md: why a video''s views do not count (admin_excluded, no_campaign, pitch, not_owner, unverified_account, posted_before_brief, posted_after_deadline, rejected, estimated, pending_review), or null when they count. owner_proven is private.is_proven() of the creator''s handle. The one place these rules are written.';

-- ---------------------------------------------------------------------------------------
-- Proof: kept by one function, from the connection or the bio code.

create table private.tiktok_bio_codes (
  user_id uuid primary key references public.profiles (id) on delete cascade,
  username text not null,
  code text not null,
  created_at timestamptz not null default now()
);
comment on table private.tiktok_bio_codes is
  'The one-time code a creator puts in the bio of tiktok_username to prove they own it (public.tiktok_bio_code). A new code for a new handle.';

create table private.handle_changes (
  id bigint generated always as identity primary key,
  user_id uuid not null references public.profiles (id) on delete cascade,
  old_username text not null,
  new_username text,
  changed_at timestamptz not null default now()
);
create index handle_changes_user_idx on private.handle_changes (user_id, changed_at);
comment on table private.handle_changes is
  'Each change of a creator''s TikTok username after one was set: a fraud signal (handle_changed) for their linked videos.';

create function private.handle_taken(account uuid, handle text) returns boolean
language sql stable security definer
set search_path = ''
as $$
  select exists (select 1 from public.profiles o
                  where o.id <> account and o.tiktok_proof is not null and lower(o.tiktok_username) = lower(handle))
$$;
comment on function private.handle_taken(uuid, text) is
  'Whether another account than `account` proved it owns the TikTok handle (case-insensitive): such a handle is refused to everyone else (tiktok_handle_taken).';

create function private.refresh_tiktok_proof(creator uuid) returns void
language plpgsql security definer
set search_path = ''
as $$
declare
  profile public.profiles;
  proof text;
begin
  select p.* into profile from public.profiles p where p.id = creator for update;
  if profile.id is null then
    return;
  end if;
  proof := case
    when profile.tiktok_username is not null and exists (
      select 1 from public.tiktok_connections c
       where c.user_id = creator and c.is_connected and lower(c.username) = lower(profile.tiktok_username)
         and (c.expires_at is null or c.expires_at > now())) then 'tiktok'
    when profile.tiktok_proof = 'bio' then 'bio'
  end;
  if proof is not distinct from profile.tiktok_proof then
    return;
  end if;
  if proof is not null and private.handle_taken(creator, profile.tiktok_username) then
    perform private.refuse('tiktok_handle_taken', 'Another account has already proved it owns this TikTok account', 409);
  end if;
  update public.profiles p
     set tiktok_proof = proof,
         tiktok_verified_at = case when proof is null then null else coalesce(profile.tiktok_verified_at, now()) end,
         tiktok_lapsed_at = case when proof is null then now() end
   where p.id = creator;
end;
$$;
comment on function private.refresh_tiktok_proof(uuid) is
  'Decides whether a creator''s handle is proven: by a live connection of that TikTok account (tiktok), else by the bio code (bio, until private.check_bio says the code is gone). A proof that ends lapses (tiktok_lapsed_at). Refuses tiktok_handle_taken when another account proved the handle.';

-- Before a handle changes: it must not be another account's proven handle, and the proof of
-- the old handle does not carry over (nor does its lapse).
create function private.guard_handle_change() returns trigger
language plpgsql security definer
set search_path = ''
as $$
begin
  if new.tiktok_username is not null and private.handle_taken(new.id, new.tiktok_username) then
    perform private.refuse('tiktok_handle_taken', 'Another account has already proved it owns this TikTok account', 409);
  end if;
  if lower(new.tiktok_username) is distinct from lower(old.tiktok_username) then
    new.tiktok_proof := null;
    new.tiktok_verified_at := null;
    new.tiktok_lapsed_at := null;
    if old.tiktok_username is not null then
      insert into private.handle_changes (user_id, old_username, new_username) values (new.id, old.tiktok_username, new.tiktok_username);
    end if;
  end if;
  return new;
end;
$$;
comment on function private.guard_handle_change() is
  'Trigger: a TikTok username proven by another account is refused (tiktok_handle_taken); a new handle starts unproven, and the change is kept for the handle_changed signal.';

-- "profiles_proof_" sorts after "profiles_normalize", which strips the @ first.
create trigger profiles_proof_guard before update of tiktok_username on public.profiles
for each row execute function private.guard_handle_change();

create function private.proof_follows_handle() returns trigger
language plpgsql security definer
set search_path = ''
as $$
begin
  perform private.refresh_tiktok_proof(new.id);
  return null;
end;
$$;
comment on function private.proof_follows_handle() is 'Trigger: a new handle is proven at once when the connected TikTok account is that handle.';

create trigger profiles_proof_refresh after update of tiktok_username on public.profiles
for each row when (old.tiktok_username is distinct from new.tiktok_username)
execute function private.proof_follows_handle();

create function private.proof_follows_connection() returns trigger
language plpgsql security definer
set search_path = ''
as $$
begin
  perform private.refresh_tiktok_proof(case when tg_op = 'DELETE' then old.user_id else new.user_id end);
  return null;
end;
$$;
comment on function private.proof_follows_connection() is 'Trigger: connecting, disconnecting or losing the TikTok connection proves the handle or lets its proof lapse.';

create trigger tiktok_connections_proof after insert or delete or update of is_connected, username, expires_at, verified_status
on public.tiktok_connections for each row execute function private.proof_follows_connection();

-- When the proof changes, everything the ownership rule decides follows: the counted views
-- (a lapse freezes them), the tallies and budgets, the signals, and the reviews waiting for it.
create function private.follow_tiktok_proof() returns trigger
language plpgsql security definer
set search_path = ''
as $$
begin
  if new.tiktok_proof is not null and old.tiktok_proof is null then
    -- Videos linked while unproven were not sent to the brand: they are now, with a fresh 72 hours.
    insert into public.video_reviews (creator_id, video_id, brand_id, brand_brief_id)
    select v.user_id, v.video_id, v.brand_id, v.brand_brief_id
      from public.tiktok_videos v
     where v.user_id = new.id and v.brand_id is not null
    on conflict (creator_id, video_id, brand_id, brief_key) do nothing;
  end if;
  perform private.recount_creator_windows(new.id);
  perform private.retally(v.id) from public.tiktok_videos v where v.user_id = new.id;
  perform private.apply_budgets_of(array(select distinct v.brand_brief_id from public.tiktok_videos v where v.user_id = new.id and v.brand_brief_id is not null));
  perform private.evaluate_signals(array(select v.id from public.tiktok_videos v where v.user_id = new.id));
  return null;
end;
$$;
comment on function private.follow_tiktok_proof() is
  'Trigger: a creator''s proof changed: reviews waiting for it open, counted views are recounted (a lapse freezes them), tallies, budgets and signals follow.';

create trigger profiles_proof_follow after update of tiktok_proof, tiktok_lapsed_at on public.profiles
for each row when (old.tiktok_proof is distinct from new.tiktok_proof or old.tiktok_lapsed_at is distinct from new.tiktok_lapsed_at)
execute function private.follow_tiktok_proof();

-- The bio code: the creator asks for one, puts it in the bio, and tiktok-auth (verify-bio)
-- reads the public profile page and hands the bio to private.check_bio through the RPC below.
create function public.tiktok_bio_code() returns json
language plpgsql security definer
set search_path = ''
as $$
declare
  profile public.profiles;
  found private.tiktok_bio_codes;
  alphabet constant text := 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
  fresh text := 'VP-';
begin
  select p.* into profile from public.profiles p where p.id = (select auth.uid());
  if profile.id is null or profile.user_type <> 'creator' then
    perform private.refuse('not_allowed', 'Only creators prove a TikTok account', 403);
  end if;
  if profile.tiktok_username is null then
    perform private.refuse('tiktok_username_required', 'Add your TikTok username first', 400);
  end if;
  select c.* into found from private.tiktok_bio_codes c where c.user_id = profile.id;
  if found.user_id is null or lower(found.username) <> lower(profile.tiktok_username) then
    for i in 1..6 loop
      fresh := fresh || substr(alphabet, 1 + floor(random() * length(alphabet))::integer, 1);
    end loop;
    insert into private.tiktok_bio_codes (user_id, username, code) values (profile.id, profile.tiktok_username, fresh)
    on conflict (user_id) do update set username = excluded.username, code = excluded.code, created_at = now()
    returning * into found;
  end if;
  return json_build_object('code', found.code, 'username', profile.tiktok_username, 'proof', profile.tiktok_proof);
end;
$$;
comment on function public.tiktok_bio_code() is
  'The calling creator''s one-time code for proving tiktok_username through its bio (a new one for a new handle), with the handle and the current proof.';

create function public.tiktok_check_bio(p_user uuid, p_bio text) returns json
language plpgsql security definer
set search_path = ''
as $$
declare
  profile public.profiles;
  code text;
  present boolean;
begin
  select p.* into profile from public.profiles p where p.id = p_user for update;
  if profile.id is null then
    perform private.refuse('user_not_found', 'No such account', 404);
  end if;
  select c.code into code from private.tiktok_bio_codes c
   where c.user_id = p_user and lower(c.username) = lower(profile.tiktok_username);
  present := code is not null and position(code in coalesce(p_bio, '')) > 0;
  if present and profile.tiktok_proof is null then
    if private.handle_taken(p_user, profile.tiktok_username) then
      perform private.refuse('tiktok_handle_taken', 'Another account has already proved it owns this TikTok account', 409);
    end if;
    update public.profiles p set tiktok_proof = 'bio', tiktok_verified_at = now(), tiktok_lapsed_at = null where p.id = p_user;
  elsif not present and profile.tiktok_proof = 'bio' then
    update public.profiles p set tiktok_proof = null, tiktok_verified_at = null, tiktok_lapsed_at = now() where p.id = p_user;
    perform private.refresh_tiktok_proof(p_user);
  end if;
  return (select json_build_object('proof', p.tiktok_proof, 'verified', p.tiktok_proof is not null, 'code_found', present, 'username', p.tiktok_username)
            from public.profiles p where p.id = p_user);
end;
$$;
comment on function public.tiktok_check_bio(uuid, text) is
  'The service role (tiktok-auth''s verify-bio, and the daily re-check) hands over the bio of the creator''s TikTok account as TikTok shows it: the code in it proves the handle (bio); a bio proof whose code is gone lapses.';
revoke all on function public.tiktok_check_bio(uuid, text) from public, anon, authenticated;
grant execute on function public.tiktok_check_bio(uuid, text) to service_role;
revoke all on function public.tiktok_bio_code() from public, anon;
grant execute on function public.tiktok_bio_code() to authenticated, service_role;

create table private.bio_checks (
  user_id uuid primary key references public.profiles (id) on delete cascade,
  checked_at timestamptz not null default now()
);
comment on table private.bio_checks is 'When each bio proof was last read again (tiktok-refresh, daily).';

create function public.tiktok_bio_proofs_due(p_limit integer default 100) returns table (user_id uuid, username text)
language sql volatile security definer
set search_path = ''
as $$
  -- Claimed as it is read, so two refreshers never read the same bio twice in a day.
  with due as (
    select p.id, p.tiktok_username
      from public.profiles p
      left join private.bio_checks a on a.user_id = p.id
     where p.tiktok_proof = 'bio' and not p.is_demo
       and coalesce(a.checked_at, p.tiktok_verified_at) < now() - interval '1 day'
     order by coalesce(a.checked_at, p.tiktok_verified_at)
     limit greatest(1, least(coalesce(p_limit, 100), 1000))
  ),
  claimed as (
    insert into private.bio_checks (user_id, checked_at) select d.id, now() from due d
    on conflict on constraint bio_checks_pkey do update set checked_at = excluded.checked_at
    returning bio_checks.user_id
  )
  select d.id, d.tiktok_username from due d join claimed c on c.user_id = d.id
$$;
comment on function public.tiktok_bio_proofs_due(integer) is
  'Bio proofs last read more than a day ago (demo accounts never), claimed for this run: tiktok-refresh reads each bio again and hands it to tiktok_check_bio, so a removed code lets the proof lapse.';
revoke all on function public.tiktok_bio_proofs_due(integer) from public, anon, authenticated;
grant execute on function public.tiktok_bio_proofs_due(integer) to service_role;

-- The verified mark reads the same fact as the money rule.
create or replace view private.profile_names as
 select p.id,
    p.first_name,
    p.last_name,
    p.tiktok_username,
    p.tiktok_proof is not null as tiktok_verified,
    private.is_proven(p.tiktok_proof, p.tiktok_lapsed_at) as tiktok_proven
   from public.profiles p;
comment on column private.profile_names.tiktok_proven is
  'The ownership rule passes for the handle: proven now, or proven before and lapsed (private.is_proven).';
comment on column private.profile_names.tiktok_verified is
  'The creator proved they own the TikTok account their profile names (profiles.tiktok_proof): the verified mark, and the ownership rule of docs/money.md.';

create or replace function private.tiktok_verification() returns trigger
language plpgsql security definer
set search_path = ''
as $$
begin
  new.verified_status := case
    when new.is_connected and new.username is not null
     and exists (select 1 from public.profiles p where p.id = new.user_id and lower(p.tiktok_username) = lower(new.username))
     and not private.handle_taken(new.user_id, new.username)
    then 'verified' else 'unverified' end;
  return new;
end;
$$;
comment on function private.tiktok_verification() is
  'Trigger: a connection is verified while connected, its username is the profile''s tiktok_username, and no other account proved that handle.';

-- ---------------------------------------------------------------------------------------
-- Every reader of the rules, on the one filter and the one reason.

create or replace function private.measured_window_views(video uuid) returns bigint
language sql stable security definer
set search_path = ''
as $$
  select s.view_count
    from public.video_snapshots s
    join public.tiktok_videos v on v.id = s.tiktok_video_id
   where s.tiktok_video_id = video
     and private.measurement_counts(s.available, s.source, s.measured_at, v.posted_at, v.user_id)
   order by s.measured_at desc, s.id desc
   limit 1
$$;
comment on function private.measured_window_views(uuid) is
  'Rules 6, 7 and 10: the view count of the latest measurement that counts (private.measurement_counts); null when there is none.';

create or replace function private.budget_admissions(brief uuid, until timestamptz default 'infinity')
returns table (video uuid, snapshot_id bigint, measured_at timestamptz, gained bigint, admitted bigint)
language sql stable security definer
set search_path = ''
as $$
  with b as (
    select x.* from public.brand_briefs x where x.id = budget_admissions.brief and x.budget_satang is not null
  ),
  cap as (
    select floor(b.budget_satang * 1000.0 / greatest(b.brand_rate_satang, 1))::bigint as views from b
  ),
  -- The videos whose views could count: rules 4 and 9 pass, and not rejected (pending ones hold their place).
  participants as (
    select v.id, v.posted_at, v.user_id
      from public.tiktok_videos v
      join b on b.id = v.brand_brief_id
      left join private.profile_names p on p.id = v.user_id
      left join public.video_reviews r
        on r.creator_id = v.user_id and r.video_id = v.video_id and r.brand_id = v.brand_id and r.brief_key = v.brand_brief_id
     where private.ledger_reason(v.excluded_at is not null, v.brand_id, v.brand_brief_id, v.author_username, p.tiktok_username,
                                 coalesce(p.tiktok_proven, false), v.posted_at, b.created_at, b.deadline, 'approved', 0) is null
       and not (r.status = 'rejected' and r.decided_at <= until)
  ),
  -- Rules 6, 7 and 10 choose the measurements; each brings what it adds to the video's highest so far.
  measured as (
    select s.id, s.tiktok_video_id as video, s.measured_at,
           greatest(s.view_count - coalesce(max(s.view_count) over (partition by s.tiktok_video_id order by s.measured_at, s.id
                                                                    rows between unbounded preceding and 1 preceding), 0), 0) as gained
      from public.video_snapshots s
      join participants v on v.id = s.tiktok_video_id
     where s.measured_at < until
       and private.measurement_counts(s.available, s.source, s.measured_at, v.posted_at, v.user_id)
  ),
  ordered as (
    select m.*, coalesce(sum(m.gained) over (order by m.measured_at, m.id rows between unbounded preceding and 1 preceding), 0) as before
      from measured m
  )
  select o.video, o.id, o.measured_at, o.gained, greatest(0, least(o.gained, cap.views - o.before))::bigint
    from ordered o cross join cap
$$;

create or replace function private.counted_at(at timestamptz, creator uuid default null)
returns table (tiktok_video_id uuid, video_id text, creator_id uuid, brand_id uuid, brand_brief_id uuid, counted bigint, snapshot_id bigint, pending bigint)
language sql stable security definer
set search_path = ''
set jit = off
as $$
  with admitted as (
    select a.video, sum(a.admitted) as views
      from public.brand_briefs b
      cross join lateral private.budget_admissions(b.id, at) a
     where b.budget_satang is not null
       and (creator is null or exists (select 1 from public.tiktok_videos v where v.brand_brief_id = b.id and v.user_id = creator))
     group by a.video
  )
  select v.id, v.video_id, v.user_id, v.brand_id, v.brand_brief_id,
         case when review.approved then views.counted else 0 end,
         case when review.approved then s.id end,
         case when review.approved or r.status = 'rejected' and r.decided_at <= at then 0 else views.counted end
    from (
      -- One creator's videos by their index, or every campaign video: a one-time filter on the
      -- parameter picks the branch (an "or" of both would read every video for one creator).
      select x.* from public.tiktok_videos x where creator is not null and x.user_id = creator and x.brand_brief_id is not null
      union all
      select x.* from public.tiktok_videos x where creator is null and x.brand_brief_id is not null
    ) v
    cross join public.ledger_rules rules
    join public.brand_briefs b on b.id = v.brand_brief_id
    left join private.profile_names p on p.id = v.user_id
    left join public.video_reviews r
      on r.creator_id = v.user_id and r.video_id = v.video_id and r.brand_id = v.brand_id and r.brief_key = v.brand_brief_id
    cross join lateral (
      select x.id, x.view_count
        from public.video_snapshots x
       where x.tiktok_video_id = v.id
         and x.measured_at < at
         and private.measurement_counts(x.available, x.source, x.measured_at, v.posted_at, v.user_id)
       order by x.measured_at desc, x.id desc
       limit 1
    ) s
    cross join lateral (
      select case when b.budget_satang is null then s.view_count
                  else least(s.view_count, coalesce((select a.views from admitted a where a.video = v.id), 0)) end as counted
    ) views
    cross join lateral (
      select r.submitted_at <= at
             and ((r.status = 'approved' and r.decided_at <= at)
                  or (r.status <> 'rejected' or r.decided_at > at)
                     and private.auto_approve_at(r.submitted_at) <= at) as approved
    ) review
   where private.ledger_reason(v.excluded_at is not null, v.brand_id, v.brand_brief_id, v.author_username, p.tiktok_username,
                               coalesce(p.tiktok_proven, false), v.posted_at, b.created_at, b.deadline, 'approved', s.view_count) is null
$$;

create or replace view private.tally_view as
 select v.id as video,
    v.user_id as creator_id,
    coalesce(v.brand_id, '00000000-0000-0000-0000-000000000000'::uuid) as brand_key,
    (v.brand_id is not null and v.brand_brief_id is null) as pitch,
    v.view_count as views,
    v.like_count as likes,
    v.comment_count as comments,
    v.share_count as shares,
    v.is_estimated::integer as estimated,
    v.is_demo::integer as demo,
    (v.availability = 'unavailable')::integer as unavailable,
    case when rule.reason is null then coalesce(v.window_views, 0::bigint) else 0::bigint end as counted_views,
    case when rule.reason = 'pending_review' then coalesce(v.window_views, 0::bigint) else 0::bigint end as pending_views,
    (stored.status = 'pending')::integer as pending_review,
    case when stored.status = 'pending' then r.submitted_at end as pending_since
   from public.tiktok_videos v
     left join public.brand_briefs b on b.id = v.brand_brief_id
     left join public.profiles p on p.id = v.user_id
     left join public.video_reviews r
       on r.creator_id = v.user_id and r.video_id = v.video_id and r.brand_id = v.brand_id
      and r.brief_key = coalesce(v.brand_brief_id, '00000000-0000-0000-0000-000000000000'::uuid)
     cross join lateral (select case when v.brand_id is null then 'none' else coalesce(r.status, 'pending') end as status) stored
     cross join lateral (
       select private.ledger_reason(v.excluded_at is not null, v.brand_id, v.brand_brief_id, v.author_username, p.tiktok_username,
                                    private.is_proven(p.tiktok_proof, p.tiktok_lapsed_at), v.posted_at, b.created_at, b.deadline,
                                    stored.status, v.window_views) as reason) rule;

create or replace view private.video_rows with (security_invoker = true) as
 select v.id,
    v.video_id,
    v.user_id,
    v.brand_id,
    v.brand_brief_id,
    v.posted_at,
    review.status as review_status,
    r.reason as review_reason,
    r.note as review_note,
    r.submitted_at as review_submitted_at,
    case when r.status = 'pending' then private.auto_approve_at(r.submitted_at) end as auto_approve_at,
    v.availability,
    case when not v.is_estimated then v.view_count end as measured_views,
    case when rule.reason is null then v.window_views else 0::bigint end as counted_views,
    case when rule.reason = 'pending_review' then v.window_views else 0::bigint end as pending_views,
    rule.reason as excluded_reason,
    v.posted_at + make_interval(days => rules.count_window_days) as window_ends_at,
    now() > v.posted_at + make_interval(days => rules.count_window_days) as frozen,
    v.share_url,
    v.title,
    v.description,
    v.thumbnail_url,
    v.author_username,
    v.view_count,
    v.like_count,
    v.comment_count,
    v.share_count,
    v.is_estimated,
    v.metrics_source,
    v.metrics_updated_at,
    v.is_demo,
    v.created_at,
    v.updated_at,
    private.display_creator_name(p.first_name, p.last_name) as creator_name,
    case when v.brand_id is not null then private.display_brand_name(bp.first_name, bp.last_name) end as brand_name,
    b.title as brief_title,
    (v.brand_id is not null and v.brand_brief_id is null) as is_pitch,
    v.excluded_note,
    coalesce(p.tiktok_verified, false) as creator_verified,
    case when rule.reason is null and b.id is not null then private.satang(v.window_views, b.creator_rate_satang) else 0::bigint end as earned_satang
   from public.tiktok_videos v
     cross join public.ledger_rules rules
     left join public.brand_briefs b on b.id = v.brand_brief_id
     left join private.profile_names p on p.id = v.user_id
     left join private.profile_names bp on bp.id = v.brand_id
     left join public.video_reviews r
       on r.creator_id = v.user_id and r.video_id = v.video_id and r.brand_id = v.brand_id
      and r.brief_key = coalesce(v.brand_brief_id, '00000000-0000-0000-0000-000000000000'::uuid)
     cross join lateral (
       select case when v.brand_id is null then 'none'
                   when r.status = 'pending' and now() >= private.auto_approve_at(r.submitted_at) then 'approved'
                   else coalesce(r.status, 'pending') end as status) review
     cross join lateral (
       select private.ledger_reason(v.excluded_at is not null, v.brand_id, v.brand_brief_id, v.author_username, p.tiktok_username,
                                    coalesce(p.tiktok_proven, false), v.posted_at, b.created_at, b.deadline,
                                    review.status, v.window_views) as reason) rule;

-- The old signatures have no reader left.
drop function private.ledger_reason(boolean, uuid, uuid, text, text, timestamptz, timestamptz, date, text, bigint);
drop function private.ledger_reason(uuid, uuid, text, text, timestamptz, timestamptz, date, text, bigint);

-- The new reason in the listings' filter list.
comment on column public.video_ledger.excluded_reason is
  'Why the views do not count: admin_excluded, no_campaign, pitch, not_owner, unverified_account, posted_before_brief, posted_after_deadline, rejected, estimated or pending_review; null when they count.';

-- ---------------------------------------------------------------------------------------
-- Linking: one claim per TikTok video, the campaign's dates, a brand's rejection.

create or replace function private.check_video_links() returns trigger
language plpgsql security definer
set search_path = ''
as $$
declare
  brief public.brand_briefs;
  linking boolean := new.brand_id is not null or new.brand_brief_id is not null;
  moved boolean := tg_op = 'INSERT' or new.brand_id is distinct from old.brand_id or new.brand_brief_id is distinct from old.brand_brief_id;
  -- posted_at is generated after BEFORE triggers run: rule 3's formula, from the id.
  posted timestamptz := to_timestamp(floor(new.video_id::numeric / 4294967296));
begin
  -- Neither re-linking it nor removing it and adding it again moves it elsewhere.
  if (tg_op = 'UPDATE' or new.brand_brief_id is not null) and exists (
    select 1 from public.video_reviews r
     where r.creator_id = new.user_id and r.video_id = new.video_id
       and r.brand_brief_id is not null and r.brand_brief_id is distinct from new.brand_brief_id
       and (r.status = 'approved' or r.status = 'pending' and now() >= private.auto_approve_at(r.submitted_at))
  ) then
    perform private.refuse('video_link_locked', 'This video was approved for its opportunity and stays with it', 409);
  end if;
  if new.brand_brief_id is not null then
    select b.* into brief from public.brand_briefs b where b.id = new.brand_brief_id;
    if brief.id is null then
      perform private.refuse('opportunity_not_found', 'This opportunity does not exist', 404);
    end if;
    -- When only the brief is given, the brand comes from the brief.
    new.brand_id := coalesce(new.brand_id, brief.brand_id);
    if new.brand_id <> brief.brand_id then
      perform private.refuse('brand_brief_mismatch', 'The brand does not match the opportunity', 400);
    end if;
    if not exists (
      select 1 from public.creator_brand_connections c
      where c.creator_id = new.user_id and c.brand_brief_id = new.brand_brief_id
    ) then
      perform private.refuse('opportunity_not_joined', 'Join this opportunity before adding videos to it', 403);
    end if;
    -- Rule 4's dates, told when the video is linked rather than after the brand reviewed it.
    if moved and posted < brief.created_at then
      perform private.refuse('posted_before_brief', 'This video was posted before the campaign opened, so its views cannot count', 422);
    end if;
    if moved and private.posted_after_deadline(posted, brief.deadline) then
      perform private.refuse('posted_after_deadline', 'This video was posted after the campaign''s deadline, so its views cannot count', 422);
    end if;
  end if;
  -- A brand without a brief is a pitch: reviewed, but it counts for no money.
  if new.brand_id is not null and private.profile_type(new.brand_id) is distinct from 'brand' then
    perform private.refuse('brand_not_found', 'This brand does not exist', 404);
  end if;
  if linking and moved then
    -- A brand's rejection stands for all its campaigns: the video is not sent to it again.
    if exists (
      select 1 from public.video_reviews r
       where r.creator_id = new.user_id and r.video_id = new.video_id and r.brand_id = new.brand_id
         and r.status = 'rejected'
         and r.brief_key is distinct from coalesce(new.brand_brief_id, '00000000-0000-0000-0000-000000000000'::uuid)
    ) then
      perform private.refuse('video_rejected_by_brand', 'This brand rejected this video; it cannot be sent to the brand again', 409);
    end if;
    -- One claim per TikTok video: once an account linked it to a brand, no other account may,
    -- unless that account is the proven owner of the video's TikTok account and the first is not.
    perform pg_advisory_xact_lock(hashtext('viewpact:video_claim:' || new.video_id));
    if exists (
      select 1 from public.tiktok_videos o
       where o.video_id = new.video_id and o.user_id <> new.user_id and o.brand_id is not null
         and not (private.owns_author(new.user_id, new.author_username)
                  and not private.owns_author(o.user_id, o.author_username))
    ) or exists (
      select 1 from public.ledger_entries e
       where e.video_id = new.video_id and e.creator_id <> new.user_id
         and not private.owns_author(new.user_id, new.author_username)
    ) then
      perform private.refuse('video_claimed', 'Another account has already submitted this TikTok video', 409);
    end if;
  end if;
  return new;
end;
$$;
comment on function private.check_video_links() is
  'A video links to a brief only when its creator joined it (the brand follows the brief), or to a real brand alone, as a pitch; never to a brief it was posted outside of (posted_before_brief, posted_after_deadline), never to a brand that rejected it (video_rejected_by_brand), never away from an approval (video_link_locked), and never when another account claimed it (video_claimed).';

create function private.owns_author(creator uuid, author text) returns boolean
language sql stable security definer
set search_path = ''
as $$
  select exists (select 1 from public.profiles p
                  where p.id = creator and p.tiktok_proof is not null and lower(p.tiktok_username) = lower(author))
$$;
comment on function private.owns_author(uuid, text) is 'Whether the creator has proved they own the TikTok account author.';

create index tiktok_videos_video_id_idx on public.tiktok_videos (video_id);
create index ledger_entries_video_id_idx on public.ledger_entries (video_id);

-- A review opens only for a creator whose handle is proven: an unproven account's videos
-- never reach the brand and never approve themselves (private.follow_tiktok_proof opens them).
create or replace function private.open_review() returns trigger
language plpgsql security definer
set search_path = ''
as $$
begin
  if new.brand_id is not null and exists (select 1 from public.profiles p where p.id = new.user_id and p.tiktok_proof is not null) then
    -- A decision the brand made stands (a rejection is final for that brief). A review it
    -- never answered restarts its clock: while the video was unlinked or removed the brand
    -- could not see it, and that time must not run down its 72 hours.
    insert into public.video_reviews (creator_id, video_id, brand_id, brand_brief_id)
    values (new.user_id, new.video_id, new.brand_id, new.brand_brief_id)
    on conflict (creator_id, video_id, brand_id, brief_key) do update
      set submitted_at = now()
      where video_reviews.status = 'pending';
  end if;
  return null;
end;
$$;
comment on function private.open_review() is
  'Linking a video to a brief or a brand submits it for review, once its creator proved the TikTok account. A decision the brand made stands (a rejection is final for that brief); a review it never answered starts its clock again.';

-- ---------------------------------------------------------------------------------------
-- Corrections from the ledger: what a correction needs outlives the video row.

create table private.removed_videos (
  id uuid primary key,
  user_id uuid not null,
  video_id text not null,
  brand_brief_id uuid,
  author_username text,
  excluded_at timestamptz,
  excluded_note text,
  removed_at timestamptz not null default now()
);
create index removed_videos_user_video_idx on private.removed_videos (user_id, video_id);
comment on table private.removed_videos is
  'A paid video (one with ledger entries) that its creator deleted: what close_month needs to correct it (an exclusion, the author for the ownership rule), and what brings an exclusion back if it is added again.';

create function private.keep_removed_video() returns trigger
language plpgsql security definer
set search_path = ''
as $$
begin
  if exists (select 1 from public.ledger_entries e where e.tiktok_video_id = old.id) then
    insert into private.removed_videos (id, user_id, video_id, brand_brief_id, author_username, excluded_at, excluded_note)
    values (old.id, old.user_id, old.video_id, old.brand_brief_id, old.author_username, old.excluded_at, old.excluded_note)
    on conflict (id) do nothing;
  end if;
  return null;
end;
$$;
comment on function private.keep_removed_video() is 'Trigger: deleting a paid video keeps what a correction of it needs (private.removed_videos).';
create trigger tiktok_videos_keep_removed after delete on public.tiktok_videos
for each row execute function private.keep_removed_video();

-- Deleting an excluded video and adding it again does not lift the exclusion.
create function private.keep_exclusion() returns trigger
language plpgsql security definer
set search_path = ''
as $$
declare
  gone private.removed_videos;
begin
  select r.* into gone from private.removed_videos r
   where r.user_id = new.user_id and r.video_id = new.video_id and r.excluded_at is not null
   order by r.removed_at desc limit 1;
  if gone.id is not null then
    new.excluded_at := gone.excluded_at;
    new.excluded_note := gone.excluded_note;
  end if;
  return new;
end;
$$;
comment on function private.keep_exclusion() is 'Trigger: a video added again after its creator deleted it while excluded stays excluded.';
create trigger tiktok_videos_keep_exclusion before insert on public.tiktok_videos
for each row execute function private.keep_exclusion();

-- Reinstating a video also lifts the exclusion that a deleted copy of it kept.
create or replace function private.set_video_exclusion(video uuid, exclude boolean, raw_reason text) returns json
language plpgsql security definer
set search_path = ''
as $$
declare
  reason text;
  found_video public.tiktok_videos;
begin
  perform private.require_admin();
  reason := private.admin_reason(raw_reason, case when exclude then 'exclusion_reason_required' else 'reinstatement_reason_required' end);
  select v.* into found_video from public.tiktok_videos v where v.id = video for update;
  if found_video.id is null then
    perform private.refuse('video_not_found', 'No such video', 404);
  end if;
  if exclude and found_video.excluded_at is not null then
    perform private.refuse('already_excluded', 'This video is already excluded from pay', 409);
  end if;
  if not exclude and found_video.excluded_at is null then
    perform private.refuse('not_excluded', 'This video is not excluded from pay', 409);
  end if;
  update public.tiktok_videos v
     set excluded_at = case when exclude then now() end,
         excluded_note = case when exclude then reason end,
         excluded_by = case when exclude then (select auth.uid()) end
   where v.id = video;
  -- Reinstating lifts the exclusion a deleted copy of it carried too.
  if not exclude then
    update private.removed_videos r set excluded_at = null, excluded_note = null
     where r.user_id = found_video.user_id and r.video_id = found_video.video_id;
  end if;
  perform private.audit(case when exclude then 'exclude_video' else 'reinstate_video' end, 'video', video, reason,
                        jsonb_build_object('creator_id', found_video.user_id, 'video_id', found_video.video_id, 'excluded_note', found_video.excluded_note));
  return (select to_json(l) from public.video_listings l where l.id = video);
end;
$$;

-- Rule 12's corrections read the ledger and what a deleted paid video left behind; amounts
-- come from the one formula.
create or replace function public.close_month(p_month date) returns json
language plpgsql security definer
set search_path = ''
set statement_timeout = '0'
as $$
declare
  closing date := date_trunc('month', p_month)::date;
  ends timestamptz;
  rules public.pay_rules;
  made_entries integer;
  made_payouts integer;
begin
  -- Admins, or the scheduler (the service role: no signed-in user; anon may not call this).
  if auth.uid() is not null then
    perform private.require_admin();
  end if;
  if closing is null then
    perform private.refuse('month_required', 'Choose a month', 400);
  end if;
  ends := private.month_start((closing + interval '1 month')::date);
  if ends > now() then
    perform private.refuse('month_not_over', 'A month can be closed once it is over', 409);
  end if;

  -- One close at a time; a month closes once: a second call answers what the first did.
  perform pg_advisory_xact_lock(hashtext('viewpact:close_month'));
  if exists (select 1 from public.month_closes c where c.month = closing) then
    return (select json_build_object('month', c.month, 'closed_at', c.closed_at, 'entries', c.entries, 'payouts', c.payouts, 'already_closed', true)
              from public.month_closes c where c.month = closing);
  end if;
  if exists (select 1 from public.month_closes c where c.month > closing) then
    perform private.refuse('later_month_closed', 'A later month is closed already', 409);
  end if;
  select * into rules from public.pay_rules;

  -- Rule 12: what each video counted at the month's end, minus what its entries counted so far.
  with now_counted as (
    select c.* from private.counted_at(ends) c
  ),
  previous as (
    select distinct on (e.creator_id, e.video_id, e.brand_brief_id)
           e.id, e.tiktok_video_id, e.video_id, e.creator_id, e.brand_id, e.brand_brief_id, e.counted_to
      from public.ledger_entries e
     order by e.creator_id, e.video_id, e.brand_brief_id, e.id desc
  ),
  movement as (
    select coalesce(n.tiktok_video_id, p.tiktok_video_id) as tiktok_video_id,
           coalesce(n.video_id, p.video_id) as video_id,
           coalesce(n.creator_id, p.creator_id) as creator_id,
           coalesce(n.brand_id, p.brand_id) as brand_id,
           coalesce(n.brand_brief_id, p.brand_brief_id) as brand_brief_id,
           coalesce(n.counted, 0) as counted_to,
           coalesce(n.counted, 0) - coalesce(p.counted_to, 0) as views,
           n.snapshot_id, p.id as previous_entry_id
      from now_counted n
      full join previous p
        on p.creator_id = n.creator_id and p.video_id = n.video_id and p.brand_brief_id = n.brand_brief_id
     -- A video still here that counts less is corrected. One its creator deleted keeps what it
     -- was paid, unless it was excluded or is found not to be the creator's own (rule 12).
     where n.tiktok_video_id is not null
        or exists (select 1 from public.tiktok_videos v where v.id = p.tiktok_video_id)
        or exists (select 1 from private.removed_videos g
                     left join public.profiles o on o.id = g.user_id
                    where g.id = p.tiktok_video_id
                      and (g.excluded_at is not null or lower(g.author_username) is distinct from lower(o.tiktok_username)))
  )
  insert into public.ledger_entries (month, tiktok_video_id, video_id, creator_id, brand_id, brand_brief_id, views, counted_to,
                                     brand_rate_satang, creator_rate_satang, brand_charge_satang, creator_earning_satang,
                                     margin_satang, snapshot_id, previous_entry_id)
  select closing, m.tiktok_video_id, m.video_id, m.creator_id, m.brand_id, m.brand_brief_id, m.views, m.counted_to,
         b.brand_rate_satang, b.creator_rate_satang, amounts.charge, amounts.earning, amounts.charge - amounts.earning,
         m.snapshot_id, m.previous_entry_id
    from movement m
    join public.brand_briefs b on b.id = m.brand_brief_id
    cross join lateral (
      select private.satang(m.views, b.brand_rate_satang) as charge,
             private.satang(m.views, b.creator_rate_satang) as earning
    ) amounts
   where m.views <> 0;
  get diagnostics made_entries = row_count;

  -- Rule 14: each creator's gross since their last payout (this month's and the months carried
  -- over), paid when the net reaches the minimum; withholding tax when the gross reaches the threshold.
  insert into public.payouts (creator_id, month, gross_satang, wht_satang, net_satang, wht_rate_bp)
  select d.creator_id, closing, d.gross, d.wht, d.gross - d.wht, rules.wht_rate_bp
    from (
      select g.creator_id, g.gross,
             case when g.gross >= rules.wht_threshold_satang then floor(g.gross * rules.wht_rate_bp / 10000.0)::bigint else 0 end as wht
        from (
          select e.creator_id, sum(e.creator_earning_satang)::bigint as gross
            from public.ledger_entries e
           where e.month > coalesce((select max(p.month) from public.payouts p where p.creator_id = e.creator_id), '-infinity'::date)
           group by e.creator_id
        ) g
    ) d
   where d.gross - d.wht >= rules.payout_minimum_satang;
  get diagnostics made_payouts = row_count;

  -- Written last, with its counts: the entries' and payouts' references to it are checked at commit.
  insert into public.month_closes (month, closed_by, entries, payouts) values (closing, auth.uid(), made_entries, made_payouts);
  return json_build_object('month', closing, 'closed_at', now(), 'entries', made_entries, 'payouts', made_payouts, 'already_closed', false);
end;
$$;

-- ---------------------------------------------------------------------------------------
-- Fraud signals: the same TikTok video claimed by several accounts, and a handle changed while
-- videos were linked, each with the numbers behind it.
create or replace function private.signal_rows(video_ids uuid[])
returns table (video uuid, creator_id uuid, created_at timestamptz, signals text[], details jsonb)
language sql stable security definer
set search_path = ''
as $$
  with settings as (select private.signal_thresholds() as l, private.platform_views_per_like() as norm)
  select v.id, v.user_id, v.created_at, array(select e->>'code' from jsonb_array_elements(found.list) e), found.list
    from public.tiktok_videos v
    cross join settings
    left join public.profiles p on p.id = v.user_id
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
                                                   'views', o.view_count, 'counted', coalesce(o.window_views, 0))
                                order by o.created_at), '[]'::jsonb) as list
        from public.tiktok_videos o
        left join public.profiles op on op.id = o.user_id
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
                                       'views', v.view_count, 'counted', coalesce(v.window_views, 0)) end),
          (7, case when handle.changed_at is not null
               then jsonb_build_object('code', 'handle_changed', 'from', handle.old_username, 'to', handle.new_username,
                                       'at', handle.changed_at, 'changes', handle.changes) end)
        ) c(n, item)
       where c.item is not null
    ) found
   where v.id = any(signal_rows.video_ids)
     and jsonb_array_length(found.list) > 0
$$;
comment on function private.signal_rows(uuid[]) is
  'The fraud signals that fire now for these videos, each with the numbers behind it (private.signal_thresholds says when; duplicate_claim: other accounts linked the same TikTok video to a brand; handle_changed: the creator changed their TikTok username after linking it); only videos with a signal.';

create function private.signals_follow_claims() returns trigger
language plpgsql security definer
set search_path = ''
as $$
begin
  perform private.evaluate_signals(array(
    select o.id from public.tiktok_videos o
     where o.video_id = (case when tg_op = 'DELETE' then old.video_id else new.video_id end)
       and o.id <> (case when tg_op = 'DELETE' then old.id else new.id end)));
  return null;
end;
$$;
comment on function private.signals_follow_claims() is 'Trigger: when an account links, unlinks or removes a TikTok video, the other accounts'' copies of it are judged again (duplicate_claim).';
create trigger tiktok_videos_claim_signals after insert or delete or update of brand_id on public.tiktok_videos
for each row execute function private.signals_follow_claims();

create function private.signals_follow_handle_change() returns trigger
language plpgsql security definer
set search_path = ''
as $$
begin
  perform private.evaluate_signals(array(select v.id from public.tiktok_videos v where v.user_id = new.user_id and v.brand_id is not null));
  return null;
end;
$$;
comment on function private.signals_follow_handle_change() is 'Trigger: a handle change raises handle_changed on the creator''s linked videos.';
create trigger handle_changes_signals after insert on private.handle_changes
for each row execute function private.signals_follow_handle_change();
