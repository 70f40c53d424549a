-- The admin console (issue 12): suspension, exclusion from pay, fraud signals, the audit log,
-- and the lists the console reads. Every admin action is a SQL function that checks the caller,
-- does the work and writes the audit row in one transaction; the rules live here, the console
-- shows their codes.

create extension if not exists pg_trgm with schema extensions;

-- Who may act ------------------------------------------------------------------------------

create function private.require_admin() returns void
  language plpgsql stable
  set search_path = ''
as $$
begin
  if not coalesce((select private.is_admin()), false) then
    perform private.refuse('admin_only', 'Only admins can do this', 403);
  end if;
end;
$$;
comment on function private.require_admin() is 'Refuses (admin_only, 403) unless the caller is an admin.';
grant execute on function private.require_admin() to authenticated, service_role;

-- The audit log ------------------------------------------------------------------------------

create table public.admin_audit_log (
  id bigint generated always as identity primary key,
  admin_id uuid,
  action text not null check (action in (
    'suspend_user', 'reinstate_user', 'update_profile', 'exclude_video', 'reinstate_video', 'create_invite', 'revoke_invite'
  )),
  target_type text not null check (target_type in ('user', 'video', 'invite')),
  target_id uuid not null,
  reason text check (char_length(reason) <= 500),
  details jsonb not null default '{}'::jsonb,
  created_at timestamptz not null default now()
);
comment on table public.admin_audit_log is 'Every admin action, written by the SQL function (or trigger) that performs it, in the same transaction: who (admin_id; kept when the account is gone, so no foreign key), what (action), on what (target_type, target_id), why (reason) and when. Nobody updates or deletes a row.';
comment on column public.admin_audit_log.details is 'What changed, as the action recorded it (for update_profile: the fields before and after).';
create index admin_audit_log_created_at_idx on public.admin_audit_log (created_at desc, id desc);
create index admin_audit_log_target_idx on public.admin_audit_log (target_id, created_at desc);

alter table public.admin_audit_log enable row level security;
create policy "Admins can read the audit log"
  on public.admin_audit_log for select to authenticated
  using ((select private.is_admin()));
revoke all on public.admin_audit_log from public, anon, authenticated, service_role;
grant select on public.admin_audit_log to authenticated, service_role;

create function private.audit_log_is_immutable() returns trigger
  language plpgsql
  set search_path = ''
as $$
begin
  perform private.refuse('audit_log_immutable', 'The audit log cannot be changed', 403);
  return null;
end;
$$;
create trigger admin_audit_log_immutable
  before update or delete on public.admin_audit_log
  for each row execute function private.audit_log_is_immutable();
create trigger admin_audit_log_no_truncate
  before truncate on public.admin_audit_log
  for each statement execute function private.audit_log_is_immutable();

create function private.audit(action text, target_type text, target_id uuid, reason text default null, details jsonb default '{}'::jsonb)
  returns void
  language sql volatile security definer
  set search_path = ''
as $$
  insert into public.admin_audit_log (admin_id, action, target_type, target_id, reason, details)
  values ((select auth.uid()), action, target_type, target_id, reason, coalesce(details, '{}'::jsonb))
$$;
comment on function private.audit(text, text, uuid, text, jsonb) is 'Writes one audit row for the calling admin. Called only by the functions and triggers that perform the action.';

create function private.admin_reason(raw text, code text) returns text
  language plpgsql immutable
  set search_path = ''
as $$
declare
  reason text := btrim(coalesce(raw, ''));
begin
  if char_length(reason) < 3 then
    perform private.refuse(code, 'Give a reason of at least 3 characters', 400);
  end if;
  if char_length(reason) > 500 then
    perform private.refuse('admin_reason_too_long', 'A reason has at most 500 characters', 400);
  end if;
  return reason;
end;
$$;
comment on function private.admin_reason(text, text) is 'The reason an admin gave, trimmed: 3 to 500 characters, else refused with the given code (or admin_reason_too_long).';

-- Suspension ---------------------------------------------------------------------------------

create table private.suspensions (
  user_id uuid primary key references public.profiles (id) on delete cascade,
  suspended_at timestamptz not null default now(),
  reason text not null,
  suspended_by uuid
);
comment on table private.suspensions is 'Accounts suspended now, since when and why. While suspended: no sign-in (auth.users.banned_until), no refresh, their briefs leave the listings, and their videos'' measurements taken since suspended_at do not count. The history is in admin_audit_log.';
revoke all on private.suspensions from public, anon, authenticated;
-- Whether an account is suspended is read by the listing views, as their callers; the reason is not.
grant select (user_id, suspended_at) on private.suspensions to authenticated, service_role;

create function private.is_suspended(account uuid) returns boolean
  language sql stable security definer
  set search_path = ''
as $$
  select exists (select 1 from private.suspensions s where s.user_id = account)
$$;
comment on function private.is_suspended(uuid) is 'True while the account is suspended.';
grant execute on function private.is_suspended(uuid) to authenticated, service_role;

-- Rule 6 with suspension: a measurement taken while the creator is suspended does not count,
-- so the counted views stay at the last measurement before the suspension.
create or replace function private.window_views(video uuid) returns bigint
  language sql stable security definer
  set search_path = ''
as $$
  select s.view_count
    from public.video_snapshots s
    join public.tiktok_videos v on v.id = s.tiktok_video_id
    cross join public.ledger_rules r
   where s.tiktok_video_id = video
     and s.available
     and s.source <> 'estimate'
     and s.measured_at <= v.posted_at + make_interval(days => r.count_window_days)
     and not exists (select 1 from private.suspensions x where x.user_id = v.user_id and s.measured_at >= x.suspended_at)
   order by s.measured_at desc, s.id desc
   limit 1
