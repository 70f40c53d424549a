-- Personal data under Thailand's PDPA (issue 17, item 5): a person downloads everything that is
-- theirs (public.export_my_data) and deletes their account (public.delete_my_account), both here
-- in SQL so that no client can do more or less than these rules.
--
-- Deleting erases or anonymises the person's data. What tax law requires the company to keep
-- (Revenue Code: the books and the withholding-tax certificates, 50 ทวิ, with the PND.3 filings)
-- stays: ledger entries, statements, payouts and, where tax was withheld, the legal name,
-- address and tax ID the certificates carry; all of it points to the anonymised profile.

create extension if not exists pgcrypto with schema extensions;

-- What stays of a deleted account --------------------------------------------------------------

alter table public.profiles add column deleted_at timestamptz;
comment on column public.profiles.deleted_at is 'When the person deleted their account (delete_my_account): the profile stays, anonymised, for the ledger, payouts and certificates that point to it.';

-- A deleted creator's payout details keep only what a withholding-tax certificate needs.
alter table public.payout_accounts drop constraint payout_accounts_method_check;
alter table public.payout_accounts add constraint payout_accounts_method_check check (method in ('promptpay', 'bank', 'erased'));
comment on column public.payout_accounts.method is 'promptpay or bank; erased when the creator deleted their account: no way to pay is kept, only the legal name, address and tax ID of the certificates already issued.';

-- An access token outlives the account by up to its expiry (as on hosted Supabase): a deleted
-- account is no one's type, so it can do nothing that needs one (publish, join, link, admin), and
-- it is told nothing more.
create or replace function private.profile_type(profile_id uuid) returns text
  language sql stable security definer
  set search_path = ''
as $$
  select p.user_type from public.profiles p where p.id = profile_id and p.deleted_at is null
$$;
comment on function private.profile_type(uuid) is 'The user_type of any profile, for integrity checks that must not depend on what the caller may see; null for a deleted account.';

create or replace function private.current_user_type() returns text
  language sql stable security definer
  set search_path = ''
as $$
  select p.user_type from public.profiles p where p.id = (select auth.uid()) and p.deleted_at is null
$$;
comment on function private.current_user_type() is 'The calling user''s user_type from profiles, or null when signed out, without a profile, or deleted.';

create or replace function private.notify(p_recipient uuid, p_type text, p_params jsonb, p_once_key text default null) returns void
  language plpgsql volatile security definer
  set search_path = ''
as $$
declare
  made bigint;
  kind text := private.profile_type(p_recipient);
begin
  if p_recipient is null or kind is null then
    return;
  end if;
  insert into public.notifications (recipient_id, type, params, once_key)
  values (p_recipient, p_type, p_params, p_once_key)
  on conflict (recipient_id, once_key) where once_key is not null do nothing
  returning id into made;
  if made is not null and p_type = any(private.email_types(kind)) then
    insert into private.notification_emails (notification_id, recipient_id, type) values (made, p_recipient, p_type);
  end if;
end;
$$;
comment on function private.notify(uuid, text, jsonb, text) is 'Writes one notification (once per once_key, when given) and queues its e-mail when the type goes by e-mail for the recipient''s user type. A deleted account gets none.';

-- Password check ---------------------------------------------------------------------------------

create function private.password_matches(p_user uuid, p_password text) returns boolean
  language plpgsql stable security definer
  set search_path = ''
as $$
declare
  stored text;
  hash text;
begin
  select u.encrypted_password into stored from auth.users u where u.id = p_user and u.deleted_at is null;
  if stored is null or p_password is null or stored !~ '^\$2[aby]\$[0-9]{2}\$[./A-Za-z0-9]{53}$' then
    return false;
  end if;
  -- bcryptjs writes $2b$, Supabase Auth (Go) $2a$; pgcrypto reads only $2a$. For passwords of at
  -- most 72 bytes (the auth server refuses longer ones) the two are the same algorithm.
  hash := '$2a$' || substr(stored, 5);
  return extensions.crypt(p_password, hash) = hash;
end;
$$;
comment on function private.password_matches(uuid, text) is 'Whether the password is the account''s, checked against the bcrypt hash in auth.users.encrypted_password ($2a$, $2b$ or $2y$).';
revoke all on function private.password_matches(uuid, text) from public, anon, authenticated;

create table private.account_deletion_attempts (
  user_id uuid primary key references public.profiles (id) on delete cascade,
  failures integer not null default 0,
  first_failed_at timestamptz not null default now()
);
comment on table private.account_deletion_attempts is 'Wrong passwords given to delete_my_account, per account in a 15-minute window: a stolen session token must not become a way to guess the password.';
revoke all on private.account_deletion_attempts from public, anon, authenticated;

-- Download my data -----------------------------------------------------------------------------

create function public.export_my_data() returns jsonb
  language plpgsql stable security definer
  set search_path = ''
as $$
declare
  me uuid := (select auth.uid());
