-- Money (issue 14, docs/money.md rules 11-16): the counted views of video_ledger become
-- immutable ledger entries in satang at each month's close, creators are paid from them by
-- PromptPay or bank transfer with Thai withholding tax, and brands are invoiced from the same
-- entries. The rules are written once, here.
--   * brand_briefs keep the rates in force when they were published;
--   * pay_rules: the numbers of paying (withholding tax, minimum payout) and the payer's details;
--   * ledger_entries: per video and month, the counted views gained and their baht, never changed;
--   * close_month(): writes a month's entries and payouts, once;
--   * creator_statements, brand_invoices: the entries summed per month;
--   * payout_accounts: where a creator is paid, and their tax ID (PDPA: owner and admins only);
--   * mark_payout_paid(), mark_invoice_paid(): admins record the transfer, in the audit log.

-- Rates per brief ---------------------------------------------------------------------------

alter table public.brand_briefs
  add column brand_rate_satang integer,
  add column creator_rate_satang integer;
update public.brand_briefs b
   set brand_rate_satang = r.brand_per_1000 * 100, creator_rate_satang = r.creator_per_1000 * 100
  from public.pay_rates() r;
alter table public.brand_briefs
  alter column brand_rate_satang set not null,
  alter column creator_rate_satang set not null,
  -- Placeholders for the types: trigger brand_briefs_keep_rates always sets both from pay_rates().
  alter column brand_rate_satang set default 0,
  alter column creator_rate_satang set default 0,
  add constraint brand_briefs_rates_check check (creator_rate_satang >= 0 and brand_rate_satang >= creator_rate_satang);
comment on column public.brand_briefs.brand_rate_satang is 'What the brand pays per 1,000 counted views of this brief, in satang: pay_rates() when the brief was published, never changed after.';
comment on column public.brand_briefs.creator_rate_satang is 'What a creator earns per 1,000 counted views of this brief, in satang: pay_rates() when the brief was published, never changed after.';

create function private.keep_brief_rates() returns trigger
  language plpgsql
  set search_path = ''
as $$
begin
  if tg_op = 'INSERT' then
    select r.brand_per_1000 * 100, r.creator_per_1000 * 100
      into new.brand_rate_satang, new.creator_rate_satang
      from public.pay_rates() r;
  else
    new.brand_rate_satang := old.brand_rate_satang;
    new.creator_rate_satang := old.creator_rate_satang;
  end if;
  return new;
end;
$$;
comment on function private.keep_brief_rates() is 'Rule 11: a brief takes pay_rates() when it is published and keeps them; changing the platform''s rates never rewrites a brief.';
create trigger brand_briefs_keep_rates
  before insert or update on public.brand_briefs
  for each row execute function private.keep_brief_rates();

-- The numbers of paying ----------------------------------------------------------------------

create table public.pay_rules (
  id boolean primary key default true check (id),
  wht_rate_bp integer not null default 300 check (wht_rate_bp between 0 and 10000),
  wht_threshold_satang bigint not null default 100000 check (wht_threshold_satang >= 0),
  payout_minimum_satang bigint not null default 10000 check (payout_minimum_satang >= 0),
  payer_name text not null default 'ViewPact Co., Ltd.',
  payer_tax_id text not null default '0105569000001' check (payer_tax_id ~ '^[0-9]{13}$'),
  payer_address text not null default 'Bangkok, Thailand',
  updated_at timestamptz not null default now()
);
insert into public.pay_rules default values;
comment on table public.pay_rules is 'The one row of numbers paying uses. The local server writes wht_rate_bp from WHT_RATE (and the payer from PAYER_NAME, PAYER_TAX_ID, PAYER_ADDRESS) at start; on hosted Supabase, update it in SQL.';
comment on column public.pay_rules.wht_rate_bp is 'Withholding tax in basis points (300 = 3%), withheld from a payout whose gross reaches wht_threshold_satang.';
comment on column public.pay_rules.payout_minimum_satang is 'A creator is paid once the net reaches this; smaller amounts carry over to the next month.';
comment on column public.pay_rules.payer_name is 'The payer named on withholding-tax certificates and invoices.';
revoke all on public.pay_rules from anon, authenticated;
grant select on public.pay_rules to authenticated;
alter table public.pay_rules enable row level security;
create policy "Signed-in users can read the pay rules"
  on public.pay_rules for select to authenticated
  using (true);

-- Months, Thailand time ------------------------------------------------------------------------