$$;
comment on function private.window_views(uuid) is 'Rules 6 and 7: the latest available, measured view count inside the video''s counting window, leaving out measurements taken while its creator is suspended; null when there is none.';

create function private.recount_creator_windows(creator uuid) returns void
  language sql volatile security definer
  set search_path = ''
as $$
  update public.tiktok_videos v set window_views = private.window_views(v.id)
   where v.user_id = creator and v.window_views is distinct from private.window_views(v.id)
$$;
comment on function private.recount_creator_windows(uuid) is 'Recomputes window_views of a creator''s videos (after a suspension starts or ends); the tallies follow by trigger.';

-- Briefs of a suspended brand leave the listings (the brand itself and admins still see them),
-- and nobody can join them. Whether a brief is listed is kept on the brief (listed), so that a
-- list and its count read one column from the index rather than looking the brand up per brief.
alter table public.brand_briefs add column listed boolean not null default true;
comment on column public.brand_briefs.listed is 'False while the brand is suspended (admin_set_suspended): brief_listings leaves the brief out, except for the brand and admins.';

create function private.list_new_brief() returns trigger
  language plpgsql security definer
  set search_path = ''
as $$
begin
  new.listed := not private.is_suspended(new.brand_id);
  return new;
end;
$$;
comment on function private.list_new_brief() is 'Trigger: a brief written by a suspended brand (its last access token) is not listed.';
create trigger brand_briefs_listed
  before insert or update of brand_id on public.brand_briefs
  for each row execute function private.list_new_brief();

-- The lists' indexes carry what brief_listings filters on, for index-only counts.
drop index public.brand_briefs_created_at_idx;
drop index public.brand_briefs_status_created_at_idx;
create index brand_briefs_created_at_idx on public.brand_briefs (created_at desc, id) include (listed, brand_id);
create index brand_briefs_status_created_at_idx on public.brand_briefs (status, created_at desc, id) include (listed, brand_id);

create or replace view public.brief_listings with (security_invoker = true) as
  select b.id, b.brand_id, b.title, b.description, b.reward, b.industry, b.deadline, b.status, b.brief,
         b.is_demo, b.created_at, b.updated_at,
         private.display_brand_name(p.first_name, p.last_name) as brand_name,
         p.tiktok_avatar_url as brand_logo,
         private.brief_joined_count(b.id) as joined_count
    from public.brand_briefs b
    left join public.profiles p on p.id = b.brand_id
   where b.listed or b.brand_id = (select auth.uid()) or (select private.is_admin());
comment on view public.brief_listings is 'Briefs as cards show them: with brand_name, brand_logo (the brand''s avatar) and how many creators joined. Briefs of a suspended brand (listed false) are left out, except for that brand and admins.';

-- How many listed briefs of each status, kept by trigger: the Opportunities page's "Showing X of Y"
-- reads a count, not every brief (which a filter on listed would force, beside the index).
create table private.brief_counts (
  status text not null,
  listed boolean not null,
  briefs bigint not null default 0,
  primary key (status, listed)
);
comment on table private.brief_counts is 'Briefs per status and listed, kept by private.count_briefs (count_brief_listings).';
revoke all on private.brief_counts from public, anon, authenticated;
insert into private.brief_counts (status, listed, briefs)
select b.status, b.listed, count(*) from public.brand_briefs b group by b.status, b.listed;

create function private.count_briefs() returns trigger
  language plpgsql security definer
  set search_path = ''
as $$
begin
  if tg_op in ('DELETE', 'UPDATE') then
    update private.brief_counts c set briefs = c.briefs - 1 where c.status = old.status and c.listed = old.listed;
  end if;
  if tg_op in ('INSERT', 'UPDATE') then
    insert into private.brief_counts as c (status, listed, briefs) values (new.status, new.listed, 1)
    on conflict (status, listed) do update set briefs = c.briefs + 1;
  end if;
  return null;
end;
$$;
comment on function private.count_briefs() is 'Trigger: private.brief_counts follows the briefs.';
create trigger brand_briefs_count
  after insert or delete or update of status, listed on public.brand_briefs
  for each row execute function private.count_briefs();

create index brand_briefs_unlisted_idx on public.brand_briefs (status, brand_id) where not listed;

create function public.count_brief_listings(p_status text default null) returns bigint
  language sql stable security definer
  set search_path = ''
as $$
  select coalesce((select sum(c.briefs) from private.brief_counts c where c.listed and (p_status is null or c.status = p_status)), 0)
       + (select count(*) from public.brand_briefs b
           where not b.listed and (p_status is null or b.status = p_status)
             and (b.brand_id = (select auth.uid()) or (select private.is_admin())))
$$;
comment on function public.count_brief_listings(text) is 'How many rows brief_listings shows the caller, of one status (open, matched, closed) or all (null): the listed briefs from their running count, plus the unlisted ones the caller may see (their own, or all for an admin).';
revoke all on function public.count_brief_listings(text) from public, anon;
grant execute on function public.count_brief_listings(text) to authenticated, service_role;

create or replace function private.check_connection() returns trigger
  language plpgsql security definer
  set search_path = ''
as $$
declare
  brief public.brand_briefs;
begin
  if private.profile_type(new.creator_id) is distinct from 'creator' then
    perform private.refuse('only_creators_can_join', 'Only creators can join opportunities', 403);
  end if;
  select b.* into brief from public.brand_briefs b where b.id = new.brand_brief_id;
  if brief.id is null or (tg_op = 'INSERT' and private.is_suspended(brief.brand_id)) then
    perform private.refuse('opportunity_not_found', 'This opportunity does not exist', 404);
  end if;
  if tg_op = 'INSERT' then
    if exists (select 1 from public.creator_brand_connections c where c.creator_id = new.creator_id and c.brand_brief_id = new.brand_brief_id) then
      perform private.refuse('already_joined', 'You have already joined this opportunity', 409);
    end if;
    if brief.status <> 'open' then
      perform private.refuse('opportunity_not_open', 'This opportunity is no longer open', 409);
    end if;
  end if;
  return new;