begin
  if me is null then
    perform private.refuse('auth_required', 'Authentication required', 401);
  end if;
  return jsonb_build_object(
    'format', 'viewpact-personal-data-1',
    'exported_at', now(),
    'account', (select jsonb_build_object('id', u.id, 'email', u.email, 'created_at', u.created_at,
                                          'email_confirmed_at', u.email_confirmed_at, 'last_sign_in_at', u.last_sign_in_at,
                                          'sign_up_details', coalesce(u.raw_user_meta_data, '{}'::jsonb))
                  from auth.users u where u.id = me),
    'profile', (select to_jsonb(p) from public.profiles p where p.id = me),
    'notification_settings', (select to_jsonb(s) from public.notification_settings s where s.user_id = me),
    -- Tokens are in tiktok_tokens and are never exported.
    'tiktok_connection', (select to_jsonb(c) from public.tiktok_connections c where c.user_id = me),
    'videos', coalesce((select jsonb_agg(to_jsonb(v) order by v.created_at, v.id) from public.tiktok_videos v where v.user_id = me), '[]'),
    'video_snapshots', coalesce((select jsonb_agg(to_jsonb(s) order by s.tiktok_video_id, s.measured_at, s.id)
                                   from public.tiktok_videos v join public.video_snapshots s on s.tiktok_video_id = v.id
                                  where v.user_id = me), '[]'),
    'video_reviews', coalesce((select jsonb_agg(to_jsonb(r) order by r.submitted_at, r.id) from public.video_reviews r
                                where r.creator_id = me or r.brand_id = me), '[]'),
    'briefs', coalesce((select jsonb_agg(to_jsonb(b) order by b.created_at, b.id) from public.brand_briefs b where b.brand_id = me), '[]'),
    'joins', coalesce((select jsonb_agg(to_jsonb(c) order by c.created_at, c.id) from public.creator_brand_connections c where c.creator_id = me), '[]'),
    'ledger_entries', coalesce((select jsonb_agg(to_jsonb(e) order by e.month, e.id) from public.ledger_entries e
                                 where e.creator_id = me or e.brand_id = me), '[]'),
    'statements', coalesce((select jsonb_agg(to_jsonb(s) order by s.month) from public.creator_statements s where s.creator_id = me), '[]'),
    'invoices', coalesce((select jsonb_agg(to_jsonb(i) order by i.month) from public.brand_invoices i where i.brand_id = me), '[]'),
    'payouts', coalesce((select jsonb_agg(to_jsonb(p) order by p.month) from public.payouts p where p.creator_id = me), '[]'),
    -- The person's own bank account and tax ID: theirs to see, as the payouts tab shows them.
    'payout_account', (select to_jsonb(a) from public.payout_accounts a where a.creator_id = me),
    'notifications', coalesce((select jsonb_agg(to_jsonb(n) - 'once_key' order by n.created_at, n.id) from public.notifications n
                                where n.recipient_id = me), '[]')
  );
end;
$$;
comment on function public.export_my_data() is 'PDPA right of access: everything that is the caller''s, as one JSON document (account, profile, settings, TikTok connection without tokens, videos and their snapshots, reviews, briefs, joins, ledger entries, statements, invoices, payouts, payout details, notifications). Only the caller''s rows, each list read through an index on its owner; no caps. Refuses the signed-out (auth_required).';
revoke all on function public.export_my_data() from public, anon;
grant execute on function public.export_my_data() to authenticated;

-- Delete my account ----------------------------------------------------------------------------

create function public.delete_my_account(p_password text) returns jsonb
  language plpgsql volatile security definer
  set search_path = ''
as $$
declare
  me uuid := (select auth.uid());
  kind text;
  attempts private.account_deletion_attempts;
  withheld boolean;