create function private.month_start(month date) returns timestamptz
  language sql immutable
  set search_path = ''
as $$
  select (date_trunc('month', month)::timestamp - interval '7 hours') at time zone 'UTC'
$$;
comment on function private.month_start(date) is 'The instant a month starts in Thailand (UTC+7, no daylight saving).';

create function private.current_month() returns date
  language sql stable
  set search_path = ''
as $$
  select date_trunc('month', (now() at time zone 'UTC') + interval '7 hours')::date
$$;
comment on function private.current_month() is 'The month it is now in Thailand, as its first day.';

-- Counted views at an instant: private.counted_at() is in 20261128000200_budgets.sql, with the budget rule.

-- The ledger --------------------------------------------------------------------------------

create table public.month_closes (
  month date primary key check (month = date_trunc('month', month)::date),
  closed_at timestamptz not null default now(),
  closed_by uuid,
  entries integer not null,
  payouts integer not null
);
comment on table public.month_closes is 'Each closed month (Thailand time), once: close_month() writes it with the month''s ledger entries and payouts.';

create table public.ledger_entries (
  id bigint generated always as identity primary key,
  month date not null references public.month_closes (month) deferrable initially deferred,
  tiktok_video_id uuid not null,
  video_id text not null,
  creator_id uuid not null,
  brand_id uuid not null,
  brand_brief_id uuid not null,
  views bigint not null,
  counted_to bigint not null check (counted_to >= 0),
  brand_rate_satang integer not null,
  creator_rate_satang integer not null,
  brand_charge_satang bigint not null,
  creator_earning_satang bigint not null,
  margin_satang bigint not null,
  snapshot_id bigint,
  previous_entry_id bigint references public.ledger_entries (id),
  created_at timestamptz not null default now(),
  check (views <> 0),
  check (creator_earning_satang + margin_satang = brand_charge_satang),
  check (margin_satang * sign(views) >= 0)
);
comment on table public.ledger_entries is 'Rule 12: per video and closed month, the counted views gained in the month (negative: a correction of an earlier month), the brand''s charge, the creator''s earning and the platform''s margin in satang, at the brief''s rates. Written only by close_month(); never updated or deleted.';
comment on column public.ledger_entries.views is 'Counted views gained in the month: counted_to minus the counted_to of the video''s previous entry. Negative when fewer views count than were paid (an admin excluded the video, say): a correction.';
comment on column public.ledger_entries.counted_to is 'The video''s counted views at the end of the month.';
comment on column public.ledger_entries.snapshot_id is 'The snapshot counted_to comes from (null when nothing counts any more); previous_entry_id''s snapshot is where the month started.';
comment on column public.ledger_entries.creator_earning_satang is 'floor(|views| x creator_rate_satang / 1000), with the sign of views.';
comment on column public.ledger_entries.brand_charge_satang is 'floor(|views| x brand_rate_satang / 1000), with the sign of views; margin = charge - earning.';
create index ledger_entries_video_idx on public.ledger_entries (creator_id, video_id, brand_brief_id, id desc);
create index ledger_entries_creator_month_idx on public.ledger_entries (creator_id, month);
create index ledger_entries_brand_month_idx on public.ledger_entries (brand_id, month);
create index ledger_entries_month_idx on public.ledger_entries (month);

create function private.refuse_entry_change() returns trigger
  language plpgsql
  set search_path = ''
as $$
begin
  perform private.refuse('ledger_immutable', 'Ledger entries are never changed; a correction is a new entry', 403);
  return null;
end;
$$;
create trigger ledger_entries_immutable
  before update or delete on public.ledger_entries
  for each row execute function private.refuse_entry_change();
create trigger ledger_entries_no_truncate
  before truncate on public.ledger_entries
  for each statement execute function private.refuse_entry_change();
create trigger month_closes_immutable
  before update or delete on public.month_closes
  for each row execute function private.refuse_entry_change();

-- Payouts -----------------------------------------------------------------------------------