end;
$$;
comment on function private.check_connection() is 'Only creators join, only open briefs of brands that are not suspended, whoever writes the row.';

create function public.admin_set_suspended(p_user_id uuid, p_suspended boolean, p_reason text)
  returns json
  language plpgsql volatile security definer
  set search_path = ''
as $$
declare
  reason text;
  target public.profiles;
begin
  perform private.require_admin();
  reason := private.admin_reason(p_reason, 'suspension_reason_required');
  select p.* into target from public.profiles p where p.id = p_user_id;
  if target.id is null then
    perform private.refuse('user_not_found', 'No such user', 404);
  end if;
  if target.id = (select auth.uid()) then
    perform private.refuse('suspend_self', 'Admins cannot suspend themselves', 403);
  end if;
  if target.user_type = 'admin' then
    perform private.refuse('suspend_admin', 'Admins cannot suspend another admin', 403);
  end if;
  if coalesce(p_suspended, false) then
    if private.is_suspended(target.id) then
      perform private.refuse('already_suspended', 'This account is already suspended', 409);
    end if;
    insert into private.suspensions (user_id, reason, suspended_by) values (target.id, reason, (select auth.uid()));
    update public.brand_briefs b set listed = false where b.brand_id = target.id;
    -- GoTrue refuses sign-in and refresh to a banned user; the sessions end now.
    update auth.users u set banned_until = now() + interval '100 years' where u.id = target.id;
    delete from auth.sessions s where s.user_id = target.id;
    perform private.audit('suspend_user', 'user', target.id, reason);
  else
    if not private.is_suspended(target.id) then
      perform private.refuse('not_suspended', 'This account is not suspended', 409);
    end if;
    delete from private.suspensions s where s.user_id = target.id;
    update public.brand_briefs b set listed = true where b.brand_id = target.id;
    update auth.users u set banned_until = null where u.id = target.id;
    perform private.audit('reinstate_user', 'user', target.id, reason);
  end if;
  perform private.recount_creator_windows(target.id);
  return json_build_object('user_id', target.id, 'suspended', coalesce(p_suspended, false));
end;
$$;
comment on function public.admin_set_suspended(uuid, boolean, text) is 'Suspends (p_suspended true) or reinstates an account, with a reason (3 to 500 characters). Admins only; not oneself, not another admin. Suspended: no sign-in, sessions ended, briefs out of the listings, measurements taken meanwhile do not count. Audited.';

-- Correcting display fields ------------------------------------------------------------------

create function public.admin_update_profile(
  p_user_id uuid, p_first_name text, p_last_name text, p_tiktok_username text, p_company_name text, p_reason text
)
  returns json
  language plpgsql volatile security definer
  set search_path = ''
as $$
declare
  reason text;
  before public.profiles;
  after public.profiles;
begin
  perform private.require_admin();
  reason := private.admin_reason(p_reason, 'edit_reason_required');
  select p.* into before from public.profiles p where p.id = p_user_id;
  if before.id is null then
    perform private.refuse('user_not_found', 'No such user', 404);
  end if;
  -- The profile's own trigger trims, strips the @ and refuses malformed usernames (coded).
  update public.profiles p
     set first_name = p_first_name, last_name = p_last_name, tiktok_username = p_tiktok_username, company_name = p_company_name
   where p.id = p_user_id
  returning p.* into after;
  perform private.audit('update_profile', 'user', p_user_id, reason, jsonb_build_object(
    'before', jsonb_build_object('first_name', before.first_name, 'last_name', before.last_name, 'tiktok_username', before.tiktok_username, 'company_name', before.company_name),
    'after', jsonb_build_object('first_name', after.first_name, 'last_name', after.last_name, 'tiktok_username', after.tiktok_username, 'company_name', after.company_name)));
  return json_build_object('id', after.id, 'first_name', after.first_name, 'last_name', after.last_name,
                           'tiktok_username', after.tiktok_username, 'company_name', after.company_name);
end;
$$;
comment on function public.admin_update_profile(uuid, text, text, text, text, text) is 'An admin corrects a profile''s display fields (names, TikTok username, company), with a reason. The profile rules apply; the change, before and after, is audited.';

-- Excluding a video from pay -----------------------------------------------------------------

alter table public.tiktok_videos
  add column excluded_at timestamptz,
  add column excluded_note text check (char_length(excluded_note) <= 500),
  add column excluded_by uuid;
comment on column public.tiktok_videos.excluded_at is 'When an admin excluded the video from pay (admin_exclude_video): it counts 0 views, whatever its review, until reinstated.';
comment on column public.tiktok_videos.excluded_note is 'The admin''s reason, shown to the creator and the brand beside the ledger''s admin_excluded.';

-- The ledger's rule with the admin's exclusion first; the nine-argument form stays the body.
create function private.ledger_reason(
  excluded boolean, brand_id uuid, brief_id uuid, author_username text, owner_username text, posted_at timestamptz,
  brief_created_at timestamptz, brief_deadline date, review_status text, window_views bigint
) returns text
  language sql stable
as $$
  select case
      when excluded then 'admin_excluded'
      else private.ledger_reason(brand_id, brief_id, author_username, owner_username, posted_at, brief_created_at, brief_deadline, review_status, window_views)
    end
