-- Issue 29: a suspended account changes nothing, whatever token it still holds. Suspending
-- (admin_set_suspended) stops sign-in and refresh, but an access token issued before lives until
-- it expires (up to an hour, as on hosted Supabase, where PostgREST never asks the auth server).
-- So the database refuses every write a suspended person makes, with one check:
-- public.refuse_if_suspended(), run by a statement trigger on every table a signed-in person's
-- request writes itself (through its grants, or in a security-definer function granted to
-- authenticated), and called by the edge functions that write for the caller.
--
-- The check is about the caller, (select auth.uid()): the service role and scheduled jobs have
-- none and are never refused (a suspended creator's videos are still measured, rule 10 of
-- docs/money.md), and an admin acting on a suspended person's rows is not suspended.
-- Reads, export_my_data() and marking one's own notifications read stay allowed.

create function public.refuse_if_suspended() returns void
  language plpgsql stable
  set search_path = ''
as $$
declare
  caller uuid := (select auth.uid());
begin
  if caller is not null and private.is_suspended(caller) then
    perform private.refuse('account_suspended', 'This account is suspended', 403);
  end if;
end;
$$;
comment on function public.refuse_if_suspended() is 'Refuses (account_suspended, 403) when the caller''s account is suspended; does nothing otherwise, and nothing without a signed-in caller (service role, scheduled jobs). The one check behind every refused write: the statement trigger private.refuse_suspended_writes() calls it, and so do the edge functions that write for the caller, with the caller''s token.';
revoke all on function public.refuse_if_suspended() from public, anon;
grant execute on function public.refuse_if_suspended() to authenticated, service_role;

create function private.refuse_suspended_writes() returns trigger
  language plpgsql security definer
  set search_path = ''
as $$
begin
  perform public.refuse_if_suspended();
  return null;
end;
$$;
comment on function private.refuse_suspended_writes() is 'Statement trigger (before insert, update or delete) on every table a signed-in person''s request writes itself: refuses the whole statement when the caller is suspended (public.refuse_if_suspended). Once per statement, whatever the number of rows; tables only written by the triggers of these follow from them.';

-- What a creator or a brand writes with the API's grants: briefs (publish, edit, raise a budget,
-- close; the opportunities view writes through to brand_briefs), joins, videos (link, unlink,
-- remove; added by tiktok-scraper), the profile (name, handle, company), the TikTok connection.
create trigger brand_briefs_refuse_if_suspended before insert or update or delete on public.brand_briefs
  for each statement execute function private.refuse_suspended_writes();
create trigger creator_brand_connections_refuse_if_suspended before insert or update or delete on public.creator_brand_connections
  for each statement execute function private.refuse_suspended_writes();
create trigger tiktok_videos_refuse_if_suspended before insert or update or delete on public.tiktok_videos
  for each statement execute function private.refuse_suspended_writes();
create trigger profiles_refuse_if_suspended before insert or update or delete on public.profiles
  for each statement execute function private.refuse_suspended_writes();
create trigger tiktok_connections_refuse_if_suspended before insert or update or delete on public.tiktok_connections
  for each statement execute function private.refuse_suspended_writes();
create trigger tiktok_tokens_refuse_if_suspended before insert or update or delete on public.tiktok_tokens
  for each statement execute function private.refuse_suspended_writes();
create trigger tiktok_auth_states_refuse_if_suspended before insert or update or delete on public.tiktok_auth_states
  for each statement execute function private.refuse_suspended_writes();

-- What the security-definer functions granted to authenticated write: review_video, save_payout_account,
-- save_notification_settings, delete_my_account (its first write is brand_briefs; a wrong password
-- is counted in account_deletion_attempts, refused too), and the admins' functions (an admin
-- cannot be suspended through admin_set_suspended; were one suspended by hand, they would change
-- nothing either). Not public.notifications: mark_notifications_read() only marks one's own
-- notifications read, which changes nothing anyone else sees, and notifications for others are
-- written by the triggers of the writes refused here.
create trigger video_reviews_refuse_if_suspended before insert or update or delete on public.video_reviews
  for each statement execute function private.refuse_suspended_writes();
