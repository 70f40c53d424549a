-- Campaign budgets (issue 14, docs/money.md rule 11): a brief may have a budget in satang. Spend
-- is counted views x the brief's brand rate; once the views admitted reach the budget, further
-- views of that brief stop counting and it takes no more joins. Views are admitted in the order
-- they were measured (snapshot time, then snapshot id), so the cut falls on one exact view.
-- The cap is applied where a video's countable views are computed (private.window_views), so the
-- ledger, the totals and the close all see the same figure.

alter table public.brand_briefs add column budget_satang bigint check (budget_satang > 0);
comment on column public.brand_briefs.budget_satang is 'The most the brand pays for this brief, in satang; null: no limit. Views stop counting once their spend reaches it (rule 11).';
grant insert (budget_satang), update (budget_satang) on public.brand_briefs to authenticated;

-- The views each measurement of a brief's videos brings in, in measured order, up to the budget.
create function private.budget_admissions(brief uuid, until timestamptz default 'infinity')
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
                                 v.posted_at, b.created_at, b.deadline, 'approved', 0) is null
       and not (r.status = 'rejected' and r.decided_at <= until)
  ),
  -- Rules 6, 7 and 10 choose the measurements; each brings what it adds to the video's highest so far.
  measured as (
    select s.id, s.tiktok_video_id as video, s.measured_at,
           greatest(s.view_count - coalesce(max(s.view_count) over (partition by s.tiktok_video_id order by s.measured_at, s.id
                                                                    rows between unbounded preceding and 1 preceding), 0), 0) as gained
      from public.video_snapshots s
      join participants v on v.id = s.tiktok_video_id
      cross join public.ledger_rules rules
     where s.available
       and s.source <> 'estimate'
       and s.measured_at < until
       and s.measured_at <= v.posted_at + make_interval(days => rules.count_window_days)
       and not exists (select 1 from private.suspensions x where x.user_id = v.user_id and s.measured_at >= x.suspended_at)
  ),
  ordered as (
    select m.*, coalesce(sum(m.gained) over (order by m.measured_at, m.id rows between unbounded preceding and 1 preceding), 0) as before
      from measured m
  )
  select o.video, o.id, o.measured_at, o.gained, greatest(0, least(o.gained, cap.views - o.before))::bigint
    from ordered o cross join cap
$$;
comment on function private.budget_admissions(uuid, timestamptz) is 'Rule 11: for a brief with a budget, every measurement (before `until`) of its videos that could count, in measured order, with the views it adds (gained) and those the budget still admits (admitted). Empty without a budget.';
revoke all on function private.budget_admissions(uuid, timestamptz) from public, anon, authenticated;

-- The measured window views (rules 6, 7, 10), as before budgets.
alter function private.window_views(uuid) rename to measured_window_views;
comment on function private.measured_window_views(uuid) is 'Rules 6, 7 and 10: the latest available, measured view count inside the video''s counting window, leaving out measurements taken while its creator is suspended; null when there is none.';

create function private.window_views(video uuid) returns bigint
  language sql stable security definer
  set search_path = ''
as $$
  select case
      when b.budget_satang is null then m.views
      else coalesce(least(m.views, (select sum(a.admitted) from private.budget_admissions(b.id) a where a.video = v.id)), m.views)
    end
    from public.tiktok_videos v
    left join public.brand_briefs b on b.id = v.brand_brief_id
    cross join lateral (select private.measured_window_views(v.id) as views) m
   where v.id = video
$$;
comment on function private.window_views(uuid) is 'The views the ledger counts for a video: its measured window views (private.measured_window_views), capped by what its brief''s budget admitted (rule 11).';

create function private.apply_budget(brief uuid) returns void
  language sql volatile security definer
  set search_path = ''
as $$
  with admitted as (
    select a.video, sum(a.admitted) as views from private.budget_admissions(apply_budget.brief) a group by a.video
  ),
  fresh as (
    select v.id, case when a.video is null then m.views else least(m.views, a.views) end as views
      from public.tiktok_videos v
      left join admitted a on a.video = v.id
      cross join lateral (select private.measured_window_views(v.id) as views) m
     where v.brand_brief_id = apply_budget.brief
  )
  update public.tiktok_videos v set window_views = f.views
    from fresh f
   where v.id = f.id and v.window_views is distinct from f.views
$$;
comment on function private.apply_budget(uuid) is 'Recomputes the counted views of every video of a brief, after something changed which views its budget admits: a rejection, an exclusion, a video leaving, a new budget.';

create function private.apply_budgets_of(briefs uuid[]) returns void
  language plpgsql volatile security definer
  set search_path = ''