$$;
comment on function private.ledger_reason(boolean, uuid, uuid, text, text, timestamptz, timestamptz, date, text, bigint) is 'Rules 4-8 of docs/money.md and the admin''s exclusion: admin_excluded when an admin excluded the video, else private.ledger_reason(...) of the other arguments.';

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
         v.excluded_note
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

create or replace view public.video_ledger with (security_invoker = true) as
  select id, video_id, user_id as creator_id, brand_id, brand_brief_id, posted_at, review_status, review_reason, review_note,
         review_submitted_at, auto_approve_at, availability, measured_views, counted_views, pending_views, excluded_reason,
         window_ends_at, frozen, excluded_note
    from private.video_rows;
comment on column public.video_ledger.excluded_reason is 'Why the views do not count: admin_excluded, no_campaign, pitch, not_owner, posted_before_brief, posted_after_deadline, rejected, estimated or pending_review; null when they count.';
comment on column public.video_ledger.excluded_note is 'With admin_excluded: the reason the admin gave.';

create or replace view public.video_listings with (security_invoker = true) as
  select id, user_id, video_id, share_url, title, description, thumbnail_url, author_username, brand_id, brand_brief_id,
         view_count, like_count, comment_count, share_count, is_estimated, metrics_source, metrics_updated_at, is_demo,
         created_at, updated_at, creator_name, brand_name, brief_title, is_pitch, posted_at, review_status, review_reason,
         review_note, review_submitted_at, auto_approve_at, availability, measured_views, counted_views, pending_views,
         excluded_reason, window_ends_at, frozen, excluded_note
    from private.video_rows;

-- The To-review view lists the listing's columns as they were when it was made: again, with the new one.
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

create or replace view private.tally_view as
  select v.id as video, v.user_id as creator_id, coalesce(v.brand_id, '00000000-0000-0000-0000-000000000000'::uuid) as brand_key,
         v.brand_id is not null and v.brand_brief_id is null as pitch,
         v.view_count as views, v.like_count as likes, v.comment_count as comments, v.share_count as shares,
         v.is_estimated::integer as estimated, v.is_demo::integer as demo, (v.availability = 'unavailable')::integer as unavailable,
         case when rule.reason is null then coalesce(v.window_views, 0) else 0 end as counted_views,
         case when rule.reason = 'pending_review' then coalesce(v.window_views, 0) else 0 end as pending_views,
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
      select private.ledger_reason(v.excluded_at is not null, v.brand_id, v.brand_brief_id, v.author_username, p.tiktok_username, v.posted_at,
                                   b.created_at, b.deadline, stored.status, v.window_views) as reason
    ) rule;

-- Excluding and reinstating differ in the state they need and the one they leave: one body.
create function private.set_video_exclusion(video uuid, exclude boolean, raw_reason text)
  returns json
  language plpgsql volatile security definer
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
  perform private.audit(case when exclude then 'exclude_video' else 'reinstate_video' end, 'video', video, reason,
                        jsonb_build_object('creator_id', found_video.user_id, 'video_id', found_video.video_id, 'excluded_note', found_video.excluded_note));
  return (select to_json(l) from public.video_listings l where l.id = video);
end;
$$;
comment on function private.set_video_exclusion(uuid, boolean, text) is 'The body of admin_exclude_video and admin_reinstate_video: checks the admin, the reason and the video''s state, writes the exclusion (or clears it), audits, and answers the listing row.';

create function public.admin_exclude_video(p_video uuid, p_reason text)
  returns json
  language sql volatile security definer
  set search_path = ''
as $$
  select private.set_video_exclusion(p_video, true, p_reason)
$$;
comment on function public.admin_exclude_video(uuid, text) is 'Excludes a video (tiktok_videos id) from pay with a reason: video_ledger counts it 0 with excluded_reason admin_excluded, even after approval. Admins only; audited. Answers the video''s listing row.';

create function public.admin_reinstate_video(p_video uuid, p_reason text)
  returns json
  language sql volatile security definer
  set search_path = ''
as $$
  select private.set_video_exclusion(p_video, false, p_reason)
$$;
comment on function public.admin_reinstate_video(uuid, text) is 'Ends an admin''s exclusion of a video, with a reason: its views count again by the ledger''s rules. Admins only; audited.';

-- Invites are audited where they are written ------------------------------------------------

create function private.audit_invite() returns trigger
  language plpgsql security definer
  set search_path = ''
as $$
begin
  if tg_op = 'INSERT' then
    perform private.audit('create_invite', 'invite', new.id, new.note, jsonb_build_object('expires_at', new.expires_at));
  elsif old.used_at is null then
    perform private.audit('revoke_invite', 'invite', old.id, old.note, jsonb_build_object('expires_at', old.expires_at));
  end if;
  return null;
end;
$$;
create trigger admin_invites_audit
  after insert or delete on public.admin_invites
  for each row execute function private.audit_invite();
comment on function private.audit_invite() is 'Trigger: issuing an invite and withdrawing an unused one are audited, whichever way they are done.';

-- Fraud signals --------------------------------------------------------------------------------

-- Signals explain, they never punish: an admin reads the numbers and decides. They are kept per
-- video (only videos with at least one signal have a row) so the Content tab can filter and
-- sort by them over a million videos.
create table private.video_signal_state (
  video uuid primary key references public.tiktok_videos (id) on delete cascade,
  creator_id uuid not null,
  created_at timestamptz not null,
  signals text[] not null check (cardinality(signals) > 0),
  details jsonb not null,
  evaluated_at timestamptz not null default now()
);
comment on table private.video_signal_state is 'The fraud signals that fire for a video, with the numbers behind them (details: one object per signal), kept by private.evaluate_signals. Only videos with a signal have a row.';
create index video_signal_state_signals_idx on private.video_signal_state using gin (signals);
create index video_signal_state_created_idx on private.video_signal_state (created_at desc, video);
create index video_signal_state_count_idx on private.video_signal_state (cardinality(signals) desc, created_at desc, video);
revoke all on private.video_signal_state from public, anon, authenticated;