begin
  if me is null then
    perform private.refuse('auth_required', 'Authentication required', 401);
  end if;
  select p.user_type into kind from public.profiles p where p.id = me and p.deleted_at is null for update;
  if kind is null then
    perform private.refuse('auth_required', 'Authentication required', 401);
  end if;

  select a.* into attempts from private.account_deletion_attempts a where a.user_id = me for update;
  if attempts.failures >= 5 and attempts.first_failed_at > now() - interval '15 minutes' then
    perform private.refuse('too_many_attempts', 'Too many wrong passwords; try again in 15 minutes', 429);
  end if;
  if not private.password_matches(me, p_password) then
    -- Answered, not raised: a raise would roll back the count of wrong passwords.
    insert into private.account_deletion_attempts as a (user_id, failures, first_failed_at) values (me, 1, now())
    on conflict (user_id) do update
      set failures = case when a.first_failed_at > now() - interval '15 minutes' then a.failures + 1 else 1 end,
          first_failed_at = case when a.first_failed_at > now() - interval '15 minutes' then a.first_failed_at else now() end;
    return jsonb_build_object('deleted', false, 'code', 'password_incorrect');
  end if;

  if kind = 'admin' and not exists (
    select 1 from public.profiles p where p.user_type = 'admin' and p.id <> me and p.deleted_at is null
  ) then
    perform private.refuse('last_admin', 'The last admin cannot delete their account; invite another admin first', 409);
  end if;
  -- A payout waiting to be sent needs the bank details this would erase.
  if exists (select 1 from public.payouts p where p.creator_id = me and p.paid_at is null) then
    perform private.refuse('payout_due', 'A payout to you is still due; delete the account once it is paid', 409);
  end if;

  -- A brand's open briefs close (the creators who joined are told); what they published stays,
  -- as the creators' history and the invoices need it.
  update public.brand_briefs b set status = 'closed' where b.brand_id = me and b.status <> 'closed';

  -- Others' notifications that named the person (a brand's "creator joined", "review waiting",
  -- an admin's fraud signal) name no one now, as lists do.
  update public.notifications n
     set params = jsonb_set(n.params, '{creator_name}', to_jsonb(private.display_creator_name(null, null)))
   where n.params ? 'creator_name'
     and n.recipient_id in (
           select v.brand_id from public.tiktok_videos v where v.user_id = me and v.brand_id is not null
           union select b.brand_id from public.creator_brand_connections c join public.brand_briefs b on b.id = c.brand_brief_id where c.creator_id = me
           union select p.id from public.profiles p where p.user_type = 'admin')
     and (n.params ->> 'video' in (select v.id::text from public.tiktok_videos v where v.user_id = me)
          or (n.type = 'creator_joined' and n.params ->> 'creator_name' = private.creator_name(me)
              and n.params ->> 'brief' in (select c.brand_brief_id::text from public.creator_brand_connections c where c.creator_id = me)));

  -- A creator's videos leave every list, with their measurements and reviews. Ledger entries keep
  -- what the videos were paid (close_month never reverses a video that is gone).
  delete from public.video_reviews r where r.creator_id = me;
  delete from public.tiktok_videos v where v.user_id = me;
  delete from public.creator_brand_connections c where c.creator_id = me;

  -- TikTok: the connection, its tokens (trigger) and sign-ins in progress.
  delete from public.tiktok_connections c where c.user_id = me;
  delete from public.tiktok_tokens t where t.user_id = me;
  delete from public.tiktok_auth_states s where s.user_id = me;

  delete from public.notifications n where n.recipient_id = me;
  delete from private.email_throttle t where t.recipient_id = me;
  delete from public.notification_settings s where s.user_id = me;

  -- Payout details: a certificate (50 ทวิ) names the payee's legal name, address and tax ID, and
  -- tax law keeps it; the way to pay goes. Without withheld tax nothing is needed.
  withheld := exists (select 1 from public.payouts p where p.creator_id = me and p.wht_satang > 0);
  if withheld then
    update public.payout_accounts a
       set method = 'erased', promptpay_id = null, bank_code = null, account_number = null, account_name = null, updated_at = now()
     where a.creator_id = me;
  else
    delete from public.payout_accounts a where a.creator_id = me;
  end if;

  update public.profiles p
     set first_name = null, last_name = null, tiktok_username = null, tiktok_avatar_url = null, follower_count = null,
         website = null, industry = null, company_name = null, deleted_at = now()
   where p.id = me;

  -- Sign-in: no address, no password, no identity, no session; deleted_at keeps the account out
  -- of every look-up of the auth server (as Supabase Auth's soft delete does).
  delete from auth.sessions s where s.user_id = me;
  delete from auth.one_time_tokens t where t.user_id = me;
  delete from auth.identities i where i.user_id = me;
  update auth.users u
     set email = 'deleted-' || u.id || '@deleted.invalid', encrypted_password = null, phone = null,
         raw_user_meta_data = '{}'::jsonb, confirmation_token = null, recovery_token = null, email_change = null,
         email_change_token_new = null, email_change_token_current = '', reauthentication_token = '',
         last_sign_in_at = null, banned_until = '2999-12-31T00:00:00Z', deleted_at = now(), updated_at = now()
   where u.id = me;
  delete from private.account_deletion_attempts a where a.user_id = me;

  return jsonb_build_object('deleted', true, 'tax_records_kept', withheld
                            or exists (select 1 from public.ledger_entries e where e.creator_id = me or e.brand_id = me));
end;
$$;
comment on function public.delete_my_account(text) is 'PDPA right to erasure, with the password re-entered: wrong answers {deleted: false, code: password_incorrect} and changes nothing but the count of wrong passwords (5 in 15 minutes: too_many_attempts). Refuses the last admin (last_admin) and a creator with a payout still due (payout_due). Closes a brand''s open briefs; takes the person''s name out of others'' notifications; deletes videos, snapshots, reviews, joins, the TikTok connection and tokens, notifications and settings, sessions; blanks the profile and the auth user (a non-deliverable address, no password, deleted_at). Keeps ledger entries, payouts and the tax identity of issued certificates, pointing to the anonymised profile. Answers {deleted: true, tax_records_kept}.';
revoke all on function public.delete_my_account(text) from public, anon;
grant execute on function public.delete_my_account(text) to authenticated;