create trigger payout_accounts_refuse_if_suspended before insert or update or delete on public.payout_accounts
  for each statement execute function private.refuse_suspended_writes();
create trigger notification_settings_refuse_if_suspended before insert or update or delete on public.notification_settings
  for each statement execute function private.refuse_suspended_writes();
create trigger account_deletion_attempts_refuse_if_suspended before insert or update or delete on private.account_deletion_attempts
  for each statement execute function private.refuse_suspended_writes();
create trigger email_throttle_refuse_if_suspended before insert or update or delete on private.email_throttle
  for each statement execute function private.refuse_suspended_writes();
create trigger admin_invites_refuse_if_suspended before insert or update or delete on public.admin_invites
  for each statement execute function private.refuse_suspended_writes();
create trigger admin_audit_log_refuse_if_suspended before insert or update or delete on public.admin_audit_log
  for each statement execute function private.refuse_suspended_writes();
create trigger suspensions_refuse_if_suspended before insert or update or delete on private.suspensions
  for each statement execute function private.refuse_suspended_writes();
create trigger ledger_entries_refuse_if_suspended before insert or update or delete on public.ledger_entries
  for each statement execute function private.refuse_suspended_writes();
create trigger month_closes_refuse_if_suspended before insert or update or delete on public.month_closes
  for each statement execute function private.refuse_suspended_writes();
create trigger payouts_refuse_if_suspended before insert or update or delete on public.payouts
  for each statement execute function private.refuse_suspended_writes();
create trigger brand_invoice_payments_refuse_if_suspended before insert or update or delete on public.brand_invoice_payments
  for each statement execute function private.refuse_suspended_writes();

-- The open tab learns why: while suspended, the person's sessions are kept, so a refresh is
-- refused with GoTrue's user_banned (the auth server checks the ban before the session) instead of
-- "refresh token not found", and the app shows the suspended notice rather than the sign-in page.
-- They end on reinstatement, so no session of before the suspension outlives it.
create or replace function public.admin_set_suspended(p_user_id uuid, p_suspended boolean, p_reason text) returns json
  language plpgsql security definer
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
    -- GoTrue refuses sign-in and refresh to a banned user (user_banned); the sessions stay until
    -- reinstatement so that the refusal says why.
    update auth.users u set banned_until = now() + interval '100 years' where u.id = target.id;
    perform private.audit('suspend_user', 'user', target.id, reason);
  else
    if not private.is_suspended(target.id) then
      perform private.refuse('not_suspended', 'This account is not suspended', 409);
    end if;
    delete from private.suspensions s where s.user_id = target.id;
    update public.brand_briefs b set listed = true where b.brand_id = target.id;
    update auth.users u set banned_until = null where u.id = target.id;
    -- Every session open when the account was suspended ends: the person signs in again.
    delete from auth.sessions s where s.user_id = target.id;
    perform private.audit('reinstate_user', 'user', target.id, reason);
  end if;
  perform private.recount_creator_windows(target.id);
  return json_build_object('user_id', target.id, 'suspended', coalesce(p_suspended, false));
end;
$$;
comment on function public.admin_set_suspended(uuid, boolean, text) is 'Suspends (p_suspended true) or reinstates an account, with a reason (3 to 500 characters). Admins only; not oneself, not another admin. Suspended: no sign-in or refresh (user_banned), no write with a token issued before (account_suspended), briefs out of the listings, measurements taken meanwhile do not count. Reinstated: the sessions of before end. Audited.';

comment on table private.suspensions is 'Accounts suspended now, since when and why. While suspended: no sign-in and no refresh (auth.users.banned_until), no write with a token issued before (public.refuse_if_suspended), their briefs leave the listings, and their videos'' measurements taken since suspended_at do not count. The history is in admin_audit_log.';
