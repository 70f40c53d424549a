-- Issue 29, items 6 and 10: the money pages private, and fast at scale.
--
-- Private: a brand read creator_statements rows of the creators it works with (the view summed
-- ledger_entries, which a brand may read for its own charges, and payouts, which it may not, so
-- the rows said carried_over). A creator's statements are now theirs and admins' only; a brand
-- reads its invoices and their lines, not the ledger's per-video lines with the creators'
-- earnings; which months are closed, by whom and with how many entries is the admins' business
-- (a brand's invoice carries its own issue date instead).
--
-- Fast: statements, invoices and invoice lines read per-month sums that the close writes (a
-- trigger on ledger_entries, so close_month itself is untouched) instead of summing every entry
-- on every request; a brand's payment marks its invoice's sum paid. The Earnings page's month so
-- far reads per-creator sums kept by a trigger on the video tallies instead of recounting every
-- video of the creator twice.

-- Statements, invoices and their lines: the entries summed once, when they are written ----------

create table private.statement_sums (
  creator_id uuid not null,
  month date not null,
  views bigint not null,
  gross_satang bigint not null,
  primary key (creator_id, month)
);
comment on table private.statement_sums is 'Rule 13: per creator and closed month, the sums of the month''s ledger entries (counted views, creator earnings): what creator_statements shows. Written with the entries (trigger ledger_entries_sum), never changed after.';

create table private.invoice_sums (
  brand_id uuid not null,
  month date not null,
  views bigint not null,
  amount_satang bigint not null,
  status text not null default 'due' check (status in ('due', 'paid')),
  paid_on date,
  reference text,
  issued_at timestamptz,
  primary key (brand_id, month),
  check ((status = 'paid') = (paid_on is not null) and (paid_on is null) = (reference is null))
);
comment on table private.invoice_sums is 'Rule 13: per brand and closed month, the sums of the month''s ledger entries (counted views, brand charges), and the invoice''s payment: what brand_invoices shows. The sums are written with the entries (trigger ledger_entries_sum), the payment with brand_invoice_payments (trigger brand_invoice_payments_sum), issued_at with the month''s close (trigger month_closes_issue).';
comment on column private.invoice_sums.issued_at is 'When the month closed (month_closes.closed_at): the invoice''s date of issue.';
-- The admins' lists: due invoices oldest month first, paid ones newest payment first.
create index invoice_sums_status_month_idx on private.invoice_sums (status, month, brand_id);
create index invoice_sums_status_paid_idx on private.invoice_sums (status, paid_on desc, month desc, brand_id);
create index invoice_sums_month_idx on private.invoice_sums (month);

create table private.invoice_line_sums (
  brand_id uuid not null,
  month date not null,
  brand_brief_id uuid not null,
  brand_rate_satang integer not null,
  views bigint not null,
  amount_satang bigint not null,
  primary key (brand_id, month, brand_brief_id, brand_rate_satang)
);
comment on table private.invoice_line_sums is 'Per brand, closed month and brief (at its rate), the sums of the month''s ledger entries: what brand_invoice_lines shows. Written with the entries, never changed after.';

-- Nobody writes them but the triggers below (security definer); each reader sees their own rows.
revoke all on private.statement_sums, private.invoice_sums, private.invoice_line_sums from public, anon, authenticated, service_role;
grant select on private.statement_sums, private.invoice_sums, private.invoice_line_sums to authenticated, service_role;
alter table private.statement_sums enable row level security;
alter table private.invoice_sums enable row level security;
alter table private.invoice_line_sums enable row level security;
create policy "Creators read their statements, admins all" on private.statement_sums
  for select to authenticated using (creator_id = (select auth.uid()) or (select private.is_admin()));
create policy "Brands read their invoices, admins all" on private.invoice_sums
  for select to authenticated using (brand_id = (select auth.uid()) or (select private.is_admin()));
create policy "Brands read their invoice lines, admins all" on private.invoice_line_sums
  for select to authenticated using (brand_id = (select auth.uid()) or (select private.is_admin()));
create trigger statement_sums_immutable before delete on private.statement_sums
  for each row execute function private.refuse_entry_change();
create trigger statement_sums_no_truncate before truncate on private.statement_sums
  for each statement execute function private.refuse_entry_change();
create trigger invoice_sums_immutable before delete on private.invoice_sums
  for each row execute function private.refuse_entry_change();
create trigger invoice_sums_no_truncate before truncate on private.invoice_sums
  for each statement execute function private.refuse_entry_change();
create trigger invoice_line_sums_immutable before delete on private.invoice_line_sums
  for each row execute function private.refuse_entry_change();
create trigger invoice_line_sums_no_truncate before truncate on private.invoice_line_sums
  for each statement execute function private.refuse_entry_change();

create function private.sum_entries() returns trigger
  language plpgsql security definer
  set search_path = ''
as $$
begin
  -- A month's entries are all written by its close, in one statement: each sum is written once.
  -- Adding keeps it right should entries of a month ever come in more than one statement.
  insert into private.statement_sums as s (creator_id, month, views, gross_satang)
  select e.creator_id, e.month, sum(e.views), sum(e.creator_earning_satang) from added e group by e.creator_id, e.month
  on conflict (creator_id, month) do update set views = s.views + excluded.views, gross_satang = s.gross_satang + excluded.gross_satang;
  -- Dated by the month's close: close_month writes it after the entries (trigger month_closes_issue).
  insert into private.invoice_sums as s (brand_id, month, views, amount_satang, issued_at)
  select e.brand_id, e.month, sum(e.views), sum(e.brand_charge_satang), (select c.closed_at from public.month_closes c where c.month = e.month)
    from added e group by e.brand_id, e.month
  on conflict (brand_id, month) do update set views = s.views + excluded.views, amount_satang = s.amount_satang + excluded.amount_satang;
  insert into private.invoice_line_sums as s (brand_id, month, brand_brief_id, brand_rate_satang, views, amount_satang)
  select e.brand_id, e.month, e.brand_brief_id, e.brand_rate_satang, sum(e.views), sum(e.brand_charge_satang)
    from added e group by e.brand_id, e.month, e.brand_brief_id, e.brand_rate_satang
  on conflict (brand_id, month, brand_brief_id, brand_rate_satang) do update
    set views = s.views + excluded.views, amount_satang = s.amount_satang + excluded.amount_satang;
  return null;
end;
$$;
comment on function private.sum_entries() is 'Trigger: adds new ledger entries to their statement, invoice and invoice line sums (private.statement_sums, invoice_sums, invoice_line_sums).';
create trigger ledger_entries_sum after insert on public.ledger_entries
  referencing new table as added for each statement execute function private.sum_entries();

create function private.sum_invoice_payment() returns trigger
  language plpgsql security definer
  set search_path = ''
as $$
begin
  update private.invoice_sums s set status = 'paid', paid_on = new.paid_on, reference = new.reference
   where s.brand_id = new.brand_id and s.month = new.month;
  return null;
end;
$$;
comment on function private.sum_invoice_payment() is 'Trigger: a recorded brand payment (mark_invoice_paid) marks its invoice paid in private.invoice_sums.';
create trigger brand_invoice_payments_sum after insert on public.brand_invoice_payments
  for each row execute function private.sum_invoice_payment();

create function private.issue_invoices() returns trigger
  language plpgsql security definer
  set search_path = ''
as $$
begin
  update private.invoice_sums s set issued_at = new.closed_at where s.month = new.month;
  return null;
end;
$$;
comment on function private.issue_invoices() is 'Trigger: a closed month dates its invoices (private.invoice_sums.issued_at) with the close''s time.';
create trigger month_closes_issue after insert on public.month_closes
  for each row execute function private.issue_invoices();

-- What is closed already.
insert into private.statement_sums (creator_id, month, views, gross_satang)
select e.creator_id, e.month, sum(e.views), sum(e.creator_earning_satang) from public.ledger_entries e group by e.creator_id, e.month;
insert into private.invoice_sums (brand_id, month, views, amount_satang, status, paid_on, reference, issued_at)
select e.brand_id, e.month, sum(e.views), sum(e.brand_charge_satang),
       case when i.brand_id is null then 'due' else 'paid' end, i.paid_on, i.reference, c.closed_at
  from public.ledger_entries e
  left join public.brand_invoice_payments i on i.brand_id = e.brand_id and i.month = e.month
  left join public.month_closes c on c.month = e.month
 group by e.brand_id, e.month, i.brand_id, i.paid_on, i.reference, c.closed_at;
insert into private.invoice_line_sums (brand_id, month, brand_brief_id, brand_rate_satang, views, amount_satang)
select e.brand_id, e.month, e.brand_brief_id, e.brand_rate_satang, sum(e.views), sum(e.brand_charge_satang)
  from public.ledger_entries e group by e.brand_id, e.month, e.brand_brief_id, e.brand_rate_satang;

-- The views: the same columns as before (brand_invoices gains issued_at), over the sums.
create or replace view public.creator_statements with (security_invoker = true) as
  select s.creator_id,
         s.month,
         s.views,
         s.gross_satang,
         coalesce(p.wht_satang, 0::bigint) as wht_satang,
         coalesce(p.net_satang, 0::bigint) as net_satang,
         coalesce(p.gross_satang - s.gross_satang, 0::bigint) as carried_in_satang,
         case when p.paid_at is not null then 'paid' when p.id is not null then 'due' else 'carried_over' end as status,
         p.id as payout_id,
         p.paid_on,
         p.reference,
         (select min(q.month) from public.payouts q where q.creator_id = s.creator_id and q.month > s.month) as carried_to
    from private.statement_sums s
    left join public.payouts p on p.creator_id = s.creator_id and p.month = s.month;
comment on view public.creator_statements is 'Rule 13: a creator''s closed months, readable by that creator and admins only. views and gross_satang sum the month''s entries (private.statement_sums); a month that made a payout shows its withholding tax and net (carried_in_satang: the gross carried over from earlier months into it), status due or paid (with paid_on and reference); a month whose net stayed under the minimum is carried_over (wht and net 0), to the payout of month carried_to.';

create or replace view public.brand_invoices with (security_invoker = true) as
  select s.brand_id,
         s.month,
         'VP-' || to_char(s.month::timestamptz, 'YYYYMM') || '-' || upper(right(replace(s.brand_id::text, '-', ''), 8)) as number,
         s.views,
         s.amount_satang,
         s.status,
         s.paid_on,
         s.reference,
         s.issued_at
    from private.invoice_sums s;
comment on view public.brand_invoices is 'Rule 13: a brand''s monthly invoice, readable by that brand and admins only: the counted views and charges of the month''s entries (private.invoice_sums), issued when the month closed (issued_at), due until an admin records the payment (mark_invoice_paid).';

create or replace view public.brand_invoice_lines with (security_invoker = true) as
  select s.brand_id, s.month, s.brand_brief_id, b.title, s.views, s.brand_rate_satang, s.amount_satang
    from private.invoice_line_sums s
    left join public.brand_briefs b on b.id = s.brand_brief_id;
comment on view public.brand_invoice_lines is 'A brand''s monthly invoice per brief, readable by that brand and admins only: counted views and charge at the brief''s rate (what the invoice PDF lists), from private.invoice_line_sums.';

-- Who reads the ledger itself: a creator their entries (the Earnings page's lines), admins all.
-- A brand reads its invoices and their lines, not each video's line with the creator's earning.
drop policy if exists "Creators and brands read their entries, admins all" on public.ledger_entries;
create policy "Creators read their entries, admins all" on public.ledger_entries
  for select to authenticated using (creator_id = (select auth.uid()) or (select private.is_admin()));
drop policy if exists "Everyone signed in sees which months are closed" on public.month_closes;
create policy "Admins read the closed months" on public.month_closes
  for select to authenticated using ((select private.is_admin()));

-- The admins' due payouts, oldest month first, and their count, from one index.
drop index if exists public.payouts_due_idx;
create index payouts_due_idx on public.payouts (month, created_at, id) include (creator_id) where paid_at is null;

-- The month so far: per-creator sums of what changed since the month began ---------------------

create table private.video_months (
  video uuid primary key,
  creator_id uuid not null,
  month date not null,
  creator_rate_satang integer not null,
  opened_measured bigint not null,
  opened_counted bigint not null,
  opened_pending bigint not null,
  measured bigint not null,
  counted bigint not null,
  pending bigint not null,
  gross_satang bigint not null
);
comment on table private.video_months is 'Per video, in the month of its last change (Thailand time): how it stood when the month began (opened_*: measured views, counted views, views pending review) and what changed since (measured, counted, pending; gross_satang: the counted change at the brief''s creator rate, rounded down with its sign as a close rounds a line). Kept by private.track_month() on the video''s tally; a video unchanged this month has no row of this month. Never read by clients.';
comment on column private.video_months.opened_measured is 'The latest measured (available, not estimated) snapshot''s views before the month began, as earnings_this_month always counted them.';
comment on column private.video_months.opened_counted is 'The tally''s counted views when the month began, with the reviews the clock had approved by then (72 hours) counted.';

create table private.creator_months (
  creator_id uuid not null,
  month date not null,
  measured bigint not null,
  counted bigint not null,
  pending bigint not null,
  gross_satang bigint not null,
  primary key (creator_id, month)
);
comment on table private.creator_months is 'Per creator and month, the sums of private.video_months of that month: what earnings_this_month reads (one row), before it applies the 72-hour approvals not yet written down. Kept by private.track_month(). Never read by clients.';
revoke all on private.video_months, private.creator_months from public, anon, authenticated, service_role;

create function private.latest_measured(video uuid, before timestamptz) returns bigint
  language sql stable security definer
  set search_path = ''
as $$
  select coalesce((select s.view_count from public.video_snapshots s
                    where s.tiktok_video_id = latest_measured.video and s.available and s.source <> 'estimate'
                      and s.measured_at < latest_measured.before
                    order by s.measured_at desc, s.id desc limit 1), 0)
$$;
comment on function private.latest_measured(uuid, timestamptz) is 'A video''s measured views before an instant: its latest available, not estimated snapshot''s view count, or 0.';
revoke all on function private.latest_measured(uuid, timestamptz) from public, anon, authenticated;

create function private.track_month() returns trigger
  language plpgsql security definer
  set search_path = ''
as $$
declare
  this_month date := private.current_month();
  starts timestamptz := private.month_start(private.current_month());
  approve_after interval := make_interval(hours => (select r.review_auto_approve_hours from public.ledger_rules r));
  kept private.video_months;
  was_late boolean;
  moved private.video_months;
begin
  select m.* into kept from private.video_months m
   where m.video = case when tg_op = 'DELETE' then old.video else new.video end
     for update;
  if kept.month is distinct from this_month then
    kept := null;
  end if;

  if tg_op = 'DELETE' then
    -- A removed video leaves the month's figures, as it leaves the creator's videos.
    if kept.video is not null then
      update private.creator_months c
         set measured = c.measured - kept.measured, counted = c.counted - kept.counted,
             pending = c.pending - kept.pending, gross_satang = c.gross_satang - kept.gross_satang
       where c.creator_id = kept.creator_id and c.month = this_month;
    end if;
    delete from private.video_months m where m.video = old.video;
    return null;
  end if;

  moved.video := new.video;
  moved.creator_id := new.creator_id;
  moved.month := this_month;
  if kept.video is not null then
    moved.opened_measured := kept.opened_measured;
    moved.opened_counted := kept.opened_counted;
    moved.opened_pending := kept.opened_pending;
  elsif tg_op = 'INSERT' then
    -- A new video: nothing of it was measured or counted when the month began.
    moved.opened_measured := 0;
    moved.opened_counted := 0;
    moved.opened_pending := 0;
  else
    -- Its first change this month: the tally before it is how the video stood when the month
    -- began, the reviews the clock had approved by then counted.
    was_late := old.pending_since is not null and old.pending_since + approve_after <= starts;
    moved.opened_measured := private.latest_measured(new.video, starts);
    moved.opened_counted := old.counted_views + case when was_late then old.pending_views else 0 end;
    moved.opened_pending := case when was_late then 0 else old.pending_views end;
  end if;
  moved.creator_rate_satang := coalesce((select b.creator_rate_satang from public.tiktok_videos v
                                           join public.brand_briefs b on b.id = v.brand_brief_id
                                          where v.id = new.video), 0);
  moved.measured := private.latest_measured(new.video, 'infinity') - moved.opened_measured;
  moved.counted := new.counted_views - moved.opened_counted;
  moved.pending := new.pending_views - moved.opened_pending;
  moved.gross_satang := private.satang(moved.counted::bigint, moved.creator_rate_satang::integer);

  if kept.video is null and moved.measured = 0 and moved.counted = 0 and moved.pending = 0 then
    return null; -- nothing moved: the next change finds the month's opening the same way
  end if;
  insert into private.creator_months as c (creator_id, month, measured, counted, pending, gross_satang)
  values (moved.creator_id, this_month,
          moved.measured - coalesce(kept.measured, 0), moved.counted - coalesce(kept.counted, 0),
          moved.pending - coalesce(kept.pending, 0), moved.gross_satang - coalesce(kept.gross_satang, 0))
  on conflict (creator_id, month) do update
    set measured = c.measured + excluded.measured, counted = c.counted + excluded.counted,
        pending = c.pending + excluded.pending, gross_satang = c.gross_satang + excluded.gross_satang;
  insert into private.video_months values (moved.*)
  on conflict (video) do update set
    creator_id = excluded.creator_id, month = excluded.month, creator_rate_satang = excluded.creator_rate_satang,
    opened_measured = excluded.opened_measured, opened_counted = excluded.opened_counted, opened_pending = excluded.opened_pending,
    measured = excluded.measured, counted = excluded.counted, pending = excluded.pending, gross_satang = excluded.gross_satang;
  return null;
end;
$$;
comment on function private.track_month() is 'Trigger on private.video_tallies: keeps what changed in the current month (Thailand time) per video (private.video_months, opened at the video''s first change of the month from its tally before it) and per creator (private.creator_months). A bulk rewrite of the tallies (private.rebuild_totals) is no change: run it with triggers off and private.rebuild_months() after.';
create trigger video_tallies_month after insert or update or delete on private.video_tallies
  for each row execute function private.track_month();

create function private.rebuild_months() returns void
  language plpgsql security definer
  set search_path = ''
  set jit = off
as $$
declare
  this_month date := private.current_month();
  starts timestamptz := private.month_start(private.current_month());
begin
  lock table private.video_tallies, private.video_months, private.creator_months in exclusive mode;
  delete from private.video_months;
  delete from private.creator_months;
  -- How each video stood when the month began, by the ledger's rules (private.counted_at) and its
  -- snapshots; what changed since, from its tally now.
  insert into private.video_months (video, creator_id, month, creator_rate_satang, opened_measured, opened_counted, opened_pending,
                                    measured, counted, pending, gross_satang)
  select x.video, x.creator_id, this_month, x.rate, x.opened_measured, x.opened_counted, x.opened_pending,
         x.measured, x.counted, x.pending, private.satang(x.counted::bigint, x.rate::integer)
    from (
      select t.video, t.creator_id, coalesce(b.creator_rate_satang, 0) as rate,
             m.opened as opened_measured, coalesce(c.counted, 0) as opened_counted, coalesce(c.pending, 0) as opened_pending,
             m.now - m.opened as measured, t.counted_views - coalesce(c.counted, 0) as counted,
             t.pending_views - coalesce(c.pending, 0) as pending
        from private.video_tallies t
        join public.tiktok_videos v on v.id = t.video
        left join public.brand_briefs b on b.id = v.brand_brief_id
        left join private.counted_at(starts) c on c.tiktok_video_id = t.video
        -- private.latest_measured(), written out: a call per video would cost more than the lookups.
        cross join lateral (
          select coalesce((select s.view_count from public.video_snapshots s
                            where s.tiktok_video_id = t.video and s.available and s.source <> 'estimate' and s.measured_at < starts
                            order by s.measured_at desc, s.id desc limit 1), 0) as opened,
                 coalesce((select s.view_count from public.video_snapshots s
                            where s.tiktok_video_id = t.video and s.available and s.source <> 'estimate'
                            order by s.measured_at desc, s.id desc limit 1), 0) as now
        ) m
    ) x
   where x.measured <> 0 or x.counted <> 0 or x.pending <> 0;
  insert into private.creator_months (creator_id, month, measured, counted, pending, gross_satang)
  select m.creator_id, this_month, sum(m.measured), sum(m.counted), sum(m.pending), sum(m.gross_satang)
    from private.video_months m group by m.creator_id;
end;
$$;
comment on function private.rebuild_months() is 'Recomputes the current month''s private.video_months and private.creator_months from the snapshots, the ledger''s rules at the month''s start (private.counted_at) and the tallies: once here, and after a bulk load (the benchmark''s).';
revoke all on function private.rebuild_months() from public, anon, authenticated;

select private.rebuild_months();
analyze private.statement_sums, private.invoice_sums, private.invoice_line_sums, private.video_months, private.creator_months;

create or replace function public.earnings_this_month()
  returns json
  language sql stable security definer
  set search_path = ''
  set jit = off
as $$
  with this as (
    select private.current_month() as month,
           now() - make_interval(hours => r.review_auto_approve_hours) as cutoff,
           private.month_start(private.current_month()) - make_interval(hours => r.review_auto_approve_hours) as cutoff_at_start
      from public.ledger_rules r
  ),
  -- Videos whose review the clock approved (72 hours) and nobody has written down yet
  -- (settle_reviews): their pending views count, as the ledger counts them.
  late as (
    select t.counted_views + t.pending_views
             - coalesce(m.opened_counted, t.counted_views + case when t.pending_since <= this.cutoff_at_start then t.pending_views else 0 end)
             as counted,
           coalesce(m.counted, 0) as kept_counted,
           coalesce(m.gross_satang, 0) as kept_gross,
           coalesce(m.creator_rate_satang,
                    (select b.creator_rate_satang from public.tiktok_videos v join public.brand_briefs b on b.id = v.brand_brief_id
                      where v.id = t.video), 0) as rate
      from this
      join private.video_tallies t on t.creator_id = (select auth.uid()) and t.pending_since <= this.cutoff
      left join private.video_months m on m.video = t.video and m.month = this.month
  ),
  late_fix as (
    select coalesce(sum(l.counted - l.kept_counted), 0) as counted,
           coalesce(sum(private.satang(l.counted::bigint, l.rate::integer) - l.kept_gross), 0) as gross
      from late l
  )
  select json_build_object(
    'month', this.month,
    'measuredViews', coalesce(s.measured, 0),
    'countedViews', coalesce(s.counted, 0) + f.counted,
    'pendingViews', coalesce(s.pending, 0) - f.counted,
    'notCountedViews', coalesce(s.measured, 0) - coalesce(s.counted, 0) - coalesce(s.pending, 0),
    'grossSatang', coalesce(s.gross_satang, 0) + f.gross
  )
    from this
    cross join late_fix f
    left join private.creator_months s on s.creator_id = (select auth.uid()) and s.month = this.month
$$;
comment on function public.earnings_this_month() is 'The calling creator''s month so far (Thailand time), from private.creator_months: views measured since it began (latest measured snapshot now minus the latest before the month), split into counted, pending review and not counted (the rest), each the change of the video''s tally since the month began; and the gross the counted change accrues at each brief''s creator rate, rounded down per video as the close will. A change of the rules this month (an admin''s exclusion, say) shows as this month''s change.';
