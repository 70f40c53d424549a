-- Issue 29, items 5 and 11.
--
-- Nobody leaves owing: a brand that still owes money (an invoice not paid, or counted views that
-- no close has billed yet) cannot delete its account; the refusal says how much is open, in
-- satang. Once nothing is owed the PDPA deletion runs as before, and the books (ledger entries,
-- invoices, payments) stay.
--
-- A complete audit log: closing a month and using an admin invite are recorded too, and the
-- audit page names each target (a person, a video, an invite, a payout's creator, an invoice's
-- number and brand, a month) and gives the payment's reference.
--
-- Both are added beside the functions that act, by triggers, so that delete_my_account and
-- close_month keep their bodies (close_month is redefined by 20261201000300).

-- A refusal that carries figures ------------------------------------------------------------------

create or replace function private.refuse(code text, message text, status integer, details jsonb) returns void
  language plpgsql
  set search_path = ''
as $$
begin
  -- PostgREST's details are a string: the JSON's text, which the SPA reads back.
  raise sqlstate 'PGRST'
    using message = json_build_object('code', code, 'message', message, 'details', details::text, 'hint', null)::text,
          detail = json_build_object('status', status, 'headers', json_build_object())::text;
end;
$$;
comment on function private.refuse(text, text, integer, jsonb) is 'As private.refuse(code, message, status), with figures for the app in the answer''s details (a JSON object, as text).';

-- What a brand owes --------------------------------------------------------------------------------

create or replace function private.brand_open_balance(brand uuid)
  returns table (open_satang bigint, invoices_due_satang bigint, unclosed_satang bigint, due_months jsonb)
  language sql stable security definer
  set search_path = ''
as $$
  with due as (
    -- Rule 13: a month's invoice is due until an admin records its payment.
    select e.month, sum(e.brand_charge_satang)::bigint as amount
      from public.ledger_entries e
     where e.brand_id = brand_open_balance.brand
       and not exists (select 1 from public.brand_invoice_payments i where i.brand_id = e.brand_id and i.month = e.month)
     group by e.month
  ),
  unclosed as (
    -- Rule 12 as the next close would apply it: each video of the brand's briefs counts now
    -- (video_ledger) minus what its last entry counted, charged at the brief's rate per line.
    select coalesce(sum(sign(m.views) * floor(abs(m.views) * m.rate / 1000.0)), 0)::bigint as amount
      from (
        select l.counted_views - coalesce(last.counted_to, 0) as views, b.brand_rate_satang as rate
          from public.video_ledger l
          join public.brand_briefs b on b.id = l.brand_brief_id
          left join lateral (
            select e.counted_to
              from public.ledger_entries e
             where e.creator_id = l.creator_id and e.video_id = l.video_id and e.brand_brief_id = l.brand_brief_id
             order by e.id desc
             limit 1
          ) last on true
         where l.brand_id = brand_open_balance.brand and l.brand_brief_id is not null
      ) m
  )
  select coalesce((select sum(d.amount) from due d), 0)::bigint + u.amount,
         coalesce((select sum(d.amount) from due d), 0)::bigint,
         u.amount,
         coalesce((select jsonb_agg(jsonb_build_object('month', d.month, 'amount_satang', d.amount) order by d.month)
                     from due d where d.amount <> 0), '[]'::jsonb)
    from unclosed u
$$;
comment on function private.brand_open_balance(uuid) is 'What a brand owes now, in satang: its invoices not marked paid (invoices_due_satang, and due_months: each month''s amount) plus what the next close would charge for the views its briefs count now beyond their last entries (unclosed_satang; a correction counts negative). open_satang is the sum.';

create or replace function private.refuse_leaving_owing() returns trigger
  language plpgsql security definer
  set search_path = ''
as $$
declare
  owed record;
begin
  select * into owed from private.brand_open_balance(new.id);
  if owed.open_satang > 0 then
    perform private.refuse('brand_owes_money',
      format('This account still owes %s satang (%s on invoices not paid yet, %s for counted views not invoiced yet); delete it once that is paid',
             owed.open_satang, owed.invoices_due_satang, owed.unclosed_satang),
      409,
      jsonb_build_object('open_satang', owed.open_satang, 'invoices_due_satang', owed.invoices_due_satang,
                         'unclosed_satang', owed.unclosed_satang, 'due_months', owed.due_months));
  end if;
  return new;
