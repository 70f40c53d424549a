-- Issue 34: Thai B2B billing. Brands are companies: their accounting needs documents the Revenue
-- Department accepts. The company's tax position is configured once (pay_rules, from the
-- environment at start); brands give billing details; each closed month with charges issues an
-- invoice (ใบแจ้งหนี้) numbered in one unbroken sequence per kind and year; an admin records what the
-- brand paid and withheld, and each payment issues a receipt/tax invoice (ใบเสร็จรับเงิน/ใบกำกับภาษี,
-- or a receipt when the company is not VAT-registered); a month of corrections only issues a credit
-- note (ใบลดหนี้), whose credit settles the brand's invoices or is refunded. Documents, payments and
-- refunds never change. docs/money.md, "Billing (issue 34)", states each rule with what enforces it.

-- 1. The company's tax position ----------------------------------------------------------------

alter table public.pay_rules
  add column vat_registered boolean not null default true,
  add column vat_rate_bp integer not null default 700 check (vat_rate_bp between 0 and 10000),
  add column company_branch text not null default '00000' check (company_branch ~ '^[0-9]{5}$'),
  add column brand_wht_rate_bp integer not null default 200 check (brand_wht_rate_bp between 0 and 10000);
comment on column public.pay_rules.vat_registered is 'Whether the company is registered for VAT (COMPANY_VAT_REGISTERED): if not, documents carry no VAT and payments issue receipts, never tax invoices.';
comment on column public.pay_rules.vat_rate_bp is 'VAT in basis points (700 = 7%, VAT_RATE), added to a brand''s charges when vat_registered.';
comment on column public.pay_rules.company_branch is 'The company''s head office (00000) or 5-digit branch number, printed beside its tax ID (COMPANY_BRANCH).';
comment on column public.pay_rules.brand_wht_rate_bp is 'The withholding tax a brand is expected to deduct from what it pays, in basis points of the amount before VAT (200 = 2%, advertising; BRAND_WHT_RATE).';
comment on table public.pay_rules is 'The one row of numbers paying and billing use. The local server writes wht_rate_bp from WHT_RATE, the payer (the company on every document) from PAYER_NAME, PAYER_TAX_ID, PAYER_ADDRESS, and the tax position from COMPANY_VAT_REGISTERED, VAT_RATE, COMPANY_BRANCH and BRAND_WHT_RATE at start; on hosted Supabase, update it in SQL.';

-- Months closed before billing existed keep their old invoice only (brand_invoices, mark_invoice_paid).
create table private.billing_start (
  id boolean primary key default true check (id),
  first_month date not null
);
comment on table private.billing_start is 'The first month whose close issues billing documents: the month after the last one closed when billing was introduced (2000-01 on a new database). Earlier months keep their old invoice only.';
alter table private.billing_start enable row level security;
insert into private.billing_start (first_month)
select coalesce((select (max(c.month) + interval '1 month')::date from public.month_closes c), date '2000-01-01');

-- 2. Brand billing details ---------------------------------------------------------------------

create table public.brand_billing_details (
  brand_id uuid primary key references public.profiles (id) on delete cascade,
  legal_name text not null check (char_length(legal_name) between 1 and 200),
  address text not null check (char_length(address) between 1 and 500),
  tax_id text not null check (private.thai_id_valid(tax_id)),
  branch text not null check (branch ~ '^[0-9]{5}$'),
  billing_email text not null check (char_length(billing_email) <= 254 and billing_email ~ '^[^@[:space:]]+@[^@[:space:]]+\.[^@[:space:]]+$'),
  updated_at timestamptz not null default now()
);
comment on table public.brand_billing_details is 'A brand''s particulars for its tax documents: registered name, billing address, 13-digit tax ID (Thai check digit), head office (00000) or branch, and the e-mail documents go to. Readable by the brand and admins only, written only by save_billing_details(); each document keeps a copy as it stood when issued.';
alter table public.brand_billing_details enable row level security;
create policy "Brands read their billing details, admins all" on public.brand_billing_details
  for select to authenticated using (brand_id = (select auth.uid()) or (select private.is_admin()));
revoke all on public.brand_billing_details from public, anon, authenticated, service_role;
grant select on public.brand_billing_details to authenticated, service_role;
create trigger brand_billing_details_refuse_if_suspended before insert or update or delete on public.brand_billing_details
  for each statement execute function private.refuse_suspended_writes();

-- 3. Documents, their lines, payments and refunds ---------------------------------------------

create table private.billing_counters (
  kind text not null check (kind in ('invoice', 'tax_invoice', 'receipt', 'credit_note')),
  year integer not null,
  last_number integer not null check (last_number > 0),
  primary key (kind, year)
);
comment on table private.billing_counters is 'The last number issued per document kind and year (Thailand time): private.insert_document takes the next one in the issuing transaction, under the billing lock, so numbers are never skipped or reused (a rolled-back issue rolls its number back).';
alter table private.billing_counters enable row level security;