create table public.payouts (
  id uuid primary key default gen_random_uuid(),
  creator_id uuid not null,
  month date not null references public.month_closes (month) deferrable initially deferred,
  gross_satang bigint not null,
  wht_satang bigint not null check (wht_satang >= 0),
  net_satang bigint not null,
  wht_rate_bp integer not null,
  paid_on date,
  reference text check (char_length(reference) between 1 and 100),
  paid_by uuid,
  paid_at timestamptz,
  created_at timestamptz not null default now(),
  unique (creator_id, month),
  check (net_satang = gross_satang - wht_satang),
  check ((paid_at is null) = (reference is null) and (paid_at is null) = (paid_on is null))
);
comment on table public.payouts is 'Rule 14: what a closed month pays a creator: the gross of that month and of the months carried over since their last payout, the withholding tax and the net. Written by close_month(); paid by mark_payout_paid().';
create index payouts_due_idx on public.payouts (month) where paid_at is null;
create index payouts_paid_idx on public.payouts (paid_at desc, id) where paid_at is not null;

create function private.refuse_payout_change() returns trigger
  language plpgsql
  set search_path = ''
as $$
begin
  if tg_op = 'DELETE' or old.paid_at is not null
     or (new.id, new.creator_id, new.month, new.gross_satang, new.wht_satang, new.net_satang, new.wht_rate_bp, new.created_at)
        is distinct from (old.id, old.creator_id, old.month, old.gross_satang, old.wht_satang, old.net_satang, old.wht_rate_bp, old.created_at) then
    perform private.refuse('payout_immutable', 'A payout''s amounts never change, and a paid payout stays paid', 403);
  end if;
  return new;
end;
$$;
create trigger payouts_immutable
  before update or delete on public.payouts
  for each row execute function private.refuse_payout_change();

create table public.brand_invoice_payments (
  brand_id uuid not null,
  month date not null references public.month_closes (month) deferrable initially deferred,
  paid_on date not null,
  reference text not null check (char_length(reference) between 1 and 100),
  paid_by uuid,
  paid_at timestamptz not null default now(),
  primary key (brand_id, month)
);
comment on table public.brand_invoice_payments is 'A brand''s monthly invoice, paid: written by mark_invoice_paid(), never changed.';
create trigger brand_invoice_payments_immutable
  before update or delete on public.brand_invoice_payments
  for each row execute function private.refuse_entry_change();

-- Payout details (PDPA: the owner and admins only) -------------------------------------------

create table public.payout_accounts (
  creator_id uuid primary key references public.profiles (id) on delete cascade,
  method text not null check (method in ('promptpay', 'bank')),
  promptpay_id text check (promptpay_id ~ '^(0[0-9]{9}|[0-9]{13})$'),
  bank_code text,
  account_number text check (account_number ~ '^[0-9]{10,15}$'),
  account_name text check (char_length(account_name) between 1 and 120),
  legal_name text check (char_length(legal_name) between 1 and 120),
  address text check (char_length(address) <= 300),
  tax_id text check (tax_id ~ '^[0-9]{13}$'),
  tax_consent_at timestamptz,
  updated_at timestamptz not null default now(),
  check ((method = 'promptpay') = (promptpay_id is not null)),
  check ((method = 'bank') = (bank_code is not null and account_number is not null and account_name is not null)),
  check (tax_id is null or tax_consent_at is not null)
);
comment on table public.payout_accounts is 'Where a creator is paid (PromptPay ID, or a Thai bank account) and their Thai tax ID. Personal data under the PDPA: readable by the creator and admins only; the tax ID is kept only with the creator''s explicit consent (tax_consent_at). Written by save_payout_account().';

revoke all on public.payout_accounts from public, anon, authenticated;
grant select on public.payout_accounts to authenticated;
alter table public.payout_accounts enable row level security;
create policy "Creators read their own payout details, admins everyone's"
  on public.payout_accounts for select to authenticated
  using (creator_id = (select auth.uid()) or (select private.is_admin()));

create function private.payout_banks() returns table (code text, name_en text, name_th text)
  language sql immutable
  set search_path = ''
as $$
  values ('BBL', 'Bangkok Bank', 'ธนาคารกรุงเทพ'),
         ('KBANK', 'Kasikornbank', 'ธนาคารกสิกรไทย'),
         ('KTB', 'Krungthai Bank', 'ธนาคารกรุงไทย'),
         ('SCB', 'Siam Commercial Bank', 'ธนาคารไทยพาณิชย์'),
         ('BAY', 'Bank of Ayudhya (Krungsri)', 'ธนาคารกรุงศรีอยุธยา'),
         ('TTB', 'TMBThanachart Bank', 'ธนาคารทหารไทยธนชาต'),
         ('GSB', 'Government Savings Bank', 'ธนาคารออมสิน'),
         ('BAAC', 'Bank for Agriculture and Agricultural Cooperatives', 'ธนาคารเพื่อการเกษตรและสหกรณ์การเกษตร'),
         ('UOBT', 'UOB Thailand', 'ธนาคารยูโอบี'),
         ('CIMBT', 'CIMB Thai', 'ธนาคารซีไอเอ็มบี ไทย'),
         ('KKP', 'Kiatnakin Phatra Bank', 'ธนาคารเกียรตินาคินภัทร'),
         ('LHB', 'Land and Houses Bank', 'ธนาคารแลนด์ แอนด์ เฮ้าส์'),
         ('TISCO', 'TISCO Bank', 'ธนาคารทิสโก้'),
         ('GHB', 'Government Housing Bank', 'ธนาคารอาคารสงเคราะห์')
