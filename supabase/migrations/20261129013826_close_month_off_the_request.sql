-- Issue 31: the month close never runs inside a person's API request. Hosted Supabase cancels a
-- request's statement after 8 s (authenticated; 3 s anon), and a function's own
-- `set statement_timeout` comes too late for the statement that called it. An admin's
-- "Close month" (public.close_month) now only asks: it writes a run, which the scheduler
-- (public.run_month_closes: pg_cron on hosted, the local server's timer here) carries out, and
-- the page follows the run to its end.

create table public.month_close_runs (
  id bigint generated always as identity primary key,
  month date not null check (month = date_trunc('month', month)::date),
  requested_by uuid,
  requested_at timestamptz not null default now(),
  status text not null default 'queued' check (status in ('queued', 'running', 'done', 'failed')),
  started_at timestamptz,
  runner_pid integer,
  finished_at timestamptz,
  entries integer,
  payouts integer,
  already_closed boolean,
  error_code text,
  error_message text
);
comment on table public.month_close_runs is 'Each request to close a month (an admin''s, or the scheduler''s with no requester) and how it went: queued, running, then done (with the close''s counts) or failed (with the refusal''s code). public.run_month_closes carries them out, one at a time, outside any API request.';
comment on column public.month_close_runs.requested_by is 'The admin who asked; null for the scheduler. Kept when the account is gone, as in the audit log (no foreign key).';
comment on column public.month_close_runs.runner_pid is 'The database session carrying the run out: a run "running" whose session is gone lost its runner (a killed process; its work was rolled back) and is queued again.';
comment on column public.month_close_runs.already_closed is 'The month was closed already when the run came to it (by the scheduler, or another run): the counts are that close''s.';

-- One close at a time: a second request for the same month joins the one waiting or running.
create unique index month_close_runs_one_active on public.month_close_runs ((true)) where status in ('queued', 'running');
create index month_close_runs_id_desc on public.month_close_runs (id desc);

alter table public.month_close_runs enable row level security;
create policy "Admins read the month close runs" on public.month_close_runs
  for select to authenticated using ((select private.is_admin()));
grant select on public.month_close_runs to authenticated;
grant select on public.month_close_runs to service_role;
create trigger month_close_runs_refuse_if_suspended before insert or update or delete on public.month_close_runs
  for each statement execute function private.refuse_suspended_writes();

-- A failed close is audited too, with its code.
alter table public.admin_audit_log drop constraint admin_audit_log_action_check;
alter table public.admin_audit_log add constraint admin_audit_log_action_check check (action = any (array[
  'suspend_user', 'reinstate_user', 'update_profile', 'exclude_video', 'reinstate_video', 'create_invite', 'revoke_invite',
  'use_invite', 'mark_payout_paid', 'mark_invoice_paid', 'close_month', 'close_month_failed']));

-- The close itself, as it was, by whoever the run names (closed_by, and so the audit row's admin).
create function private.close_month(p_month date, p_closed_by uuid)
returns json
language plpgsql
security definer
set search_path = ''
set statement_timeout = 0
as $function$

declare
  closing date := date_trunc('month', p_month)::date;
  ends timestamptz;
  rules public.pay_rules;
  made_entries integer;
  made_payouts integer;
begin
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
           coalesce(p.counted_to, 0) as counted_from,
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
      select private.satang_moved(m.counted_from, m.counted_to, b.brand_rate_satang) as charge,
             private.satang_moved(m.counted_from, m.counted_to, b.creator_rate_satang) as earning
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
  insert into public.month_closes (month, closed_by, entries, payouts) values (closing, p_closed_by, made_entries, made_payouts);
  return json_build_object('month', closing, 'closed_at', now(), 'entries', made_entries, 'payouts', made_payouts, 'already_closed', false);
end;
$function$;
comment on function private.close_month(date, uuid) is 'Rules 12-14: closes a month (Thailand time) once it is over: a ledger entry per video whose counted views moved since its last entry, and a payout per creator whose net since their last payout reaches pay_rules.payout_minimum_satang; closed_by is p_closed_by (null: the scheduler). A second call changes nothing and answers what the first did. Only public.run_month_closes calls it, outside any API request.';
revoke all on function private.close_month(date, uuid) from public, anon, authenticated, service_role;

create or replace function private.audit_close()
returns trigger
language plpgsql
security definer
set search_path = ''
as $function$
begin
  -- The run carries out the close as the database owner: the admin is the one who asked (closed_by).
  insert into public.admin_audit_log (admin_id, action, target_type, target_id, details)
  values (new.closed_by, 'close_month', 'month', null, jsonb_build_object('month', new.month, 'entries', new.entries, 'payouts', new.payouts));
  return null;
end;
$function$;
comment on function private.audit_close() is 'Trigger: each month''s close is audited with its counts, by the admin who asked for it (closed_by) or, with no actor, the scheduler (close_due_months).';

-- What close_month answers and the page follows: a run, as JSON.
create function private.close_run_answer(r public.month_close_runs)
returns json
language sql
stable
set search_path = ''
as $function$
  select json_build_object('id', r.id, 'month', r.month, 'status', r.status, 'requested_at', r.requested_at,
                           'started_at', r.started_at, 'finished_at', r.finished_at, 'entries', r.entries,
                           'payouts', r.payouts, 'already_closed', r.already_closed, 'error_code', r.error_code,
                           'closed_at', (select c.closed_at from public.month_closes c where c.month = r.month))
$function$;
revoke all on function private.close_run_answer(public.month_close_runs) from public, anon;

-- Asks for a month's close: refused at once when it cannot close; else a run, queued (or the one
-- already waiting or running for that month). Answers in milliseconds whatever the data's size.
create or replace function public.close_month(p_month date)
returns json
language plpgsql
security definer
set search_path = ''
as $function$
declare
  closing date := date_trunc('month', p_month)::date;
  run public.month_close_runs;
begin
  -- Admins, or the service role (no signed-in user; anon may not call this).
  if auth.uid() is not null then
    perform private.require_admin();
  end if;
  if closing is null then
    perform private.refuse('month_required', 'Choose a month', 400);
  end if;
  if private.month_start((closing + interval '1 month')::date) > now() then
    perform private.refuse('month_not_over', 'A month can be closed once it is over', 409);
  end if;
  if not exists (select 1 from public.month_closes c where c.month = closing)
     and exists (select 1 from public.month_closes c where c.month > closing) then
    perform private.refuse('later_month_closed', 'A later month is closed already', 409);
  end if;
  -- Two admins at once: the second waits for the first's insert, then finds it.
  perform pg_advisory_xact_lock(hashtext('viewpact:request_month_close'));
  select * into run from public.month_close_runs r where r.status in ('queued', 'running');
  if found and run.month <> closing then
    perform private.refuse('close_running', 'Another month is being closed: wait until it ends', 409);
  end if;
  if not found then
    insert into public.month_close_runs (month, requested_by) values (closing, auth.uid()) returning * into run;
  end if;
  return private.close_run_answer(run);
end;
$function$;
comment on function public.close_month(date) is 'Asks for a month''s close (Rules 12-14): refuses at once a month not over (month_not_over) or before a closed one (later_month_closed); else answers a run (public.month_close_runs), queued, which public.run_month_closes carries out. Admins, or the service role.';
grant execute on function public.close_month(date) to authenticated, service_role;

-- A run as the page follows it: by its id, or (null) the one queued or running, if any.
create function public.month_close_run(p_id bigint default null)
returns json
language plpgsql
stable
security definer
set search_path = ''
as $function$
begin
  if auth.uid() is not null then
    perform private.require_admin();
  end if;
  return (select private.close_run_answer(r) from public.month_close_runs r
           where case when p_id is null then r.status in ('queued', 'running') else r.id = p_id end
           order by r.id desc limit 1);
end;
$function$;
comment on function public.month_close_run(bigint) is 'A month close run (public.month_close_runs) as close_month answers it, with the close''s time once done: by id, or with no id the one queued or running (null when none). Admins, or the service role.';
grant execute on function public.month_close_run(bigint) to authenticated, service_role;

-- Carries out the runs waiting, one at a time, each in its own transaction, so that the page sees
-- "running" while it runs. A procedure without SET clauses, so it may commit: pg_cron calls it on
-- hosted Supabase (every minute), the local server every few seconds. Not for the API.
create procedure public.run_month_closes()
language plpgsql
as $procedure$
declare
  run public.month_close_runs;
  answer json;
  failed_state text;
  failed_text text;
begin
  -- A run "running" whose session is gone lost its runner (a killed process): its work was rolled back.
  update public.month_close_runs r set status = 'queued', started_at = null, runner_pid = null
   where r.status = 'running' and not exists (select 1 from pg_catalog.pg_stat_activity a where a.pid = r.runner_pid);
  loop
    update public.month_close_runs r set status = 'running', started_at = now(), runner_pid = pg_catalog.pg_backend_pid()
     where r.id = (select q.id from public.month_close_runs q where q.status = 'queued' order by q.id limit 1 for update skip locked)
    returning * into run;
    exit when run.id is null;
    commit;
    begin
      answer := private.close_month(run.month, run.requested_by);
      update public.month_close_runs
         set status = 'done', finished_at = now(), entries = (answer->>'entries')::integer,
             payouts = (answer->>'payouts')::integer, already_closed = (answer->>'already_closed')::boolean
       where id = run.id;
    exception when others then
      get stacked diagnostics failed_state = returned_sqlstate, failed_text = message_text;
      -- A refusal (private.refuse) carries its code in its JSON message; anything else, its SQLSTATE.
      if failed_state = 'PGRST' then
        failed_state := coalesce(failed_text::json->>'code', 'internal_error');
        failed_text := coalesce(failed_text::json->>'message', failed_text);
      end if;
      update public.month_close_runs
         set status = 'failed', finished_at = now(), error_code = failed_state, error_message = left(failed_text, 500)
       where id = run.id;
      insert into public.admin_audit_log (admin_id, action, target_type, target_id, details)
      values (run.requested_by, 'close_month_failed', 'month', null,
              jsonb_build_object('month', run.month, 'code', failed_state, 'message', left(failed_text, 500)));
    end;
    commit;
    run := null;
  end loop;
end;
$procedure$;
comment on procedure public.run_month_closes() is 'The scheduler''s runner (pg_cron on hosted Supabase, the local server''s timer): carries out the queued month_close_runs one at a time, each committed as it starts and as it ends; a failure is kept on the run and in the audit log (close_month_failed).';
revoke all on procedure public.run_month_closes() from public, anon, authenticated, service_role;

-- The scheduler asks like an admin, with no requester; its runner carries it out.
create or replace function public.close_due_months()
returns json
language plpgsql
security definer
set search_path = ''
as $function$
declare
  last_month date := (private.current_month() - interval '1 month')::date;
begin
  if exists (select 1 from public.month_closes c where c.month >= last_month)
     or exists (select 1 from public.month_close_runs r where r.month = last_month and r.status in ('queued', 'running')) then
    return null;
  end if;
  return public.close_month(last_month);
end;
$function$;
comment on function public.close_due_months() is 'The scheduler''s request (pg_cron hourly on hosted Supabase, the local server every 15 minutes): asks for last month''s close (Thailand time) once, when no month from it on is closed or being closed; answers the run, or null when there is nothing to close. public.run_month_closes carries it out.';