create table private.billing_documents (
  id uuid primary key default gen_random_uuid(),
  kind text not null check (kind in ('invoice', 'tax_invoice', 'receipt', 'credit_note')),
  number text not null unique,
  year integer not null,
  seq integer not null check (seq > 0),
  brand_id uuid not null,
  month date not null,
  issued_at timestamptz not null,
  due_on date,
  subtotal_satang bigint not null check (subtotal_satang >= 0),
  vat_satang bigint not null check (vat_satang >= 0),
  total_satang bigint not null,
  wht_expected_satang bigint not null check (wht_expected_satang >= 0),
  net_due_satang bigint not null check (net_due_satang >= 0),
  vat_rate_bp integer check (vat_rate_bp between 0 and 10000),
  wht_rate_bp integer check (wht_rate_bp between 0 and 10000),
  related_id uuid references private.billing_documents (id),
  reason text,
  seller jsonb not null,
  buyer jsonb not null,
  unique (kind, year, seq),
  check (subtotal_satang + vat_satang = total_satang),
  check (total_satang - wht_expected_satang = net_due_satang),
  check ((kind = 'invoice') = (due_on is not null)),
  check ((kind = 'invoice') = (related_id is null)),
  check ((kind = 'credit_note') = (reason is not null)),
  check (kind <> 'receipt' or (vat_satang = 0 and vat_rate_bp is null)),
  check (kind <> 'tax_invoice' or vat_rate_bp is not null),
  check (vat_rate_bp is not null or vat_satang = 0)
);
comment on table private.billing_documents is 'Issue 34: every billing document issued to a brand, numbered (PREFIX-year-000001 per kind and Thailand year) and never changed: invoices (one per brand and closed month with charges), receipts/tax invoices (one per payment), credit notes (one per month of corrections only). Amounts in satang; seller and buyer are the particulars as they stood at issue. What is paid, applied or refunded since is in public.brand_payments and public.brand_refunds; public.billing_documents shows both.';
comment on column private.billing_documents.month is 'The closed month billed (an invoice), corrected (a credit note), or paid for (a receipt: its invoice''s month).';
comment on column private.billing_documents.vat_rate_bp is 'The VAT rate the document was issued at; null when the company was not VAT-registered (no VAT, receipts instead of tax invoices).';
comment on column private.billing_documents.wht_expected_satang is 'An invoice: the withholding tax the brand is expected to deduct (wht_rate_bp of the subtotal, rounded half up); a receipt: what this payment withheld; a credit note: 0.';
comment on column private.billing_documents.related_id is 'A receipt/tax invoice: its invoice; a credit note: the document it reduces (the brand''s latest receipt/tax invoice, else its latest invoice).';
create unique index billing_documents_one_per_month on private.billing_documents (brand_id, month, kind) where kind in ('invoice', 'credit_note');
create index billing_documents_brand_idx on private.billing_documents (brand_id, issued_at desc);
create index billing_documents_related_idx on private.billing_documents (related_id);
create index billing_documents_issued_idx on private.billing_documents (issued_at);
alter table private.billing_documents enable row level security;
create policy "Brands read their billing documents, admins all" on private.billing_documents
  for select to authenticated using (brand_id = (select auth.uid()) or (select private.is_admin()));
grant select on private.billing_documents to authenticated, service_role;

create table private.billing_document_lines (
  document_id uuid not null references private.billing_documents (id),
  position integer not null check (position > 0),
  brand_id uuid not null,
  description text not null,
  views bigint,
  rate_satang integer,
  amount_satang bigint not null,
  primary key (document_id, position)
);
comment on table private.billing_document_lines is 'The lines of a billing document, written when it is issued and never changed: an invoice''s per brief (counted views, the brief''s rate, the charge; they sum to its subtotal), a credit note''s per brief (the views and value taken back), a receipt''s one line.';
alter table private.billing_document_lines enable row level security;
create policy "Brands read their billing document lines, admins all" on private.billing_document_lines
  for select to authenticated using (brand_id = (select auth.uid()) or (select private.is_admin()));
grant select on private.billing_document_lines to authenticated, service_role;

create table public.brand_payments (
  id uuid primary key default gen_random_uuid(),
  invoice_id uuid not null,
  brand_id uuid not null,
  received_satang bigint not null check (received_satang >= 0),
  withheld_satang bigint not null check (withheld_satang >= 0),
  credited_satang bigint not null default 0 check (credited_satang >= 0),
  credit_note_id uuid,
  certificate_no text check (char_length(certificate_no) between 1 and 50),
  paid_on date not null,
  bank_reference text check (char_length(bank_reference) between 1 and 100),
  recorded_by uuid,
  recorded_at timestamptz not null default now(),
  document_id uuid not null unique,
  check (received_satang + withheld_satang + credited_satang > 0),
  check ((credited_satang > 0) = (credit_note_id is not null)),
  check (credit_note_id is null or (received_satang = 0 and withheld_satang = 0)),
  check (withheld_satang = 0 or certificate_no is not null),
  check (received_satang = 0 or bank_reference is not null)
);
comment on table public.brand_payments is 'Issue 34: what settled a brand''s invoice, one row per payment, never changed: money received, tax the brand withheld (with its 50 Tawi certificate number), or credit from a credit note (credited_satang, credit_note_id); each issued its own receipt/tax invoice (document_id). Recorded by record_brand_payment() (an admin), mark_invoice_paid(), or a credit note''s credit (recorded_by null: the close or the brand''s billing details). Readable by the brand and admins.';
create index brand_payments_invoice_idx on public.brand_payments (invoice_id);
create index brand_payments_credit_note_idx on public.brand_payments (credit_note_id) where credit_note_id is not null;
create index brand_payments_brand_idx on public.brand_payments (brand_id, paid_on desc);
create index brand_payments_paid_on_idx on public.brand_payments (paid_on) where withheld_satang > 0;
alter table public.brand_payments enable row level security;
create policy "Brands read their payments, admins all" on public.brand_payments
  for select to authenticated using (brand_id = (select auth.uid()) or (select private.is_admin()));
revoke all on public.brand_payments from public, anon, authenticated, service_role;
grant select on public.brand_payments to authenticated, service_role;

create table public.brand_refunds (
  id uuid primary key default gen_random_uuid(),
  credit_note_id uuid not null,
  brand_id uuid not null,
  amount_satang bigint not null check (amount_satang > 0),
  paid_on date not null,
  bank_reference text not null check (char_length(bank_reference) between 1 and 100),
  recorded_by uuid,
  recorded_at timestamptz not null default now()
);
comment on table public.brand_refunds is 'Issue 34: credit from a credit note paid back to the brand, recorded by record_brand_refund() (an admin), never changed. Readable by the brand and admins.';
create index brand_refunds_credit_note_idx on public.brand_refunds (credit_note_id);
create index brand_refunds_brand_idx on public.brand_refunds (brand_id);
alter table public.brand_refunds enable row level security;
create policy "Brands read their refunds, admins all" on public.brand_refunds
  for select to authenticated using (brand_id = (select auth.uid()) or (select private.is_admin()));
revoke all on public.brand_refunds from public, anon, authenticated, service_role;
grant select on public.brand_refunds to authenticated, service_role;

-- Nobody changes what was issued, paid or refunded: not the service role, not the owner's own functions.
create function private.refuse_document_change()
returns trigger
language plpgsql
set search_path = ''
as $$
begin
  perform private.refuse('document_immutable', 'Issued documents, payments and refunds are never changed; a credit note corrects what is owed', 403);
  return null;
end;
$$;
comment on function private.refuse_document_change() is 'Trigger: refuses any update, delete or truncate of billing documents, their lines, brand payments and refunds (document_immutable, 403).';

create trigger billing_documents_immutable before update or delete on private.billing_documents
  for each row execute function private.refuse_document_change();
create trigger billing_documents_no_truncate before truncate on private.billing_documents
  for each statement execute function private.refuse_document_change();
create trigger billing_document_lines_immutable before update or delete on private.billing_document_lines
  for each row execute function private.refuse_document_change();
