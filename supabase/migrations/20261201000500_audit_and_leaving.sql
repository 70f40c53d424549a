-- Issue 29, item 5: nobody leaves owing. A brand that still owes money (an invoice not paid, or
-- counted views that no close has billed yet) cannot delete its account; the refusal says how
-- much is open, in satang. Once nothing is owed the PDPA deletion runs as before, and the books
-- (ledger entries, invoices, payments) stay. Added by a trigger beside delete_my_account, whose
-- body is unchanged.

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