as $$
declare
  brief uuid;
begin
  for brief in select distinct b.id from public.brand_briefs b where b.id = any(briefs) and b.budget_satang is not null loop
    perform private.apply_budget(brief);
  end loop;
end;
$$;

create function private.rebudget_video() returns trigger
  language plpgsql security definer
  set search_path = ''
as $$
begin
  if tg_op = 'DELETE' then
    perform private.apply_budgets_of(array[old.brand_brief_id]);
  elsif tg_op = 'INSERT' then
    perform private.apply_budgets_of(array[new.brand_brief_id]);
  elsif (new.brand_brief_id, new.excluded_at, new.author_username, new.user_id)
        is distinct from (old.brand_brief_id, old.excluded_at, old.author_username, old.user_id) then
    perform private.apply_budgets_of(array[old.brand_brief_id, new.brand_brief_id]);
  end if;
  return null;
end;
$$;
create trigger tiktok_videos_budget
  after insert or delete or update of brand_brief_id, excluded_at, author_username, user_id on public.tiktok_videos
  for each row execute function private.rebudget_video();

create function private.rebudget_review() returns trigger
  language plpgsql security definer
  set search_path = ''
as $$
begin
  if new.brand_brief_id is not null and new.status is distinct from old.status then
    perform private.apply_budgets_of(array[new.brand_brief_id]);
  end if;
  return null;
end;
$$;
create trigger video_reviews_budget
  after update of status on public.video_reviews
  for each row execute function private.rebudget_review();

create function private.rebudget_brief() returns trigger
  language plpgsql security definer
  set search_path = ''
as $$
begin
  if (new.budget_satang, new.created_at, new.deadline) is distinct from (old.budget_satang, old.created_at, old.deadline) then
    if new.budget_satang is null then
      update public.tiktok_videos v set window_views = private.measured_window_views(v.id)
       where v.brand_brief_id = new.id and v.window_views is distinct from private.measured_window_views(v.id);
    else
      perform private.apply_budget(new.id);
    end if;
  end if;
  return null;
end;
$$;
create trigger brand_briefs_budget
  after update of budget_satang, created_at, deadline on public.brand_briefs
  for each row execute function private.rebudget_brief();

create function private.rebudget_owner() returns trigger
  language plpgsql security definer
  set search_path = ''
as $$
begin
  if new.tiktok_username is distinct from old.tiktok_username then
    perform private.apply_budgets_of(array(select distinct v.brand_brief_id from public.tiktok_videos v where v.user_id = new.id and v.brand_brief_id is not null));
  end if;
  return null;
end;
$$;
create trigger profiles_budget
  after update of tiktok_username on public.profiles
  for each row execute function private.rebudget_owner();

-- A suspension changes which of a creator's measurements count, and so what their briefs' budgets admit.
create or replace function private.recount_creator_windows(creator uuid) returns void
  language plpgsql volatile security definer
  set search_path = ''
as $$
begin
  update public.tiktok_videos v set window_views = private.window_views(v.id)
   where v.user_id = creator and v.window_views is distinct from private.window_views(v.id);
  perform private.apply_budgets_of(array(select distinct v.brand_brief_id from public.tiktok_videos v where v.user_id = creator and v.brand_brief_id is not null));
end;
$$;

-- Spent, remaining, reached ----------------------------------------------------------------------

create function private.brief_budget(brief uuid)
  returns table (budget_satang bigint, spent_satang bigint, committed_satang bigint, remaining_satang bigint, budget_reached boolean)
  language sql stable security definer
  set search_path = ''
as $$
  select b.budget_satang,
         floor(t.counted * b.brand_rate_satang / 1000.0)::bigint,
         floor(t.committed * b.brand_rate_satang / 1000.0)::bigint,
         greatest(b.budget_satang - floor(t.committed * b.brand_rate_satang / 1000.0)::bigint, 0),
         t.committed >= floor(b.budget_satang * 1000.0 / greatest(b.brand_rate_satang, 1))
    from public.brand_briefs b
    cross join lateral (
      select coalesce(sum(l.counted_views), 0) as counted, coalesce(sum(l.counted_views + l.pending_views), 0) as committed
        from private.video_rows l
       where l.brand_brief_id = b.id
    ) t
   where b.id = brief_budget.brief and b.budget_satang is not null
$$;
comment on function private.brief_budget(uuid) is 'Rule 11: a budgeted brief''s spend (counted views x brand rate), what its counted and pending-review views commit, what is left, and whether the budget is reached (nothing more can count).';