create trigger billing_document_lines_no_truncate before truncate on private.billing_document_lines
  for each statement execute function private.refuse_document_change();
create trigger brand_payments_immutable before update or delete on public.brand_payments
  for each row execute function private.refuse_document_change();
create trigger brand_payments_no_truncate before truncate on public.brand_payments
  for each statement execute function private.refuse_document_change();
create trigger brand_refunds_immutable before update or delete on public.brand_refunds
  for each row execute function private.refuse_document_change();
create trigger brand_refunds_no_truncate before truncate on public.brand_refunds
  for each statement execute function private.refuse_document_change();

-- 4. What the app reads -------------------------------------------------------------------------

create view public.billing_documents with (security_invoker = true) as
select d.id, d.kind, d.number, d.brand_id, d.month, d.issued_at, d.due_on,
       d.subtotal_satang, d.vat_satang, d.total_satang, d.wht_expected_satang, d.net_due_satang,
       d.related_id, r.number as related_number, d.reason, d.seller, d.buyer,
       case d.kind
         when 'invoice' then case when s.paid >= d.total_satang then 'paid' when s.paid > 0 then 'partly_paid' else 'due' end
         when 'credit_note' then case when c.used < d.total_satang then 'unused' when c.refunded > 0 then 'refunded' else 'applied' end
       end as status,
       case d.kind when 'invoice' then s.paid when 'credit_note' then c.used else d.total_satang end as paid_satang,
       case d.kind when 'invoice' then d.total_satang - s.paid when 'credit_note' then d.total_satang - c.used else 0::bigint end as balance_satang,
       d.vat_rate_bp, d.wht_rate_bp,
       case when d.kind = 'invoice' then s.credited end as credited_satang,
       rp.id as payment_id, rp.paid_on
  from private.billing_documents d
  left join private.billing_documents r on r.id = d.related_id
  left join lateral (
    select coalesce(sum(p.received_satang + p.withheld_satang + p.credited_satang), 0)::bigint as paid,
           coalesce(sum(p.credited_satang), 0)::bigint as credited
      from public.brand_payments p where p.invoice_id = d.id
  ) s on true
  left join lateral (
    select (coalesce((select sum(p.credited_satang) from public.brand_payments p where p.credit_note_id = d.id), 0)
            + coalesce((select sum(f.amount_satang) from public.brand_refunds f where f.credit_note_id = d.id), 0))::bigint as used,
           coalesce((select sum(f.amount_satang) from public.brand_refunds f where f.credit_note_id = d.id), 0)::bigint as refunded
  ) c on true
  left join public.brand_payments rp on rp.document_id = d.id;
comment on view public.billing_documents is 'Issue 34: a brand''s billing documents, readable by that brand and admins only: the issued figures (never changed) and where each stands now. An invoice is due, partly_paid or paid (paid_satang: received + withheld + credited so far; balance_satang: what is left of its total); a credit note is unused (balance_satang: credit left), applied or refunded; a receipt/tax invoice names its payment (payment_id, paid_on). Always subtotal + vat = total and total - wht_expected = net_due.';
revoke all on public.billing_documents from public, anon, authenticated, service_role;
grant select on public.billing_documents to authenticated, service_role;

create view public.billing_document_lines with (security_invoker = true) as
select l.document_id, l.position, l.description, l.views, l.rate_satang, l.amount_satang
  from private.billing_document_lines l;
comment on view public.billing_document_lines is 'Issue 34: the lines of a billing document, readable by its brand and admins: an invoice''s per brief (the brief''s title at issue, counted views, rate per 1,000 views, charge; they sum to its subtotal), a credit note''s per brief (views and value taken back), a receipt''s one line (what was paid for, its value before VAT).';
revoke all on public.billing_document_lines from public, anon, authenticated, service_role;
grant select on public.billing_document_lines to authenticated, service_role;
-- A write through a view is refused as one on its tables: by the missing grant (42501), else by the
-- trigger (document_immutable), never PostgreSQL's "cannot update view" (a 500 through the API).
create trigger billing_documents_immutable instead of insert or update or delete on public.billing_documents
  for each row execute function private.refuse_document_change();
create trigger billing_document_lines_immutable instead of insert or update or delete on public.billing_document_lines
  for each row execute function private.refuse_document_change();

-- 5. Issuing ------------------------------------------------------------------------------------

-- Amounts: one rounding, half up, to the satang (amounts here are never negative).
create function private.percent_of(amount bigint, rate_bp integer)
returns bigint
language sql
immutable
set search_path = ''
as $$
  select round(amount::numeric * rate_bp / 10000)::bigint
$$;
comment on function private.percent_of(bigint, integer) is 'rate_bp basis points of amount, rounded once, half up, to the satang: VAT on an invoice or credit note (vat_rate_bp) and the withholding expected on an invoice (brand_wht_rate_bp). Null when rate_bp is null.';

create function private.billing_seller()
returns jsonb
language sql
stable
security definer
set search_path = ''
as $$
  select jsonb_build_object('name', r.payer_name, 'address', r.payer_address, 'tax_id', r.payer_tax_id,
                            'branch', r.company_branch, 'vat_registered', r.vat_registered)
    from public.pay_rules r
$$;
comment on function private.billing_seller() is 'The company''s particulars for a document issued now, from pay_rules.';

create function private.billing_buyer(brand uuid)
returns jsonb
language sql
stable
security definer
set search_path = ''
as $$
  select jsonb_build_object('name', b.legal_name, 'address', b.address, 'tax_id', b.tax_id, 'branch', b.branch, 'email', b.billing_email)
    from public.brand_billing_details b
   where b.brand_id = billing_buyer.brand
$$;
comment on function private.billing_buyer(uuid) is 'The brand''s particulars for a document issued now (brand_billing_details), or null when it gave none.';

create function private.insert_document(p_kind text, p_brand uuid, p_month date, p_subtotal bigint, p_vat bigint, p_wht bigint,
                                        p_vat_rate_bp integer, p_wht_rate_bp integer, p_related uuid, p_reason text, p_buyer jsonb)
returns private.billing_documents
language plpgsql
security definer
set search_path = ''
as $$
declare
  issued timestamptz;
  yr integer;
  n integer;
  doc private.billing_documents;