create index tiktok_videos_user_posted_idx on public.tiktok_videos (user_id, posted_at);

-- The thresholds, once.
create function private.signal_thresholds() returns jsonb
  language sql immutable
  set search_path = ''
as $$
  select jsonb_build_object(
    'viewsPerLikeFactor', 5, 'viewsPerLikeMinViews', 10000,
    'jumpFactor', 10, 'jumpMinViews', 10000,
    'lowEngagementPercent', 0.5, 'lowEngagementMinViews', 100000,
    'burstVideos', 5, 'burstMinutes', 10)
$$;
comment on function private.signal_thresholds() is 'When each fraud signal fires: views per like above viewsPerLikeFactor times the platform''s (from viewsPerLikeMinViews views); a jump between two measurements above jumpFactor times the video''s own rate before (from jumpMinViews views gained); engagement under lowEngagementPercent % above lowEngagementMinViews views; burstVideos or more videos of one creator posted within burstMinutes minutes.';

create function private.platform_views_per_like() returns numeric
  language sql stable security definer
  set search_path = ''
as $$
  select round(sum(t.views)::numeric / greatest(sum(t.likes), 1), 1) from private.platform_totals t
$$;
comment on function private.platform_views_per_like() is 'The platform''s norm: all views over all likes.';

-- The signals of a set of videos, set-based, so the same definition serves one video (after a
-- measurement) and every video (after a bulk load). A row only for videos with a signal.
create function private.signal_rows(video_ids uuid[])
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
               then jsonb_build_object('code', 'burst_posting', 'videos', burst.nearby, 'minutes', (settings.l->>'burstMinutes')::integer) end)
        ) c(n, item)
       where c.item is not null
    ) found
   where v.id = any(signal_rows.video_ids)
     and jsonb_array_length(found.list) > 0
$$;
comment on function private.signal_rows(uuid[]) is 'The fraud signals that fire now for these videos, each with the numbers behind it (private.signal_thresholds says when); only videos with a signal.';

create function private.evaluate_signals(video_ids uuid[]) returns void
  language plpgsql volatile security definer
  set search_path = ''
as $$
begin
  delete from private.video_signal_state s where s.video = any(video_ids);
  insert into private.video_signal_state (video, creator_id, created_at, signals, details)
  select r.video, r.creator_id, r.created_at, r.signals, r.details from private.signal_rows(video_ids) r;
end;
$$;
comment on function private.evaluate_signals(uuid[]) is 'Writes these videos'' signals down (a video with none has no row).';

create function private.signals_follow_video() returns trigger
  language plpgsql security definer
  set search_path = ''
as $$
declare
  limits jsonb := private.signal_thresholds();
  around interval := make_interval(mins => (limits->>'burstMinutes')::integer);
  changed public.tiktok_videos := case when tg_op = 'DELETE' then old else new end;
begin
  if tg_op <> 'DELETE' then
    perform private.evaluate_signals(array[new.id]);
  end if;
  -- Posting bursts are about the creator's other videos too.
  if tg_op <> 'UPDATE' then
    perform private.evaluate_signals(array(
      select o.id from public.tiktok_videos o
       where o.user_id = changed.user_id and o.id <> changed.id
         and o.posted_at between changed.posted_at - around and changed.posted_at + around));
  end if;
  return null;
end;
$$;
create trigger tiktok_videos_signals
  after insert or delete or update of view_count, like_count, comment_count, share_count, author_username, user_id on public.tiktok_videos
  for each row execute function private.signals_follow_video();

create function private.signals_follow_snapshot() returns trigger
  language plpgsql security definer
  set search_path = ''
as $$
begin
  perform private.evaluate_signals(array[new.tiktok_video_id]);
  return null;
end;
$$;
create trigger video_snapshots_signals
  after insert on public.video_snapshots
  for each row execute function private.signals_follow_snapshot();

create function private.signals_follow_username() returns trigger
  language plpgsql security definer
  set search_path = ''
as $$
begin
  perform private.evaluate_signals(array(select v.id from public.tiktok_videos v where v.user_id = new.id));
  return null;
end;
$$;
create trigger profiles_signals
  after update of tiktok_username on public.profiles
  for each row when (old.tiktok_username is distinct from new.tiktok_username)
  execute function private.signals_follow_username();

comment on function private.signals_follow_video() is 'Trigger: a video''s signals (and the posting bursts of its neighbours) follow the video.';
comment on function private.signals_follow_snapshot() is 'Trigger: a new measurement may show a jump.';
comment on function private.signals_follow_username() is 'Trigger: whose account a video was posted from follows the creator''s TikTok username.';

create function private.rebuild_signals() returns void
  language plpgsql volatile security definer
  set search_path = ''
as $$
declare
  batch uuid[];
  last_id uuid := '00000000-0000-0000-0000-000000000000';
begin
  delete from private.video_signal_state;
  loop
    batch := array(select v.id from public.tiktok_videos v where v.id > last_id order by v.id limit 5000);
    exit when cardinality(batch) = 0;
    insert into private.video_signal_state (video, creator_id, created_at, signals, details)
    select r.video, r.creator_id, r.created_at, r.signals, r.details from private.signal_rows(batch) r;
    last_id := batch[cardinality(batch)];
  end loop;
end;
$$;
comment on function private.rebuild_signals() is 'Evaluates every video''s signals again (bulk loads that ran with triggers off, or new thresholds).';