end;
$$;
comment on function private.refuse_leaving_owing() is 'Trigger: a brand account is deleted (profiles.deleted_at set, by delete_my_account) only when it owes nothing (private.brand_open_balance); else brand_owes_money (409) with the open amounts in satang.';

drop trigger if exists profiles_leave_settled on public.profiles;
create trigger profiles_leave_settled
  before update of deleted_at on public.profiles
  for each row
  when (old.deleted_at is null and new.deleted_at is not null and new.user_type = 'brand')
  execute function private.refuse_leaving_owing();

comment on function public.delete_my_account(text) is 'PDPA right to erasure, with the password re-entered: wrong answers {deleted: false, code: password_incorrect} and changes nothing but the count of wrong passwords (5 in 15 minutes: too_many_attempts). Refuses the last admin (last_admin), a creator with a payout still due (payout_due) and a brand that owes money (brand_owes_money, 409, with open_satang, invoices_due_satang and unclosed_satang in the details: trigger profiles_leave_settled). Closes a brand''s open briefs; takes the person''s name out of others'' notifications; deletes videos, snapshots, reviews, joins, the TikTok connection and tokens, notifications and settings, sessions; blanks the profile and the auth user (a non-deliverable address, no password, deleted_at). Keeps ledger entries, invoices, payments, payouts and the tax identity of issued certificates, pointing to the anonymised profile. Answers {deleted: true, tax_records_kept}.';

-- The audit log: every action, its target named ----------------------------------------------------

alter table public.admin_audit_log drop constraint admin_audit_log_action_check;
alter table public.admin_audit_log add constraint admin_audit_log_action_check check (action in (
  'suspend_user', 'reinstate_user', 'update_profile', 'exclude_video', 'reinstate_video', 'create_invite', 'revoke_invite',
  'use_invite', 'mark_payout_paid', 'mark_invoice_paid', 'close_month'));
alter table public.admin_audit_log drop constraint admin_audit_log_target_type_check;
alter table public.admin_audit_log add constraint admin_audit_log_target_type_check check (target_type in ('user', 'video', 'invite', 'payout', 'invoice', 'month'));
-- A month has no id: its close is the month in details.
alter table public.admin_audit_log alter column target_id drop not null;
alter table public.admin_audit_log add constraint admin_audit_log_target_id_check check (target_id is not null or target_type = 'month');

comment on table public.admin_audit_log is 'Every admin action, written by the SQL function (or trigger) that performs it, in the same transaction: who (admin_id; null for the scheduler and the server''s own commands; kept when the account is gone, so no foreign key), what (action), on what (target_type, target_id), why (reason) and when. Nobody updates or deletes a row.';
comment on column public.admin_audit_log.target_id is 'The user, video, invite or payout; for an invoice, its brand (the month is in details); null for a month (close_month: the month is in details).';
comment on column public.admin_audit_log.details is 'What changed, as the action recorded it (update_profile: the fields before and after; payments: reference and paid_on; close_month: month, entries and payouts).';

create or replace function private.audit_by(actor uuid, action text, target_type text, target_id uuid, reason text default null, details jsonb default '{}'::jsonb)
  returns void
  language sql security definer
  set search_path = ''
as $$
  insert into public.admin_audit_log (admin_id, action, target_type, target_id, reason, details)
  values (actor, action, target_type, target_id, reason, coalesce(details, '{}'::jsonb))
$$;
comment on function private.audit_by(uuid, text, text, uuid, text, jsonb) is 'As private.audit, for an actor who is not the caller: the new admin who used an invite while signing up.';

create or replace function private.audit_close() returns trigger
  language plpgsql security definer
  set search_path = ''
as $$
begin
  perform private.audit('close_month', 'month', null, null,
                        jsonb_build_object('month', new.month, 'entries', new.entries, 'payouts', new.payouts));
  return null;
end;
$$;
comment on function private.audit_close() is 'Trigger: each month''s close is audited with its counts, by the admin who called close_month or, with no actor, the scheduler (close_due_months).';