begin
  -- One issuer at a time (the lock lasts until commit): numbers follow the order of issue, and an
  -- issue rolled back takes its number back with it.
  perform pg_advisory_xact_lock(hashtext('viewpact:billing'));
  issued := clock_timestamp();
  yr := extract(year from issued at time zone 'Asia/Bangkok')::integer;
  insert into private.billing_counters as c (kind, year, last_number) values (p_kind, yr, 1)
  on conflict (kind, year) do update set last_number = c.last_number + 1
  returning c.last_number into n;
  insert into private.billing_documents (kind, number, year, seq, brand_id, month, issued_at, due_on, subtotal_satang, vat_satang,
                                         total_satang, wht_expected_satang, net_due_satang, vat_rate_bp, wht_rate_bp, related_id,
                                         reason, seller, buyer)
  values (p_kind,
          case p_kind when 'invoice' then 'INV' when 'tax_invoice' then 'TAX' when 'receipt' then 'RCT' else 'CN' end
            || '-' || yr::text || '-' || lpad(n::text, greatest(6, char_length(n::text)), '0'),
          yr, n, p_brand, p_month, issued,
          case when p_kind = 'invoice' then (issued at time zone 'Asia/Bangkok')::date + 30 end,
          p_subtotal, p_vat, p_subtotal + p_vat, p_wht, p_subtotal + p_vat - p_wht, p_vat_rate_bp, p_wht_rate_bp, p_related,
          p_reason, private.billing_seller(), p_buyer)
  returning * into doc;
  perform private.touch_money(array[p_brand]);
  return doc;
end;
$$;
comment on function private.insert_document(text, uuid, date, bigint, bigint, bigint, integer, integer, uuid, text, jsonb) is 'Issues one billing document now: the next number of its kind and Thailand year (private.billing_counters, under the billing lock), the seller as pay_rules stand, the buyer given; due 30 days after issue for an invoice.';

create function private.issue_invoice(p_brand uuid, p_month date, p_buyer jsonb)
returns private.billing_documents
language plpgsql
security definer
set search_path = ''
as $$
declare
  rules public.pay_rules;
  charged bigint;
  vat_bp integer;
  doc private.billing_documents;
begin
  select * into rules from public.pay_rules;
  select s.amount_satang into charged from private.invoice_sums s where s.brand_id = p_brand and s.month = p_month;
  vat_bp := case when rules.vat_registered then rules.vat_rate_bp end;
  doc := private.insert_document('invoice', p_brand, p_month, charged, coalesce(private.percent_of(charged, vat_bp), 0),
                                 private.percent_of(charged, rules.brand_wht_rate_bp), vat_bp, rules.brand_wht_rate_bp, null, null, p_buyer);
  insert into private.billing_document_lines (document_id, position, brand_id, description, views, rate_satang, amount_satang)
  select doc.id, row_number() over (order by lower(coalesce(b.title, '')), l.brand_brief_id, l.brand_rate_satang), p_brand,
         coalesce(nullif(btrim(b.title), ''), 'Campaign / แคมเปญ'), l.views, l.brand_rate_satang, l.amount_satang
    from private.invoice_line_sums l
    left join public.brand_briefs b on b.id = l.brand_brief_id
   where l.brand_id = p_brand and l.month = p_month and (l.views <> 0 or l.amount_satang <> 0);
  return doc;
end;
$$;
comment on function private.issue_invoice(uuid, date, jsonb) is 'Issues the invoice of a brand''s closed month with charges: subtotal = the month''s charges (private.invoice_sums: its ledger entries summed), VAT = private.percent_of(subtotal, vat_rate_bp) when VAT-registered, withholding expected = private.percent_of(subtotal, brand_wht_rate_bp), net due = total - withholding; one line per brief (private.invoice_line_sums).';

create function private.issue_credit_note(p_brand uuid, p_month date, p_original private.billing_documents, p_buyer jsonb)
returns private.billing_documents
language plpgsql
security definer
set search_path = ''
as $$
declare
  taken_back bigint;
  views_back bigint;
  doc private.billing_documents;
begin
  select -s.amount_satang, -s.views into taken_back, views_back from private.invoice_sums s where s.brand_id = p_brand and s.month = p_month;
  doc := private.insert_document('credit_note', p_brand, p_month, taken_back,
                                 coalesce(private.percent_of(taken_back, p_original.vat_rate_bp), 0), 0,
                                 p_original.vat_rate_bp, null, p_original.id,
                                 format('Correction at the close of %s: counted views billed before no longer count (%s views taken back) / '
                                        || 'ปรับลดเมื่อปิดยอดเดือน %s: วิวที่นับซึ่งเรียกเก็บไปแล้วไม่นับอีกต่อไป (หักคืน %s วิว)',
                                        to_char(p_month, 'YYYY-MM'), views_back,
                                        to_char(p_month, 'MM') || '/' || (extract(year from p_month)::integer + 543)::text, views_back),
                                 coalesce(p_buyer, p_original.buyer));
  insert into private.billing_document_lines (document_id, position, brand_id, description, views, rate_satang, amount_satang)
  select doc.id, row_number() over (order by lower(coalesce(b.title, '')), l.brand_brief_id, l.brand_rate_satang), p_brand,
         coalesce(nullif(btrim(b.title), ''), 'Campaign / แคมเปญ'), -l.views, l.brand_rate_satang, -l.amount_satang
    from private.invoice_line_sums l
    left join public.brand_briefs b on b.id = l.brand_brief_id
   where l.brand_id = p_brand and l.month = p_month and (l.views <> 0 or l.amount_satang <> 0);
  return doc;
end;
$$;
comment on function private.issue_credit_note(uuid, date, private.billing_documents, jsonb) is 'Issues the credit note of a brand''s closed month whose charges are below zero (corrections only): value = minus the month''s charges, VAT = private.percent_of(value, the original''s VAT rate), against p_original, with the reason in both languages; one line per brief (views and value taken back).';

-- The core of every payment: an admin's, mark_invoice_paid's, or a credit note's credit.
create function private.settle_invoice(p_invoice uuid, p_received bigint, p_withheld bigint, p_credited bigint, p_credit_note uuid,
                                       p_certificate text, p_paid_on date, p_reference text)
returns public.brand_payments
language plpgsql
security definer
set search_path = ''
as $$
declare
  inv private.billing_documents;
  paid bigint;
  value bigint := p_received + p_withheld + p_credited;
  vat bigint;
  receipt private.billing_documents;
  payment public.brand_payments;