$$;

create view public.payout_banks with (security_invoker = true) as select * from private.payout_banks();
comment on view public.payout_banks is 'The Thai banks a creator can be paid at.';
grant execute on function private.payout_banks() to authenticated;
revoke all on public.payout_banks from public, anon, authenticated;
grant select on public.payout_banks to authenticated;

create function private.thai_id_valid(id text) returns boolean
  language sql immutable
  set search_path = ''
as $$
  select id ~ '^[0-9]{13}$'
     and (11 - (select sum(substr(id, i, 1)::integer * (14 - i)) from generate_series(1, 12) i)::integer % 11) % 10
         = substr(id, 13, 1)::integer
$$;
comment on function private.thai_id_valid(text) is 'A Thai national ID or tax ID: 13 digits whose last is the check digit (mod 11).';

create function public.save_payout_account(
  p_method text, p_promptpay_id text default null, p_bank_code text default null, p_account_number text default null,
  p_account_name text default null, p_legal_name text default null, p_address text default null, p_tax_id text default null,
  p_tax_consent boolean default false
) returns void
  language plpgsql volatile security definer
  set search_path = ''
as $$
declare
  me uuid := auth.uid();
  digits text := nullif(regexp_replace(coalesce(p_promptpay_id, ''), '[^0-9]', '', 'g'), '');
  account text := nullif(regexp_replace(coalesce(p_account_number, ''), '[^0-9]', '', 'g'), '');
  tax text := nullif(regexp_replace(coalesce(p_tax_id, ''), '[^0-9]', '', 'g'), '');
begin
  if me is null then
    perform private.refuse('auth_required', 'Authentication required', 401);
  end if;
  if (select private.current_user_type()) is distinct from 'creator' then
    perform private.refuse('creators_only', 'Only creators are paid out', 403);
  end if;
  if p_method = 'promptpay' then
    if digits is null or not (digits ~ '^0[0-9]{9}$' or private.thai_id_valid(digits)) then
      perform private.refuse('promptpay_id_invalid', 'Enter a 10-digit mobile number or a 13-digit national ID', 400);
    end if;
    account := null;
  elsif p_method = 'bank' then
    if p_bank_code is null or not exists (select 1 from private.payout_banks() b where b.code = p_bank_code) then
      perform private.refuse('bank_invalid', 'Choose a bank from the list', 400);
    end if;
    if account is null or account !~ '^[0-9]{10,15}$' then
      perform private.refuse('account_number_invalid', 'Enter the account number (10 to 15 digits)', 400);
    end if;
    if nullif(btrim(p_account_name), '') is null then
      perform private.refuse('account_name_required', 'Enter the name on the account', 400);
    end if;
    digits := null;
  else
    perform private.refuse('payout_method_invalid', 'Choose PromptPay or a bank account', 400);
  end if;
  if tax is not null then
    if not private.thai_id_valid(tax) then
      perform private.refuse('tax_id_invalid', 'Enter a valid 13-digit Thai tax ID', 400);
    end if;
    if not coalesce(p_tax_consent, false) then
      perform private.refuse('tax_consent_required', 'Please consent to us keeping your tax ID', 400);
    end if;
  end if;
  if char_length(btrim(coalesce(p_legal_name, ''))) > 120 or char_length(coalesce(p_address, '')) > 300 then
    perform private.refuse('payout_details_too_long', 'The name or address is too long', 400);
  end if;

  insert into public.payout_accounts as a (creator_id, method, promptpay_id, bank_code, account_number, account_name, legal_name,
                                          address, tax_id, tax_consent_at, updated_at)
  values (me, p_method, digits, case when p_method = 'bank' then p_bank_code end, account,
          case when p_method = 'bank' then btrim(p_account_name) end, nullif(btrim(p_legal_name), ''), nullif(btrim(p_address), ''),
          tax, case when tax is not null then now() end, now())
  on conflict (creator_id) do update set
    method = excluded.method, promptpay_id = excluded.promptpay_id, bank_code = excluded.bank_code,
    account_number = excluded.account_number, account_name = excluded.account_name, legal_name = excluded.legal_name,
    address = excluded.address, tax_id = excluded.tax_id,
    tax_consent_at = case when excluded.tax_id is null then null else coalesce(a.tax_consent_at, excluded.tax_consent_at) end,
    updated_at = now();