drop trigger if exists month_closes_audit on public.month_closes;
create trigger month_closes_audit after insert on public.month_closes for each row execute function private.audit_close();

create or replace function private.audit_invite_use() returns trigger
  language plpgsql security definer
  set search_path = ''
as $$
begin
  perform private.audit_by(new.used_by, 'use_invite', 'invite', new.id, new.note,
                           jsonb_build_object('created_by', new.created_by, 'expires_at', new.expires_at));
  return null;
end;
$$;
comment on function private.audit_invite_use() is 'Trigger: an admin invite used to sign up is audited, the new admin as the actor.';

drop trigger if exists admin_invites_audit_use on public.admin_invites;
create trigger admin_invites_audit_use
  after update of used_at on public.admin_invites
  for each row
  when (old.used_at is null and new.used_at is not null)
  execute function private.audit_invite_use();

create or replace function private.audit_name(user_type text, first_name text, last_name text, company_name text) returns text
  language sql immutable
  set search_path = ''
as $$
  select case
           when user_type = 'brand' then coalesce(nullif(btrim(first_name), ''), nullif(btrim(company_name), ''))
           else coalesce(nullif(btrim(concat_ws(' ', btrim(first_name), btrim(last_name))), ''), nullif(btrim(company_name), ''))
         end
$$;
comment on function private.audit_name(text, text, text, text) is 'A person''s name in the audit log: a brand''s name (first_name, as brand cards show it), else first and last name; null when there is none (a deleted account), which the app words.';

create or replace function public.admin_audit_page(p_offset integer default 0, p_limit integer default 20) returns json
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
           'reason', a.reason, 'reference', a.details ->> 'reference', 'paid_on', a.details ->> 'paid_on', 'details', a.details,
           'admin_id', a.admin_id, 'admin_name', nullif(btrim(concat_ws(' ', ap.first_name, ap.last_name)), ''),
           'target_label', target.label, 'target_number', target.number, 'target_month', target.month)
         order by a.created_at desc, a.id desc)
    into listed
    from (select * from public.admin_audit_log l order by l.created_at desc, l.id desc offset first limit size) a
    left join public.profiles ap on ap.id = a.admin_id
    cross join lateral (
      select case a.target_type
               when 'user' then (select private.audit_name(p.user_type, p.first_name, p.last_name, p.company_name)
                                   from public.profiles p where p.id = a.target_id)
               when 'video' then coalesce((select coalesce(nullif(btrim(v.title), ''), v.video_id) from public.tiktok_videos v where v.id = a.target_id),
                                          a.details ->> 'video_id')
               when 'invite' then coalesce((select nullif(btrim(i.note), '') from public.admin_invites i where i.id = a.target_id), nullif(btrim(a.reason), ''))
               when 'payout' then (select private.audit_name(p.user_type, p.first_name, p.last_name, p.company_name)
                                     from public.profiles p
                                    where p.id = coalesce((select o.creator_id from public.payouts o where o.id = a.target_id), (a.details ->> 'creator_id')::uuid))
               when 'invoice' then (select private.audit_name(p.user_type, p.first_name, p.last_name, p.company_name)
                                      from public.profiles p where p.id = a.target_id)
             end as label,
             case when a.target_type = 'invoice' then
               (select i.number from public.brand_invoices i where i.brand_id = a.target_id and i.month = (a.details ->> 'month')::date)
             end as number,
             case a.target_type
               when 'payout' then coalesce((select o.month from public.payouts o where o.id = a.target_id), (a.details ->> 'month')::date)
               when 'invoice' then (a.details ->> 'month')::date
               when 'month' then (a.details ->> 'month')::date
             end as month
    ) target;
  return json_build_object('total', (select count(*) from public.admin_audit_log), 'rows', coalesce(listed, '[]'::json));
end;
$$;
comment on function public.admin_audit_page(integer, integer) is 'Admins: one page of the audit log, newest first, {"total", "rows"}. Each row: the action, the acting admin''s name (admin_id null: the scheduler or a server command), the reason, a payment''s reference and paid_on, and its target named: target_label (the person''s name, the video''s title or TikTok id, the invite''s note, the payout''s creator, the invoice''s brand), target_number (an invoice''s number) and target_month (a payout''s, an invoice''s or a closed month).';