begin
  perform pg_advisory_xact_lock(hashtext('viewpact:billing'));
  select d.* into inv from private.billing_documents d where d.id = p_invoice and d.kind = 'invoice';
  if inv.id is null then
    perform private.refuse('invoice_not_found', 'No such invoice', 404);
  end if;
  select coalesce(sum(p.received_satang + p.withheld_satang + p.credited_satang), 0) into paid
    from public.brand_payments p where p.invoice_id = inv.id;
  if value > inv.total_satang - paid then
    perform private.refuse('payment_exceeds_balance', 'This is more than the invoice''s balance', 422,
                           jsonb_build_object('balance_satang', inv.total_satang - paid));
  end if;
  -- This payment's share of the invoice's VAT, rounded cumulatively: the receipts of an invoice add
  -- up to its VAT exactly (one payment of the whole: the invoice's VAT).
  vat := case when inv.total_satang = 0 then 0
              else round((paid + value)::numeric * inv.vat_satang / inv.total_satang)::bigint
                   - round(paid::numeric * inv.vat_satang / inv.total_satang)::bigint end;
  receipt := private.insert_document(case when inv.vat_rate_bp is null then 'receipt' else 'tax_invoice' end,
                                     inv.brand_id, inv.month, value - vat, vat, p_withheld, inv.vat_rate_bp, null, inv.id, null,
                                     coalesce(private.billing_buyer(inv.brand_id), inv.buyer));
  insert into private.billing_document_lines (document_id, position, brand_id, description, views, rate_satang, amount_satang)
  values (receipt.id, 1, inv.brand_id,
          format('Advertising by counted views, %s (invoice %s) / ค่าโฆษณาตามวิวที่นับ เดือน %s (ใบแจ้งหนี้ %s)',
                 to_char(inv.month, 'YYYY-MM'), inv.number,
                 to_char(inv.month, 'MM') || '/' || (extract(year from inv.month)::integer + 543)::text, inv.number),
          null, null, value - vat);
  insert into public.brand_payments (invoice_id, brand_id, received_satang, withheld_satang, credited_satang, credit_note_id,
                                     certificate_no, paid_on, bank_reference, recorded_by, document_id)
  values (inv.id, inv.brand_id, p_received, p_withheld, p_credited, p_credit_note, p_certificate, p_paid_on, p_reference,
          (select auth.uid()), receipt.id)
  returning * into payment;
  -- Settled in full: the month's old invoice reads paid too (brand_invoices, leaving owing).
  if paid + value = inv.total_satang then
    insert into public.brand_invoice_payments (brand_id, month, paid_on, reference, paid_by)
    values (inv.brand_id, inv.month, p_paid_on, coalesce(p_reference, receipt.number), (select auth.uid()))
    on conflict (brand_id, month) do nothing;
  end if;
  return payment;
end;
$$;
comment on function private.settle_invoice(uuid, bigint, bigint, bigint, uuid, text, date, text) is 'Records one payment of an invoice (received, withheld, or credited from a credit note), never more than its balance (payment_exceeds_balance), and issues its receipt/tax invoice (a receipt when the invoice carries no VAT rate): total = the payment''s value, VAT = its share of the invoice''s VAT rounded cumulatively, withholding = what it withheld. Once the invoice is settled in full, brand_invoice_payments marks the month paid.';

create function private.apply_credits(p_brand uuid)
returns void
language plpgsql
security definer
set search_path = ''
as $$
declare
  credit record;
  inv record;
  left_over bigint;
  take bigint;
begin
  for credit in
    select d.id,
           d.total_satang
           - coalesce((select sum(p.credited_satang) from public.brand_payments p where p.credit_note_id = d.id), 0)
           - coalesce((select sum(f.amount_satang) from public.brand_refunds f where f.credit_note_id = d.id), 0) as unused
      from private.billing_documents d
     where d.brand_id = p_brand and d.kind = 'credit_note'
     order by d.issued_at, d.seq
  loop
    left_over := credit.unused;
    continue when left_over <= 0;
    for inv in
      select d.id, d.total_satang - coalesce(sum(p.received_satang + p.withheld_satang + p.credited_satang), 0) as balance
        from private.billing_documents d
        left join public.brand_payments p on p.invoice_id = d.id
       where d.brand_id = p_brand and d.kind = 'invoice'
       group by d.id, d.total_satang, d.issued_at, d.seq
       order by d.issued_at, d.seq
    loop
      take := least(left_over, inv.balance);
      if take > 0 then
        perform private.settle_invoice(inv.id, 0, 0, take, credit.id, null, (now() at time zone 'Asia/Bangkok')::date, null);
        left_over := left_over - take;
      end if;
      exit when left_over = 0;
    end loop;
  end loop;
end;
$$;
comment on function private.apply_credits(uuid) is 'A brand''s unused credit (credit notes, oldest first, less what settled invoices or was refunded) settles its open invoices, oldest first, each up to its balance: a payment by credit, with its own receipt/tax invoice. Nothing is withheld on a settlement by credit (no money moves); the brand withholds on what it still transfers.';

create function private.issue_billing(p_brand uuid)
returns integer
language plpgsql
security definer
set search_path = ''
as $$
declare
  buyer jsonb;
  m record;
  original private.billing_documents;
  issued integer := 0;
begin
  perform pg_advisory_xact_lock(hashtext('viewpact:billing'));
  buyer := private.billing_buyer(p_brand);
  -- Without billing details the brand's months wait (billing_details_missing); saving them issues these.
  if buyer is null then
    return 0;
  end if;
  for m in
    select s.month, s.amount_satang
      from private.invoice_sums s
     where s.brand_id = p_brand and s.amount_satang <> 0
       and s.month >= (select b.first_month from private.billing_start b)
       and not exists (select 1 from private.billing_documents d
                        where d.brand_id = s.brand_id and d.month = s.month and d.kind in ('invoice', 'credit_note'))
       -- A month an admin marked paid the old way (mark_invoice_paid) before the brand gave its details keeps its old invoice.
       and not exists (select 1 from public.brand_invoice_payments i where i.brand_id = s.brand_id and i.month = s.month)
     order by s.month
  loop
    if m.amount_satang > 0 then
      perform private.issue_invoice(p_brand, m.month, buyer);
      issued := issued + 1;
    else
      select d.* into original from private.billing_documents d
       where d.brand_id = p_brand and d.kind in ('tax_invoice', 'receipt')
       order by d.issued_at desc, d.seq desc limit 1;
      if original.id is null then
        select d.* into original from private.billing_documents d
         where d.brand_id = p_brand and d.kind = 'invoice'
         order by d.issued_at desc, d.seq desc limit 1;
      end if;
      -- A correction of months billed before billing documents existed has nothing to credit.
      if original.id is not null then
        perform private.issue_credit_note(p_brand, m.month, original, buyer);
        issued := issued + 1;
      end if;
    end if;
  end loop;
  perform private.apply_credits(p_brand);
  return issued;
end;
$$;
comment on function private.issue_billing(uuid) is 'Issues what a brand''s closed months call for, oldest month first, once the brand has billing details: an invoice per month with charges above zero, a credit note per month below zero (against the brand''s latest receipt/tax invoice, else its latest invoice); then its unused credit settles its open invoices (private.apply_credits). Months from private.billing_start on, except those an admin marked paid the old way (brand_invoice_payments) before the details came. Answers how many invoices and credit notes it issued.';

-- The close issues the month's documents, in the close's transaction.
create or replace function private.issue_invoices()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  brand uuid;
begin
  update private.invoice_sums s set issued_at = new.closed_at where s.month = new.month;
  for brand in select s.brand_id from private.invoice_sums s where s.month = new.month order by s.brand_id loop
    perform private.issue_billing(brand);
  end loop;
  return null;
end;
$$;
comment on function private.issue_invoices() is 'Trigger: a closed month dates its old invoices (private.invoice_sums.issued_at) with the close''s time, and issues the billing documents of each brand it charged or credited (private.issue_billing): an invoice, or a credit note, for brands with billing details.';

revoke all on function private.percent_of(bigint, integer) from public, anon, authenticated, service_role;
revoke all on function private.billing_seller() from public, anon, authenticated, service_role;
revoke all on function private.billing_buyer(uuid) from public, anon, authenticated, service_role;
revoke all on function private.insert_document(text, uuid, date, bigint, bigint, bigint, integer, integer, uuid, text, jsonb) from public, anon, authenticated, service_role;
revoke all on function private.issue_invoice(uuid, date, jsonb) from public, anon, authenticated, service_role;
revoke all on function private.issue_credit_note(uuid, date, private.billing_documents, jsonb) from public, anon, authenticated, service_role;
revoke all on function private.settle_invoice(uuid, bigint, bigint, bigint, uuid, text, date, text) from public, anon, authenticated, service_role;
revoke all on function private.apply_credits(uuid) from public, anon, authenticated, service_role;
revoke all on function private.issue_billing(uuid) from public, anon, authenticated, service_role;

-- 6. The API ------------------------------------------------------------------------------------

alter table public.admin_audit_log drop constraint admin_audit_log_action_check;
alter table public.admin_audit_log add constraint admin_audit_log_action_check check (action = any (array[
  'suspend_user', 'reinstate_user', 'update_profile', 'exclude_video', 'reinstate_video', 'create_invite', 'revoke_invite',
  'use_invite', 'mark_payout_paid', 'mark_invoice_paid', 'close_month', 'close_month_failed',
  'record_brand_payment', 'record_brand_refund']));

create function private.too_long(field text, value text, max integer)
returns void
language plpgsql
stable
set search_path = ''
as $$
begin
  if char_length(value) > max then
    perform private.refuse('field_too_long', format('%s has at most %s characters', field, max), 422,
                           jsonb_build_object('field', field, 'max', max));
  end if;
end;
$$;
comment on function private.too_long(text, text, integer) is 'Refuses field_too_long (422, with the field and its limit in the details) when value is longer than max characters.';

create function private.payment_day(paid_on date)
returns void
language plpgsql
stable
set search_path = ''
as $$
begin
  if paid_on is null or paid_on < date '2020-01-01' then
    perform private.refuse('paid_on_invalid', 'Enter the day the payment arrived', 422);
  end if;
  if paid_on > (now() at time zone 'Asia/Bangkok')::date then
    perform private.refuse('paid_on_in_future', 'The payment date cannot be in the future', 422);
  end if;
end;
$$;
comment on function private.payment_day(date) is 'Refuses a payment or refund day that is missing or before 2020 (paid_on_invalid) or after today in Thailand (paid_on_in_future).';

create function public.save_billing_details(p_legal_name text, p_address text, p_tax_id text, p_branch text, p_billing_email text)
returns public.brand_billing_details
language plpgsql
security definer
set search_path = ''
as $$
declare
  me uuid := (select auth.uid());
  legal text := btrim(coalesce(p_legal_name, ''));
  addr text := btrim(coalesce(p_address, ''));
  tax text := regexp_replace(coalesce(p_tax_id, ''), '[[:space:]-]', '', 'g');
  branch text := coalesce(nullif(btrim(coalesce(p_branch, '')), ''), '00000');
  email text := btrim(coalesce(p_billing_email, ''));
  saved public.brand_billing_details;
begin
  if me is null then
    perform private.refuse('auth_required', 'Authentication required', 401);
  end if;
  if (select private.current_user_type()) is distinct from 'brand' then
    perform private.refuse('not_a_brand', 'Only brands have billing details', 403);
  end if;
  if legal = '' then
    perform private.refuse('legal_name_required', 'Enter the company''s registered name', 422);
  end if;
  perform private.too_long('legal_name', legal, 200);
  if addr = '' then
    perform private.refuse('address_required', 'Enter the billing address', 422);
  end if;
  perform private.too_long('address', addr, 500);
  if not private.thai_id_valid(tax) then
    perform private.refuse('tax_id_invalid', 'Enter a valid 13-digit Thai tax ID', 422);
  end if;
  if branch !~ '^[0-9]{5}$' then
    perform private.refuse('branch_invalid', 'Enter 00000 for the head office, or the 5-digit branch number', 422);
  end if;
  perform private.too_long('billing_email', email, 254);
  if email !~ '^[^@[:space:]]+@[^@[:space:]]+\.[^@[:space:]]+$' then
    perform private.refuse('billing_email_invalid', 'Enter a valid e-mail address for the documents', 422);
  end if;

  insert into public.brand_billing_details as b (brand_id, legal_name, address, tax_id, branch, billing_email, updated_at)
  values (me, legal, addr, tax, branch, email, now())
  on conflict (brand_id) do update
    set legal_name = excluded.legal_name, address = excluded.address, tax_id = excluded.tax_id, branch = excluded.branch,
        billing_email = excluded.billing_email, updated_at = now()
  returning * into saved;
  -- The months that waited for these details are invoiced now.
  perform private.issue_billing(me);
  perform private.touch_money(array[me]);
  return saved;
end;
$$;
comment on function public.save_billing_details(text, text, text, text, text) is 'Issue 34: saves the calling brand''s billing details (registered name 1-200, address 1-500, 13-digit tax ID with the Thai check digit (spaces and dashes ignored), branch 00000 for the head office or 5 digits (empty: 00000), e-mail); then issues the invoices (and credit notes) its closed months waited for, with the next numbers. Documents already issued keep the details they were issued with. Codes: auth_required, not_a_brand, legal_name_required, address_required, field_too_long, tax_id_invalid, branch_invalid, billing_email_invalid.';
revoke all on function public.save_billing_details(text, text, text, text, text) from public, anon;
grant execute on function public.save_billing_details(text, text, text, text, text) to authenticated, service_role;

create function public.record_brand_payment(p_invoice_id uuid, p_received_satang bigint, p_withheld_satang bigint,
                                            p_certificate_no text, p_paid_on date, p_bank_reference text)
returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
declare
  received bigint := coalesce(p_received_satang, 0);
  withheld bigint := coalesce(p_withheld_satang, 0);
  certificate text := nullif(btrim(coalesce(p_certificate_no, '')), '');
  reference text := nullif(btrim(coalesce(p_bank_reference, '')), '');
  inv private.billing_documents;
  payment public.brand_payments;
  receipt private.billing_documents;
  balance bigint;
begin
  perform private.require_admin();
  perform pg_advisory_xact_lock(hashtext('viewpact:billing'));
  select d.* into inv from private.billing_documents d where d.id = p_invoice_id and d.kind = 'invoice';
  if inv.id is null then
    perform private.refuse('invoice_not_found', 'No such invoice', 404);
  end if;
  if received < 0 or withheld < 0 or received + withheld <= 0 or received > 1000000000000000 or withheld > 1000000000000000 then
    perform private.refuse('amount_invalid', 'Enter an amount above zero; no part may be negative', 422);
  end if;
  if withheld > 0 and certificate is null then
    perform private.refuse('certificate_required', 'Enter the number of the withholding tax certificate (50 Tawi)', 422);
  end if;
  perform private.too_long('certificate_no', certificate, 50);
  perform private.payment_day(p_paid_on);
  if received > 0 and reference is null then
    perform private.refuse('bank_reference_required', 'Enter the bank''s reference for the transfer', 422);
  end if;
  perform private.too_long('bank_reference', reference, 100);

  payment := private.settle_invoice(inv.id, received, withheld, 0, null, certificate, p_paid_on, reference);
  select d.* into receipt from private.billing_documents d where d.id = payment.document_id;
  select inv.total_satang - coalesce(sum(p.received_satang + p.withheld_satang + p.credited_satang), 0) into balance
    from public.brand_payments p where p.invoice_id = inv.id;
  perform private.audit('record_brand_payment', 'invoice', inv.brand_id, null,
                        jsonb_build_object('month', inv.month, 'invoice_number', inv.number, 'document_number', receipt.number,
                                           'received_satang', received, 'withheld_satang', withheld, 'certificate_no', certificate,
                                           'reference', reference, 'paid_on', p_paid_on, 'balance_satang', balance));
  return jsonb_build_object('payment_id', payment.id, 'document_id', receipt.id, 'document_number', receipt.number, 'balance_satang', balance);
end;
$$;
comment on function public.record_brand_payment(uuid, bigint, bigint, text, date, text) is 'Issue 34, admins: records what a brand paid on an invoice: the amount received, the tax it withheld (with the 50 Tawi certificate number), the day and the bank reference; issues the payment''s receipt/tax invoice with the next number and answers {payment_id, document_id, document_number, balance_satang}. The invoice is paid once received + withheld (+ credited) reach its total. Audited. Codes: admin_only, invoice_not_found, amount_invalid, certificate_required, field_too_long, paid_on_invalid, paid_on_in_future, bank_reference_required, payment_exceeds_balance.';
revoke all on function public.record_brand_payment(uuid, bigint, bigint, text, date, text) from public, anon;
grant execute on function public.record_brand_payment(uuid, bigint, bigint, text, date, text) to authenticated, service_role;

create function public.record_brand_refund(p_credit_note_id uuid, p_paid_on date, p_bank_reference text)
returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
declare
  reference text := nullif(btrim(coalesce(p_bank_reference, '')), '');
  note private.billing_documents;
  unused bigint;
  refund public.brand_refunds;
begin
  perform private.require_admin();
  perform pg_advisory_xact_lock(hashtext('viewpact:billing'));
  select d.* into note from private.billing_documents d where d.id = p_credit_note_id and d.kind = 'credit_note';
  if note.id is null then
    perform private.refuse('credit_note_not_found', 'No such credit note', 404);
  end if;
  perform private.payment_day(p_paid_on);
  if reference is null then
    perform private.refuse('bank_reference_required', 'Enter the bank''s reference for the transfer', 422);
  end if;
  perform private.too_long('bank_reference', reference, 100);
  unused := note.total_satang
            - coalesce((select sum(p.credited_satang) from public.brand_payments p where p.credit_note_id = note.id), 0)
            - coalesce((select sum(f.amount_satang) from public.brand_refunds f where f.credit_note_id = note.id), 0);
  if unused <= 0 then
    perform private.refuse('no_credit_left', 'Nothing is left of this credit note to refund', 409);
  end if;
  insert into public.brand_refunds (credit_note_id, brand_id, amount_satang, paid_on, bank_reference, recorded_by)
  values (note.id, note.brand_id, unused, p_paid_on, reference, (select auth.uid()))
  returning * into refund;
  perform private.touch_money(array[note.brand_id]);
  perform private.audit('record_brand_refund', 'invoice', note.brand_id, null,
                        jsonb_build_object('month', note.month, 'credit_note_number', note.number, 'amount_satang', unused,
                                           'reference', reference, 'paid_on', p_paid_on));
  return jsonb_build_object('refund_id', refund.id, 'amount_satang', unused);
end;
$$;
comment on function public.record_brand_refund(uuid, date, text) is 'Issue 34, admins: records that the credit left on a credit note (its total less what settled invoices and earlier refunds) was paid back to the brand; answers {refund_id, amount_satang}. Audited. Codes: admin_only, credit_note_not_found, paid_on_invalid, paid_on_in_future, bank_reference_required, field_too_long, no_credit_left.';
revoke all on function public.record_brand_refund(uuid, date, text) from public, anon;
grant execute on function public.record_brand_refund(uuid, date, text) to authenticated, service_role;

create function public.billing_details_missing()
returns table(brand_id uuid, brand_name text, months integer, amount_satang bigint)
language sql
stable
security definer
set search_path = ''
as $$
  select s.brand_id, private.display_brand_name(p.first_name, p.last_name), count(*)::integer, sum(s.amount_satang)::bigint
    from private.invoice_sums s
    left join public.profiles p on p.id = s.brand_id
   where s.amount_satang > 0
     and s.month >= (select b.first_month from private.billing_start b)
     and not exists (select 1 from private.billing_documents d where d.brand_id = s.brand_id and d.month = s.month and d.kind = 'invoice')
     and not exists (select 1 from public.brand_invoice_payments i where i.brand_id = s.brand_id and i.month = s.month)
     and ((select private.is_admin()) or s.brand_id = (select auth.uid()))
   group by s.brand_id, p.first_name, p.last_name
   order by sum(s.amount_satang) desc, s.brand_id
$$;
comment on function public.billing_details_missing() is 'Issue 34: the brands whose closed months with charges wait for billing details before their invoices can be issued, with how many months and how much (before VAT): every brand for admins, the caller''s own row for a brand (its Payments page''s notice), nothing for anyone else.';
revoke all on function public.billing_details_missing() from public, anon;
grant execute on function public.billing_details_missing() to authenticated, service_role;

create function public.output_vat_report(p_month date)
returns table(issued_on date, number text, kind text, buyer_name text, buyer_tax_id text, buyer_branch text,
              subtotal_satang bigint, vat_satang bigint, total_satang bigint)
language plpgsql
stable
security definer
set search_path = ''
as $$
begin
  perform private.require_admin();
  if p_month is null then
    perform private.refuse('month_required', 'Choose a month', 400);
  end if;
  return query
    select (d.issued_at at time zone 'Asia/Bangkok')::date, d.number, d.kind, d.buyer ->> 'name', d.buyer ->> 'tax_id', d.buyer ->> 'branch',
           case when d.kind = 'credit_note' then -d.subtotal_satang else d.subtotal_satang end,
           case when d.kind = 'credit_note' then -d.vat_satang else d.vat_satang end,
           case when d.kind = 'credit_note' then -d.total_satang else d.total_satang end
      from private.billing_documents d
     where d.kind in ('tax_invoice', 'credit_note') and d.vat_rate_bp is not null
       and d.issued_at >= private.month_start(p_month)
       and d.issued_at < private.month_start((date_trunc('month', p_month) + interval '1 month')::date)
     order by d.issued_at, d.number;
end;
$$;
comment on function public.output_vat_report(date) is 'Issue 34, admins: the month''s output VAT register (Thailand time), the sales-tax report behind the monthly VAT return: every tax invoice and every credit note issued at a VAT rate in the month, credit notes negative, in order of issue. docs/money.md gives the query that reproduces it.';
revoke all on function public.output_vat_report(date) from public, anon;
grant execute on function public.output_vat_report(date) to authenticated, service_role;

create function public.brand_wht_report(p_month date)
returns table(paid_on date, brand_name text, brand_tax_id text, invoice_number text, certificate_no text,
              base_satang bigint, withheld_satang bigint)
language plpgsql
stable
security definer
set search_path = ''
as $$
begin
  perform private.require_admin();
  if p_month is null then
    perform private.refuse('month_required', 'Choose a month', 400);
  end if;
  return query
    select p.paid_on, r.buyer ->> 'name', r.buyer ->> 'tax_id', i.number, p.certificate_no, r.subtotal_satang, p.withheld_satang
      from public.brand_payments p
      join private.billing_documents r on r.id = p.document_id
      join private.billing_documents i on i.id = p.invoice_id
     where p.withheld_satang > 0
       and p.paid_on >= date_trunc('month', p_month)::date
       and p.paid_on < (date_trunc('month', p_month) + interval '1 month')::date
     order by p.paid_on, r.number;
end;
$$;
comment on function public.brand_wht_report(date) is 'Issue 34, admins: the withholding tax brands deducted from payments made in the month (paid_on), with each 50 Tawi certificate number: the base is the payment''s value before VAT (its receipt''s subtotal). To reclaim against corporate income tax. docs/money.md gives the query that reproduces it.';
revoke all on function public.brand_wht_report(date) from public, anon;
grant execute on function public.brand_wht_report(date) to authenticated, service_role;

-- The old way to mark an invoice paid still works: on a month with a billing invoice it records a
-- payment of the whole balance (nothing withheld), with its receipt/tax invoice.
create or replace function public.mark_invoice_paid(p_brand_id uuid, p_month date, p_reference text, p_paid_on date)
returns void
language plpgsql
security definer
set search_path = ''
as $$
declare
  ref text;
  inv private.billing_documents;
  balance bigint;
begin
  perform private.require_admin();
  ref := private.payment_reference(p_reference, p_paid_on);
  perform pg_advisory_xact_lock(hashtext('viewpact:billing'));
  select d.* into inv from private.billing_documents d where d.brand_id = p_brand_id and d.month = p_month and d.kind = 'invoice';
  if inv.id is not null then
    select inv.total_satang - coalesce(sum(p.received_satang + p.withheld_satang + p.credited_satang), 0) into balance
      from public.brand_payments p where p.invoice_id = inv.id;
    if balance <= 0 then
      perform private.refuse('invoice_already_paid', 'This invoice is marked paid already', 409);
    end if;
    perform private.settle_invoice(inv.id, balance, 0, 0, null, null, p_paid_on, ref);
  else
    if not exists (select 1 from public.ledger_entries e where e.brand_id = p_brand_id and e.month = p_month) then
      perform private.refuse('invoice_not_found', 'No such invoice', 404);
    end if;
    if exists (select 1 from public.brand_invoice_payments i where i.brand_id = p_brand_id and i.month = p_month) then
      perform private.refuse('invoice_already_paid', 'This invoice is marked paid already', 409);
    end if;
    insert into public.brand_invoice_payments (brand_id, month, paid_on, reference, paid_by)
    values (p_brand_id, p_month, p_paid_on, ref, auth.uid());
  end if;
  perform private.audit('mark_invoice_paid', 'invoice', p_brand_id, null,
                        jsonb_build_object('month', p_month, 'reference', ref, 'paid_on', p_paid_on));
end;
$$;
comment on function public.mark_invoice_paid(uuid, date, text, date) is 'Rule 15: an admin records that a brand paid a month''s invoice, once; written to the audit log. For a month with a billing invoice (issue 34) it records a payment of the whole balance, nothing withheld, issuing its receipt/tax invoice (record_brand_payment records withholding and part payments).';