end;
$$;
comment on function public.save_payout_account(text, text, text, text, text, text, text, text, boolean) is 'Saves where the calling creator is paid: method promptpay (a mobile number or national ID) or bank (a bank of payout_banks, an account number, the name on it); optionally the legal name and address for tax documents, and the tax ID, kept only with p_tax_consent. Leaving the tax ID out deletes it and its consent.';
revoke all on function public.save_payout_account(text, text, text, text, text, text, text, text, boolean) from public, anon;
grant execute on function public.save_payout_account(text, text, text, text, text, text, text, text, boolean) to authenticated;

-- Closing a month ---------------------------------------------------------------------------

create function public.close_month(p_month date)
  returns json
  language plpgsql volatile security definer
  set search_path = ''
  set statement_timeout = 0
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
     -- A video that is gone keeps what it was paid; one still here that counts less is corrected.
     where n.tiktok_video_id is not null
        or exists (select 1 from public.tiktok_videos v where v.id = p.tiktok_video_id)
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
      select sign(m.views) * floor(abs(m.views) * b.brand_rate_satang / 1000.0)::bigint as charge,
             sign(m.views) * floor(abs(m.views) * b.creator_rate_satang / 1000.0)::bigint as earning
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
comment on function public.close_month(date) is 'Rules 12-14: closes a month (Thailand time) once it is over: a ledger entry per video whose counted views moved since its last entry, and a payout per creator whose net since their last payout reaches pay_rules.payout_minimum_satang. A second call changes nothing and answers what the first did. Admins, or the scheduler on the 1st.';
revoke all on function public.close_month(date) from public, anon;
grant execute on function public.close_month(date) to authenticated, service_role;

create function public.close_due_months()
  returns json
  language plpgsql volatile security definer
  set search_path = ''
as $$
declare
  last_month date := (private.current_month() - interval '1 month')::date;
begin
  if exists (select 1 from public.month_closes c where c.month >= last_month) then
    return null;
  end if;
  return public.close_month(last_month);
end;
$$;
comment on function public.close_due_months() is 'The scheduler''s close (pg_cron hourly on hosted Supabase, the local server every 15 minutes): closes last month (Thailand time) once, when no month from it on is closed; null when there is nothing to close.';
revoke all on function public.close_due_months() from public, anon, authenticated;
grant execute on function public.close_due_months() to service_role;

-- Reading the ledger -------------------------------------------------------------------------

alter table public.ledger_entries enable row level security;
alter table public.month_closes enable row level security;
alter table public.payouts enable row level security;
alter table public.brand_invoice_payments enable row level security;
revoke all on public.ledger_entries, public.month_closes, public.payouts, public.brand_invoice_payments from public, anon, authenticated;
grant select on public.ledger_entries, public.month_closes, public.payouts, public.brand_invoice_payments to authenticated;

create policy "Everyone signed in sees which months are closed"
  on public.month_closes for select to authenticated using (true);
create policy "Creators and brands read their entries, admins all"
  on public.ledger_entries for select to authenticated
  using (creator_id = (select auth.uid()) or brand_id = (select auth.uid()) or (select private.is_admin()));
create policy "Creators read their payouts, admins all"
  on public.payouts for select to authenticated
  using (creator_id = (select auth.uid()) or (select private.is_admin()));
create policy "Brands read their invoice payments, admins all"
  on public.brand_invoice_payments for select to authenticated
  using (brand_id = (select auth.uid()) or (select private.is_admin()));