create view public.video_signals as
  select s.video as video_id, s.creator_id, s.created_at, s.signals, s.details, s.evaluated_at
    from private.video_signal_state s
   where (select private.is_admin());
comment on view public.video_signals is 'Per video, the fraud signals that fire and the numbers behind them (details). Admins only: anyone else reads no row.';
revoke all on public.video_signals from public, anon, authenticated;
grant select on public.video_signals to authenticated, service_role;

-- How many profiles of each type, kept by trigger: the cards and the unfiltered user list read
-- a count, not every profile.
create table private.profile_counts (
  user_type text primary key,
  profiles bigint not null default 0
);
comment on table private.profile_counts is 'Profiles per user_type, kept by private.count_profiles (admin_metrics, admin_list_users).';
revoke all on private.profile_counts from public, anon, authenticated;
insert into private.profile_counts (user_type, profiles)
select t.user_type, (select count(*) from public.profiles p where p.user_type = t.user_type)
  from (values ('creator'), ('brand'), ('admin')) t(user_type);

create function private.count_profiles() returns trigger
  language plpgsql security definer
  set search_path = ''
as $$
begin
  if tg_op in ('DELETE', 'UPDATE') then
    update private.profile_counts c set profiles = c.profiles - 1 where c.user_type = old.user_type;
  end if;
  if tg_op in ('INSERT', 'UPDATE') then
    insert into private.profile_counts as c (user_type, profiles) values (new.user_type, 1)
    on conflict (user_type) do update set profiles = c.profiles + 1;
  end if;
  return null;
end;
$$;
comment on function private.count_profiles() is 'Trigger: private.profile_counts follows the profiles.';
create trigger profiles_count
  after insert or delete or update of user_type on public.profiles
  for each row execute function private.count_profiles();

create or replace function public.admin_metrics() returns jsonb
  language plpgsql stable security definer
  set search_path = ''
as $$
declare
  rates record;
  late record;
  result jsonb;
begin
  if not ((select private.is_admin()) or (select auth.role()) = 'service_role') then
    perform private.refuse('admin_only', 'Only admins can do this', 403);
  end if;
  select * into rates from public.pay_rates();
  select * into late from private.late_approvals(null, null);
  select jsonb_build_object(
      'totalBrands', (select c.profiles from private.profile_counts c where c.user_type = 'brand'),
      'totalCreators', (select c.profiles from private.profile_counts c where c.user_type = 'creator'),
      'totalVideos', sum(t.videos),
      'totalViews', sum(t.views),
      'countedViews', sum(t.counted_views) + late.views,
      'pendingViews', sum(t.pending_views) - late.views,
      'estPay', round((sum(t.counted_views) + late.views) * rates.brand_per_1000 / 1000.0, 2),
      'estEarnings', floor((sum(t.counted_views) + late.views) * rates.creator_per_1000 / 1000.0),
      'pendingReviews', sum(t.pending_reviews) - late.reviews,
      'estimatedVideos', sum(t.estimated_videos),
      'demoVideos', sum(t.demo_videos)
    )
    into result
    from private.platform_totals t;
  return result;
end;
$$;

-- Lists the console reads -------------------------------------------------------------------

-- What a user search matches: first name, last name and TikTok username, lower-cased.
create function private.profile_search_text(first_name text, last_name text, tiktok_username text) returns text
  language sql immutable
  set search_path = ''
as $$
  select lower(coalesce(first_name, '') || ' ' || coalesce(last_name, '') || ' ' || coalesce(tiktok_username, ''))
$$;
comment on function private.profile_search_text(text, text, text) is 'The text an admin''s user search looks in: first name, last name and TikTok username, lower-cased.';

create index profiles_search_idx on public.profiles using gin (private.profile_search_text(first_name, last_name, tiktok_username) extensions.gin_trgm_ops);
-- The console's pages are ordered by (created_at desc, id): the id breaks ties between pages.
drop index public.profiles_created_at_idx;
drop index public.profiles_user_type_created_at_idx;
create index profiles_created_at_idx on public.profiles (created_at desc, id);
create index profiles_user_type_created_at_idx on public.profiles (user_type, created_at desc, id);

-- The spec's rule (§5): a search shorter than 3 characters lists everyone.
create function private.admin_search_pattern(raw text) returns text
  language sql immutable
  set search_path = ''
as $$
  select case when char_length(btrim(coalesce(raw, ''))) >= 3 then '%' || private.like_escape(lower(btrim(raw))) || '%' end
$$;
comment on function private.admin_search_pattern(text) is 'The LIKE pattern of an admin search, or null (no search) when the text has fewer than 3 characters: spec §5.';

create function public.admin_list_users(p_search text default '', p_type text default null, p_offset integer default 0, p_limit integer default 10)
  returns json
  language plpgsql stable security definer
  set search_path = ''
as $$
declare
  pattern text := private.admin_search_pattern(p_search);
  first integer := greatest(coalesce(p_offset, 0), 0);
  size integer := least(greatest(coalesce(p_limit, 10), 1), 100);
  kind text := nullif(p_type, 'all');
  total bigint;
  page uuid[];
  listed json;