create or replace view public.brief_listings with (security_invoker = true) as
  select b.id, b.brand_id, b.title, b.description, b.reward, b.industry, b.deadline, b.status, b.brief,
         b.is_demo, b.created_at, b.updated_at,
         private.display_brand_name(p.first_name, p.last_name) as brand_name,
         p.tiktok_avatar_url as brand_logo,
         private.brief_joined_count(b.id) as joined_count,
         b.brand_rate_satang, b.creator_rate_satang, b.budget_satang,
         budget.remaining_satang as budget_remaining_satang,
         coalesce(budget.budget_reached, false) as budget_reached
    from public.brand_briefs b
    left join public.profiles p on p.id = b.brand_id
    left join lateral private.brief_budget(b.id) budget on b.budget_satang is not null
   where b.listed or b.brand_id = (select auth.uid()) or (select private.is_admin());
comment on view public.brief_listings is 'Briefs as cards show them: with brand_name, brand_logo (the brand''s avatar), how many creators joined, the rates it pays per 1,000 counted views, and its budget: what is left and whether it is reached. Briefs of a suspended brand (listed false) are left out, except for that brand and admins.';
grant execute on function private.brief_budget(uuid) to authenticated;

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
    if brief.budget_satang is not null and (select x.budget_reached from private.brief_budget(brief.id) x) then
      perform private.refuse('budget_reached', 'This campaign has reached its budget', 409);
    end if;
  end if;
  return new;
end;
$$;
comment on function private.check_connection() is 'Only creators join, only open briefs of brands that are not suspended and whose budget is not reached, whoever writes the row.';

create function private.check_budget() returns trigger
  language plpgsql security definer
  set search_path = ''
as $$
begin
  if new.budget_satang is not null and new.budget_satang < 100 then
    perform private.refuse('budget_invalid', 'A budget is at least 1 baht', 400);
  end if;
  -- Lowering a budget under what it already paid for would take back counted views.
  if tg_op = 'UPDATE' and new.budget_satang is distinct from old.budget_satang and new.budget_satang is not null
     and new.budget_satang < coalesce((select x.spent_satang from private.brief_budget(old.id) x), 0) then
    perform private.refuse('budget_below_spend', 'The budget cannot be lower than what was spent already', 409);
  end if;
  return new;
end;
$$;
create trigger brand_briefs_check_budget
  before insert or update of budget_satang on public.brand_briefs
  for each row execute function private.check_budget();

-- The brand's budget card: the last 30 days of spend, and the runway at the last 7 days' pace.
create function public.brief_budget_history(p_brief uuid)
  returns json
  language plpgsql stable security definer
  set search_path = ''
as $$
declare
  brief public.brand_briefs;
  budget record;
begin
  select b.* into brief from public.brand_briefs b where b.id = p_brief;
  if brief.id is null or not (brief.brand_id = auth.uid() or coalesce(private.is_admin(), false)) then
    perform private.refuse('opportunity_not_found', 'This opportunity does not exist', 404);
  end if;
  if brief.budget_satang is null then
    perform private.refuse('no_budget', 'This campaign has no budget', 409);
  end if;
  select * into budget from private.brief_budget(brief.id);
  -- The admissions once, summed per Thailand day of measurement.
  return (
    with daily as (
      select (a.measured_at at time zone 'Asia/Bangkok')::date as day, sum(a.admitted) as views
        from private.budget_admissions(brief.id) a
       where a.measured_at >= now() - interval '31 days'
       group by 1
    ),
    last7 as (
      select coalesce(floor(sum(a.admitted) * brief.brand_rate_satang / 1000.0), 0)::bigint as satang
        from private.budget_admissions(brief.id) a
       where a.measured_at >= now() - interval '7 days'
    )
    select json_build_object(
      'budgetSatang', budget.budget_satang,
      'spentSatang', budget.spent_satang,
      'committedSatang', budget.committed_satang,
      'remainingSatang', budget.remaining_satang,
      'budgetReached', budget.budget_reached,
      'last7DaysSatang', last7.satang,
      -- Days left at the last 7 days' pace; null when nothing was spent in them.
      'runwayDays', case when last7.satang > 0 then floor(budget.remaining_satang * 7.0 / last7.satang)::integer end,
      'days', (
        select json_agg(json_build_object('day', g.day::date, 'satang', coalesce(floor(d.views * brief.brand_rate_satang / 1000.0), 0)::bigint) order by g.day)
          from generate_series((now() at time zone 'Asia/Bangkok')::date - 29, (now() at time zone 'Asia/Bangkok')::date, interval '1 day') g(day)
          left join daily d on d.day = g.day::date
      )
    )
      from last7
  );