create view public.creator_statements with (security_invoker = true) as
  select e.creator_id, e.month,
         sum(e.views)::bigint as views,
         sum(e.creator_earning_satang)::bigint as gross_satang,
         coalesce(p.wht_satang, 0) as wht_satang,
         coalesce(p.net_satang, 0) as net_satang,
         coalesce(p.gross_satang - sum(e.creator_earning_satang)::bigint, 0) as carried_in_satang,
         case when p.paid_at is not null then 'paid' when p.id is not null then 'due' else 'carried_over' end as status,
         p.id as payout_id, p.paid_on, p.reference,
         (select min(q.month) from public.payouts q where q.creator_id = e.creator_id and q.month > e.month) as carried_to
    from public.ledger_entries e
    left join public.payouts p on p.creator_id = e.creator_id and p.month = e.month
   group by e.creator_id, e.month, p.id;
comment on view public.creator_statements is 'Rule 13: a creator''s closed months. views and gross_satang sum the month''s entries; a month that made a payout shows its withholding tax and net (carried_in_satang: the gross carried over from earlier months into it), status due or paid (with paid_on and reference); a month whose net stayed under the minimum is carried_over (wht and net 0), to the payout of month carried_to.';

create view public.brand_invoices with (security_invoker = true) as
  select e.brand_id, e.month,
         'VP-' || to_char(e.month, 'YYYYMM') || '-' || upper(right(replace(e.brand_id::text, '-', ''), 8)) as number,
         sum(e.views)::bigint as views,
         sum(e.brand_charge_satang)::bigint as amount_satang,
         case when i.brand_id is not null then 'paid' else 'due' end as status,
         i.paid_on, i.reference
    from public.ledger_entries e
    left join public.brand_invoice_payments i on i.brand_id = e.brand_id and i.month = e.month
   -- The brand's and the admins': a creator's entries make no invoice of theirs.
   where e.brand_id = (select auth.uid()) or (select private.is_admin())
   group by e.brand_id, e.month, i.brand_id, i.paid_on, i.reference;
comment on view public.brand_invoices is 'Rule 13: a brand''s monthly invoice: the counted views and charges of the month''s entries, due until an admin records the payment (mark_invoice_paid).';

create view public.brand_invoice_lines with (security_invoker = true) as
  select e.brand_id, e.month, e.brand_brief_id, b.title,
         sum(e.views)::bigint as views,
         e.brand_rate_satang,
         sum(e.brand_charge_satang)::bigint as amount_satang
    from public.ledger_entries e
    left join public.brand_briefs b on b.id = e.brand_brief_id
   where e.brand_id = (select auth.uid()) or (select private.is_admin())
   group by e.brand_id, e.month, e.brand_brief_id, b.title, e.brand_rate_satang;
comment on view public.brand_invoice_lines is 'A brand''s monthly invoice per brief: counted views and charge at the brief''s rate (what the invoice PDF lists).';

revoke all on public.creator_statements, public.brand_invoices, public.brand_invoice_lines from public, anon, authenticated;
grant select on public.creator_statements, public.brand_invoices, public.brand_invoice_lines to authenticated;

-- This month so far: public.earnings_this_month() is in 20261128000200_budgets.sql, after counted_at().

-- Paying ---------------------------------------------------------------------------------------

alter table public.admin_audit_log drop constraint admin_audit_log_action_check;
alter table public.admin_audit_log add constraint admin_audit_log_action_check check (action in (
  'suspend_user', 'reinstate_user', 'update_profile', 'exclude_video', 'reinstate_video', 'create_invite', 'revoke_invite',
  'mark_payout_paid', 'mark_invoice_paid'
));
alter table public.admin_audit_log drop constraint admin_audit_log_target_type_check;
alter table public.admin_audit_log add constraint admin_audit_log_target_type_check check (target_type in ('user', 'video', 'invite', 'payout', 'invoice'));

create function private.payment_reference(raw text, paid_on date) returns text
  language plpgsql stable
  set search_path = ''
as $$
begin
  if nullif(btrim(raw), '') is null then
    perform private.refuse('payment_reference_required', 'Enter the transfer reference', 400);
  end if;
  if char_length(btrim(raw)) > 100 then
    perform private.refuse('payment_reference_too_long', 'The reference can be at most 100 characters', 400);
  end if;
  if paid_on is null or paid_on > (now() at time zone 'Asia/Bangkok')::date or paid_on < date '2020-01-01' then
    perform private.refuse('payment_date_invalid', 'Enter the day the transfer was made', 400);
  end if;
  return btrim(raw);
end;
$$;

create function public.mark_payout_paid(p_payout_id uuid, p_reference text, p_paid_on date)
  returns void
  language plpgsql volatile security definer
  set search_path = ''