begin
  perform private.require_admin();
  if kind is not null and kind not in ('creator', 'brand', 'admin') then
    perform private.refuse('user_type_invalid', 'The type is creator, brand or admin', 400);
  end if;
  if pattern is null and kind is null then
    select sum(c.profiles) into total from private.profile_counts c;
    page := array(select p.id from public.profiles p order by p.created_at desc, p.id offset first limit size);
  elsif pattern is null then
    select c.profiles into total from private.profile_counts c where c.user_type = kind;
    page := array(select p.id from public.profiles p where p.user_type = kind order by p.created_at desc, p.id offset first limit size);
  else
    -- The matches first (trigram index), then their order; see admin_list_videos.
    with matched as materialized (
      select p.id, p.created_at from public.profiles p
       where private.profile_search_text(p.first_name, p.last_name, p.tiktok_username) like pattern and (kind is null or p.user_type = kind)
    )
    select (select count(*) from matched), array(select m.id from matched m order by m.created_at desc, m.id offset first limit size)
      into total, page;
  end if;
  select json_agg(json_build_object(
           'id', p.id, 'user_type', p.user_type, 'first_name', p.first_name, 'last_name', p.last_name,
           'tiktok_username', p.tiktok_username, 'company_name', p.company_name, 'tiktok_avatar_url', p.tiktok_avatar_url,
           'created_at', p.created_at, 'email', u.email, 'suspended_at', s.suspended_at)
         order by array_position(page, p.id))
    into listed
    from public.profiles p
    left join auth.users u on u.id = p.id
    left join private.suspensions s on s.user_id = p.id
   where p.id = any(page);
  return json_build_object('total', total, 'searched', pattern is not null, 'rows', coalesce(listed, '[]'::json));
end;
$$;
comment on function public.admin_list_users(text, text, integer, integer) is 'Admins: one page of users, newest first, {"total", "searched", "rows"}: p_search matches first name, last name or TikTok username (from 3 characters; shorter lists everyone, spec §5), p_type creator, brand, admin or all; 1 to 100 rows from p_offset. Rows carry the e-mail and, when suspended, since when.';

create function public.admin_user_detail(p_user_id uuid)
  returns json
  language plpgsql stable security definer
  set search_path = ''
as $$
declare
  target public.profiles;
  account auth.users;
  suspension private.suspensions;
  connection public.tiktok_connections;
  figures json;
begin
  perform private.require_admin();
  select p.* into target from public.profiles p where p.id = p_user_id;
  if target.id is null then
    perform private.refuse('user_not_found', 'No such user', 404);
  end if;
  select u.* into account from auth.users u where u.id = p_user_id;
  select s.* into suspension from private.suspensions s where s.user_id = p_user_id;
  select c.* into connection from public.tiktok_connections c where c.user_id = p_user_id;
  if target.user_type = 'creator' then
    select json_build_object('videos', m->'totalVideos', 'countedViews', m->'countedViews', 'estEarnings', m->'estEarnings',
                             'estimatedVideos', m->'estimatedVideos', 'demoVideos', m->'demoVideos')
      into figures from public.creator_metrics(p_user_id) m;
  elsif target.user_type = 'brand' then
    select json_build_object('briefs', (select count(*) from public.brand_briefs b where b.brand_id = p_user_id),
                             'videos', m->'totalVideos', 'countedViews', m->'countedViews', 'estPay', m->'estPay',
                             'estimatedVideos', m->'estimatedVideos', 'demoVideos', m->'demoVideos')
      into figures from public.brand_metrics(p_user_id) m;
  end if;
  return json_build_object(
    'profile', to_json(target),
    'email', account.email,
    'signed_up_at', account.created_at,
    'last_sign_in_at', account.last_sign_in_at,
    'tiktok', case
      when connection.user_id is null then json_build_object('state', 'not_connected')
      else json_build_object('state', case when connection.is_connected and (connection.expires_at is null or connection.expires_at > now()) then 'connected'
                                           when connection.is_connected then 'expired' else 'not_connected' end,
                             'expires_at', connection.expires_at, 'since', connection.created_at)
    end,
    'suspension', case when suspension.user_id is null then null
                       else json_build_object('suspended_at', suspension.suspended_at, 'reason', suspension.reason) end,
    'figures', figures);
end;
$$;
comment on function public.admin_user_detail(uuid) is 'Admins: a user as the console''s View panel shows them: profile, e-mail, sign-up and last sign-in, TikTok connection state, suspension (with its reason) and figures (creator: videos, counted views, earnings; brand: briefs, videos, Est. Pay).';

-- Content: text a moderator types finds a video by its title, its TikTok author or its creator.
create function private.video_search_text(title text, author_username text) returns text
  language sql immutable
  set search_path = ''
as $$
  select lower(coalesce(title, '') || ' ' || coalesce(author_username, ''))
$$;
comment on function private.video_search_text(text, text) is 'The text an admin''s content search looks in on the video itself: title and TikTok author, lower-cased.';
create index tiktok_videos_search_idx on public.tiktok_videos using gin (private.video_search_text(title, author_username) extensions.gin_trgm_ops);
drop index public.tiktok_videos_created_at_idx;
create index tiktok_videos_created_at_idx on public.tiktok_videos (created_at desc, id);

create function public.admin_list_videos(p_search text default '', p_signal text default null, p_sort text default 'newest', p_offset integer default 0, p_limit integer default 10)
  returns json
  language plpgsql stable security definer
  set search_path = ''
as $$
declare
  pattern text := private.admin_search_pattern(p_search);
  first integer := greatest(coalesce(p_offset, 0), 0);
  size integer := least(greatest(coalesce(p_limit, 10), 1), 100);
  signal text := nullif(p_signal, '');
  by_signals boolean := coalesce(p_sort, 'newest') = 'signals';
  creators uuid[];
  total bigint;
  page uuid[];
  listed json;
