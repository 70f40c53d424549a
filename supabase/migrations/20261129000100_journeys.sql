-- Journeys without dead ends (issue 15): leaving a campaign, what changed in a brief, what a
-- video earned.

-- Leaving ------------------------------------------------------------------------------------
-- A creator leaves a brief they joined, as long as no video of theirs is linked to it: a linked
-- video is under review or counted for that brief, and leaving would strand it.
grant delete on public.creator_brand_connections to authenticated;

create policy "Creators can leave briefs they joined"
  on public.creator_brand_connections for delete to authenticated
  using (creator_id = (select auth.uid()));

create function private.check_leave() returns trigger
  language plpgsql security definer
  set search_path = ''
as $$
begin
  if exists (select 1 from public.tiktok_videos v where v.user_id = old.creator_id and v.brand_brief_id = old.brand_brief_id) then
    perform private.refuse('opportunity_has_videos', 'Unlink your videos from this opportunity before leaving it', 409);
  end if;
  return old;
end;
$$;
comment on function private.check_leave() is 'A creator may leave a brief only while no video of theirs is linked to it, whoever deletes the row.';
create trigger creator_brand_connections_leave
  before delete on public.creator_brand_connections
  for each row execute function private.check_leave();

-- What changed ---------------------------------------------------------------------------------
-- A brand edits what it published; the creators who joined see when and what changed.
alter table public.brand_briefs
  add column edited_at timestamptz,
  add column edited_fields text[] not null default '{}';
comment on column public.brand_briefs.edited_at is 'When the brand last changed what creators read (title, description, brief, reward, tags, deadline, budget or status); null if never since publication.';
comment on column public.brand_briefs.edited_fields is 'Which of those it changed that time: title, description, brief, reward, tags, deadline, budget, status.';

create function private.note_brief_edit() returns trigger
  language plpgsql
  set search_path = ''
as $$
declare
  changed text[] := array_remove(array[
    case when new.title is distinct from old.title then 'title' end,
    case when new.description is distinct from old.description then 'description' end,
    case when new.brief is distinct from old.brief then 'brief' end,
    case when new.reward is distinct from old.reward then 'reward' end,
    case when new.industry is distinct from old.industry then 'tags' end,
    case when new.deadline is distinct from old.deadline then 'deadline' end,
    case when new.budget_satang is distinct from old.budget_satang then 'budget' end,
    case when new.status is distinct from old.status then 'status' end
  ], null);
begin
  if cardinality(changed) > 0 then
    new.edited_at := now();
    new.edited_fields := changed;
  else
    -- Only this trigger writes them.
    new.edited_at := old.edited_at;
    new.edited_fields := old.edited_fields;
  end if;
  return new;
end;
$$;
comment on function private.note_brief_edit() is 'Stamps brand_briefs.edited_at and edited_fields when what creators read changes.';
-- After check_brand_brief (alphabetical order of BEFORE triggers), which trims what it compares.
create trigger brand_briefs_note_edit
  before update on public.brand_briefs
  for each row execute function private.note_brief_edit();

create or replace view public.brief_listings with (security_invoker = true) as
  select b.id, b.brand_id, b.title, b.description, b.reward, b.industry, b.deadline, b.status, b.brief,
         b.is_demo, b.created_at, b.updated_at,
         private.display_brand_name(p.first_name, p.last_name) as brand_name,
         p.tiktok_avatar_url as brand_logo,
         private.brief_joined_count(b.id) as joined_count,
         b.brand_rate_satang, b.creator_rate_satang, b.budget_satang,
         budget.remaining_satang as budget_remaining_satang,
         coalesce(budget.budget_reached, false) as budget_reached,
         b.edited_at, b.edited_fields
    from public.brand_briefs b
    left join public.profiles p on p.id = b.brand_id
    left join lateral private.brief_budget(b.id) budget on b.budget_satang is not null
   where b.listed or b.brand_id = (select auth.uid()) or (select private.is_admin());
comment on column public.brief_listings.edited_fields is 'What the brand changed at edited_at: the cards tell joined creators.';

-- What a video earned ----------------------------------------------------------------------------
-- The creator's card shows it: the counted views at the brief's creator rate (docs/money.md,
-- rule 9 and 12); the monthly close turns the same views into ledger entries.
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
         coalesce(p.tiktok_verified, false) as creator_verified,
         case when rule.reason is null and b.id is not null then floor(v.window_views * b.creator_rate_satang / 1000.0)::bigint else 0 end as earned_satang
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
comment on column private.video_rows.earned_satang is 'What the creator earns for the counted views so far: floor(counted_views x the brief''s creator_rate_satang / 1000); 0 when nothing counts.';

create or replace view public.video_listings with (security_invoker = true) as
  select id, user_id, video_id, share_url, title, description, thumbnail_url, author_username, brand_id, brand_brief_id,
         view_count, like_count, comment_count, share_count, is_estimated, metrics_source, metrics_updated_at, is_demo,
         created_at, updated_at, creator_name, brand_name, brief_title, is_pitch, posted_at, review_status, review_reason,
         review_note, review_submitted_at, auto_approve_at, availability, measured_views, counted_views, pending_views,
         excluded_reason, window_ends_at, frozen, excluded_note, creator_verified, earned_satang
    from private.video_rows;
comment on column public.video_listings.earned_satang is 'What the creator earns for the counted views so far, in satang, at the brief''s creator rate (0 for a pitch or when nothing counts).';

-- The queue's columns were fixed when it was made: made again, it has earned_satang too.
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