as $$
declare
  payout public.payouts;
  ref text;
begin
  perform private.require_admin();
  ref := private.payment_reference(p_reference, p_paid_on);
  select p.* into payout from public.payouts p where p.id = p_payout_id for update;
  if payout.id is null then
    perform private.refuse('payout_not_found', 'No such payout', 404);
  end if;
  if payout.paid_at is not null then
    perform private.refuse('payout_already_paid', 'This payout is marked paid already', 409);
  end if;
  if not exists (select 1 from public.payout_accounts a where a.creator_id = payout.creator_id) then
    perform private.refuse('payout_details_missing', 'This creator has not given payout details yet', 409);
  end if;
  if p_paid_on < payout.month then
    perform private.refuse('payment_date_invalid', 'Enter the day the transfer was made', 400);
  end if;
  update public.payouts p set paid_on = p_paid_on, reference = ref, paid_by = auth.uid(), paid_at = now()
   where p.id = payout.id;
  perform private.audit('mark_payout_paid', 'payout', payout.id, null,
                        jsonb_build_object('creator_id', payout.creator_id, 'month', payout.month, 'net_satang', payout.net_satang,
                                           'reference', ref, 'paid_on', p_paid_on));
end;
$$;
comment on function public.mark_payout_paid(uuid, text, date) is 'Rule 15: an admin records that a payout was transferred (the bank''s reference, the day), once; written to the audit log. The creator''s statement turns paid.';
revoke all on function public.mark_payout_paid(uuid, text, date) from public, anon;
grant execute on function public.mark_payout_paid(uuid, text, date) to authenticated;

create function public.mark_invoice_paid(p_brand_id uuid, p_month date, p_reference text, p_paid_on date)
  returns void
  language plpgsql volatile security definer
  set search_path = ''
as $$
declare
  ref text;
begin
  perform private.require_admin();
  ref := private.payment_reference(p_reference, p_paid_on);
  if not exists (select 1 from public.ledger_entries e where e.brand_id = p_brand_id and e.month = p_month) then
    perform private.refuse('invoice_not_found', 'No such invoice', 404);
  end if;
  if exists (select 1 from public.brand_invoice_payments i where i.brand_id = p_brand_id and i.month = p_month) then
    perform private.refuse('invoice_already_paid', 'This invoice is marked paid already', 409);
  end if;
  insert into public.brand_invoice_payments (brand_id, month, paid_on, reference, paid_by)
  values (p_brand_id, p_month, p_paid_on, ref, auth.uid());
  perform private.audit('mark_invoice_paid', 'invoice', p_brand_id, null,
                        jsonb_build_object('month', p_month, 'reference', ref, 'paid_on', p_paid_on));
end;
$$;
comment on function public.mark_invoice_paid(uuid, date, text, date) is 'Rule 15: an admin records that a brand paid a month''s invoice, once; written to the audit log.';
revoke all on function public.mark_invoice_paid(uuid, date, text, date) from public, anon;
grant execute on function public.mark_invoice_paid(uuid, date, text, date) to authenticated;

-- Rule 16: the month's withholdings, for the Revenue Department's PND.3 (admins).
create function public.pnd3_rows(p_month date)
  returns table (payout_id uuid, creator_id uuid, tax_id text, legal_name text, address text, paid_on date,
                 gross_satang bigint, wht_satang bigint, wht_rate_bp integer)
  language plpgsql stable security definer
  set search_path = ''
as $$
begin
  perform private.require_admin();
  return query
    select p.id, p.creator_id, a.tax_id, coalesce(a.legal_name, btrim(concat_ws(' ', n.first_name, n.last_name))), a.address, p.paid_on,
           p.gross_satang, p.wht_satang, p.wht_rate_bp
      from public.payouts p
      left join public.payout_accounts a on a.creator_id = p.creator_id
      left join private.profile_names n on n.id = p.creator_id
     where p.paid_on >= date_trunc('month', p_month)::date
       and p.paid_on < (date_trunc('month', p_month) + interval '1 month')::date
       and p.wht_satang > 0
     order by p.paid_on, p.id;
end;
$$;
comment on function public.pnd3_rows(date) is 'The withholdings of payouts paid in a month (Thailand dates), one row per payout, for the PND.3 export; admins only.';
revoke all on function public.pnd3_rows(date) from public, anon;
grant execute on function public.pnd3_rows(date) to authenticated;