begin
  perform private.require_admin();
  if signal is not null and signal not in ('any', 'views_per_like', 'view_jump', 'low_engagement', 'not_owner', 'burst_posting') then
    perform private.refuse('signal_invalid', 'No such signal', 400);
  end if;
  if coalesce(p_sort, 'newest') not in ('newest', 'signals') then
    perform private.refuse('sort_invalid', 'Sort by newest or signals', 400);
  end if;
  -- Each case is its own statement: PL/pgSQL keeps one plan per statement, and a plan made for
  -- "no search" must never serve a search (nor the other way round).
  if pattern is not null then
    creators := array(select p.id from public.profiles p
                       where private.profile_search_text(p.first_name, p.last_name, p.tiktok_username) like pattern limit 1000);
    -- The matches first (trigram and creator indexes), then their order: walking the newest
    -- videos until enough match would pass a million rows when few do.
    with matched as materialized (
      select v.id, v.created_at, coalesce(cardinality(s.signals), 0) as signal_count
        from public.tiktok_videos v
        left join private.video_signal_state s on s.video = v.id
       where (private.video_search_text(v.title, v.author_username) like pattern or v.user_id = any(creators))
         and (signal is null or (s.video is not null and (signal = 'any' or s.signals @> array[signal])))
    )
    select (select count(*) from matched),
           array(select m.id from matched m
                  order by case when by_signals then m.signal_count end desc nulls last, m.created_at desc, m.id
                 offset first limit size)
      into total, page;
  elsif by_signals then
    select count(*) into total from private.video_signal_state s where signal is null or signal = 'any' or s.signals @> array[signal];
    page := array(select s.video from private.video_signal_state s
                   where signal is null or signal = 'any' or s.signals @> array[signal]
                   order by cardinality(s.signals) desc, s.created_at desc, s.video offset first limit size);
  elsif signal = 'any' then
    select count(*) into total from private.video_signal_state s;
    page := array(select s.video from private.video_signal_state s order by s.created_at desc, s.video offset first limit size);
  elsif signal is not null then
    select count(*) into total from private.video_signal_state s where s.signals @> array[signal];
    page := array(select s.video from private.video_signal_state s where s.signals @> array[signal]
                   order by s.created_at desc, s.video offset first limit size);
  else
    -- Every video: the total from the platform's running totals, the page from the newest.
    select sum(t.videos) into total from private.platform_totals t;
    page := array(select v.id from public.tiktok_videos v order by v.created_at desc, v.id offset first limit size);
  end if;

  -- Found by key, as video_listing_page() does; the signals ride along per row.
  select json_agg(to_jsonb(l) || jsonb_build_object(
           'signals', coalesce((select s.signals from private.video_signal_state s where s.video = l.id), array[]::text[]),
           'signal_details', coalesce((select s.details from private.video_signal_state s where s.video = l.id), '[]'::jsonb))
         order by array_position(page, l.id))
    into listed
    from public.video_listings l
   where l.id = any(page);
  return json_build_object('total', coalesce(total, 0), 'searched', pattern is not null, 'rows', coalesce(listed, '[]'::json));
end;
$$;
comment on function public.admin_list_videos(text, text, text, integer, integer) is 'Admins: one page of videos, {"total", "searched", "rows"}: p_search (from 3 characters) matches the title, the TikTok author or the creator''s name; p_signal keeps videos with that signal (any: with one at least); p_sort newest (default) or signals (most signals first); 1 to 100 rows from p_offset. Rows are video_listings rows with their signals (signals, signal_details).';

create function public.admin_audit_page(p_offset integer default 0, p_limit integer default 20)
  returns json
  language plpgsql stable security definer
  set search_path = ''
as $$
declare
  first integer := greatest(coalesce(p_offset, 0), 0);
  size integer := least(greatest(coalesce(p_limit, 20), 1), 100);
  listed json;
begin
  perform private.require_admin();
  select json_agg(json_build_object(
           'id', a.id, 'created_at', a.created_at, 'action', a.action, 'target_type', a.target_type, 'target_id', a.target_id,
           'reason', a.reason, 'details', a.details, 'admin_id', a.admin_id,
           'admin_name', nullif(btrim(concat_ws(' ', ap.first_name, ap.last_name)), ''),
           'target_label', case a.target_type
               when 'user' then nullif(btrim(concat_ws(' ', tp.first_name, tp.last_name)), '')
               when 'video' then coalesce(nullif(btrim(tv.title), ''), tv.video_id)
               else a.reason
             end)
         order by a.created_at desc, a.id desc)
    into listed
    from (select * from public.admin_audit_log l order by l.created_at desc, l.id desc offset first limit size) a
    left join public.profiles ap on ap.id = a.admin_id
    left join public.profiles tp on a.target_type = 'user' and tp.id = a.target_id
    left join public.tiktok_videos tv on a.target_type = 'video' and tv.id = a.target_id;
  return json_build_object('total', (select count(*) from public.admin_audit_log), 'rows', coalesce(listed, '[]'::json));
end;
$$;
comment on function public.admin_audit_page(integer, integer) is 'Admins: one page of the audit log, newest first, {"total", "rows"}, each row with the acting admin''s name and a label for its target (the user''s name, the video''s title or id, the invite''s note).';

revoke all on function public.admin_set_suspended(uuid, boolean, text), public.admin_update_profile(uuid, text, text, text, text, text),
  public.admin_exclude_video(uuid, text), public.admin_reinstate_video(uuid, text), public.admin_list_users(text, text, integer, integer),
  public.admin_user_detail(uuid), public.admin_list_videos(text, text, text, integer, integer), public.admin_audit_page(integer, integer) from public, anon;
grant execute on function public.admin_set_suspended(uuid, boolean, text), public.admin_update_profile(uuid, text, text, text, text, text),
  public.admin_exclude_video(uuid, text), public.admin_reinstate_video(uuid, text), public.admin_list_users(text, text, integer, integer),
  public.admin_user_detail(uuid), public.admin_list_videos(text, text, text, integer, integer), public.admin_audit_page(integer, integer) to authenticated, service_role;

-- Signals for the videos already there.
select private.rebuild_signals();