end;
$$;
comment on function public.brief_budget_history(uuid) is 'For the brief''s brand (or an admin): budget, spent, committed (counted and pending review), remaining, reached; the spend the budget admitted per day (Thailand) over the last 30 days, the last 7 days'' spend and the runway in days at that pace (null: nothing spent lately).';
revoke all on function public.brief_budget_history(uuid) from public, anon;
grant execute on function public.brief_budget_history(uuid) to authenticated;

-- Counted views at an instant (the close, this month so far): rules 4-11 as they stood then, budgets included.
create function private.counted_at(at timestamptz, creator uuid default null)
  returns table (
    tiktok_video_id uuid, video_id text, creator_id uuid, brand_id uuid, brand_brief_id uuid,
    counted bigint, snapshot_id bigint, pending bigint
  )
  language sql stable security definer
  set search_path = ''
  -- One creator's few videos: the plan's estimate is the whole table's, which would cost a JIT
  -- compilation longer than the query itself.
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
         and x.available
         and x.source <> 'estimate'
         and x.measured_at <= v.posted_at + make_interval(days => rules.count_window_days)
         and not exists (select 1 from private.suspensions u where u.user_id = v.user_id and x.measured_at >= u.suspended_at)
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
                     and r.submitted_at + make_interval(hours => rules.review_auto_approve_hours) <= at) as approved
    ) review
   where private.ledger_reason(v.excluded_at is not null, v.brand_id, v.brand_brief_id, v.author_username, p.tiktok_username,
                               v.posted_at, b.created_at, b.deadline, 'approved', s.view_count) is null
$$;
comment on function private.counted_at(timestamptz, uuid) is 'Per video of a brief that passes rules 4 and 9 now: the views counted at the instant `at` (rules 5-7, 10 and 11 applied to the snapshots taken before it and the review as it stood then), the snapshot they come from, and the views still pending review then.';
revoke all on function private.counted_at(timestamptz, uuid) from public, anon, authenticated;

-- This month so far ---------------------------------------------------------------------------------

create function public.earnings_this_month()
  returns json
  language sql stable security definer
  set search_path = ''
  set jit = off
as $$
  -- Per video of the caller: views measured since the month began, split into what counts,
  -- what awaits review and what does not count; the counted part at its brief's creator rate.
  with month as (select private.month_start(private.current_month()) as starts),
  videos as (
    select v.id,
           coalesce((select s.view_count from public.video_snapshots s
                      where s.tiktok_video_id = v.id and s.available and s.source <> 'estimate'
                      order by s.measured_at desc, s.id desc limit 1), 0) as measured_now,
           coalesce((select s.view_count from public.video_snapshots s, month
                      where s.tiktok_video_id = v.id and s.available and s.source <> 'estimate' and s.measured_at < month.starts
                      order by s.measured_at desc, s.id desc limit 1), 0) as measured_before
      from public.tiktok_videos v
     where v.user_id = auth.uid()
  ),
  now_counted as (select * from private.counted_at(now(), auth.uid())),
  before_counted as (select c.* from month, private.counted_at(month.starts, auth.uid()) c),
  split as (
    select v.id, v.measured_now - v.measured_before as measured,
           coalesce(n.counted, 0) - coalesce(b.counted, 0) as counted,
           coalesce(n.pending, 0) - coalesce(b.pending, 0) as pending,
           coalesce(f.creator_rate_satang, 0) as rate
      from videos v
      left join now_counted n on n.tiktok_video_id = v.id
      left join before_counted b on b.tiktok_video_id = v.id
      left join public.brand_briefs f on f.id = n.brand_brief_id
  )
  select json_build_object(
    'month', private.current_month(),
    'measuredViews', coalesce(sum(measured), 0),
    'countedViews', coalesce(sum(counted), 0),
    'pendingViews', coalesce(sum(pending), 0),
    'notCountedViews', coalesce(sum(measured - counted - pending), 0),
    'grossSatang', coalesce(sum(sign(counted) * floor(abs(counted) * rate / 1000.0)), 0)
  )
    from split
$$;
comment on function public.earnings_this_month() is 'The calling creator''s month so far (Thailand time): views measured since it began (latest measured snapshot now minus the latest before the month), split into counted, pending review and not counted (the rest), and the gross the counted views accrue at each brief''s creator rate, rounded down per video as the close will.';
revoke all on function public.earnings_this_month() from public, anon;
grant execute on function public.earnings_this_month() to authenticated;



-- Briefs published before budgets: their videos' counted views are unchanged (no budget).
