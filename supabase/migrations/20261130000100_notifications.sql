-- Notifications (issue 16): what happened to a person's videos, briefs and money. Each event is
-- written here, by the SQL that causes it (a trigger on the row that changed, or the scheduled
-- public.notify_due() for what a clock decides), never by the browser. A notification keeps its
-- type and parameters only: the SPA and the e-mails render the text in the reader's language
-- when it is read (supabase/functions/_shared/notifications/), so old ones translate too.
-- E-mails for the types that matter queue in private.notification_emails; the server sends them
-- through its mailer, at most one per type per recipient per hour, batching the rest.

create table public.notifications (
  id bigint generated always as identity primary key,
  recipient_id uuid not null references public.profiles (id) on delete cascade,
  type text not null check (type in (
    'video_approved', 'video_rejected', 'video_not_counted', 'video_unavailable', 'brief_closed', 'brief_budget_reached',
    'brief_deadline_near', 'statement_ready', 'payout_sent', 'tiktok_expiring', 'tiktok_revoked',
    'creator_joined', 'review_waiting', 'review_auto_approve_soon', 'budget_80', 'budget_reached', 'invoice_issued',
    'fraud_signal', 'payouts_due')),
  params jsonb not null default '{}' check (jsonb_typeof(params) = 'object'),
  created_at timestamptz not null default now(),
  read_at timestamptz,
  once_key text
);
comment on table public.notifications is 'One event for one person (issue 16): its type and parameters; the text is rendered when read, in the reader''s language. Written only by triggers and functions; the recipient reads them and marks them read (public.mark_notifications_read).';
comment on column public.notifications.params is 'What the text needs: ids of the video, brief or payout it is about, titles, amounts in satang, dates. See supabase/functions/_shared/notifications/render.ts.';
comment on column public.notifications.once_key is 'For events a clock or a threshold raises (deadline near, budget at 80%): the same key is written once per recipient. Not readable by clients.';

create index notifications_recipient_created_idx on public.notifications (recipient_id, created_at desc, id desc);
create index notifications_unread_idx on public.notifications (recipient_id) where read_at is null;
create unique index notifications_once_idx on public.notifications (recipient_id, once_key) where once_key is not null;

alter table public.notifications enable row level security;
revoke all on public.notifications from public, anon, authenticated;
grant select (id, recipient_id, type, params, created_at, read_at) on public.notifications to authenticated;
grant select on public.notifications to service_role;

create policy "People read their own notifications"
  on public.notifications for select to authenticated
  using (recipient_id = (select auth.uid()));

create function public.unread_notification_count() returns integer
  language sql stable security definer
  set search_path = ''
as $$
  select count(*)::integer
    from (select 1 from public.notifications n where n.recipient_id = (select auth.uid()) and n.read_at is null limit 10) unread
$$;
comment on function public.unread_notification_count() is 'The caller''s unread notifications, counted up to 10 (the header shows "9+" beyond 9), so it costs the same with one or a million.';
revoke all on function public.unread_notification_count() from public, anon;
grant execute on function public.unread_notification_count() to authenticated;

create function public.mark_notifications_read(p_ids bigint[] default null) returns integer
  language plpgsql volatile security definer
  set search_path = ''
as $$
declare
  marked integer;
begin
  if cardinality(p_ids) > 1000 then
    perform private.refuse('too_many_notifications', 'Mark at most 1,000 notifications at once', 400);
  end if;
  update public.notifications n set read_at = now()
   where n.recipient_id = (select auth.uid()) and n.read_at is null and (p_ids is null or n.id = any(p_ids));
  get diagnostics marked = row_count;
  return marked;
end;
$$;
comment on function public.mark_notifications_read(bigint[]) is 'Marks the caller''s own notifications read: those listed, or all unread when p_ids is null. Others'' ids are ignored. Answers how many it marked.';
revoke all on function public.mark_notifications_read(bigint[]) from public, anon;
grant execute on function public.mark_notifications_read(bigint[]) to authenticated;

-- Settings: the e-mail language and the switches --------------------------------------------

create table public.notification_settings (
  user_id uuid primary key references public.profiles (id) on delete cascade,
  language text not null default 'en' check (language in ('en', 'th')),
  email_off text[] not null default '{}',
  updated_at timestamptz not null default now()
);
comment on table public.notification_settings is 'A person''s notification choices: the language e-mails are written in (the app''s, recorded as they use it) and the e-mail types switched off. No row: English, every e-mail on.';
alter table public.notification_settings enable row level security;
revoke all on public.notification_settings from public, anon, authenticated;
grant select on public.notification_settings to authenticated;

create policy "People read their own notification settings"
  on public.notification_settings for select to authenticated
  using (user_id = (select auth.uid()));

create function private.email_types(user_type text) returns text[]
  language sql immutable
  set search_path = ''
as $$
  select case user_type
           when 'creator' then array['video_rejected', 'statement_ready', 'payout_sent', 'brief_budget_reached']
           when 'brand' then array['review_waiting', 'budget_reached']
           else '{}'::text[]
         end
$$;
comment on function private.email_types(text) is 'The notification types that also go by e-mail, for a user type (issue 16: rejection, payout sent, statement ready, review waiting, budget reached).';

create function public.notification_email_types() returns text[]
  language sql stable security definer
  set search_path = ''
as $$
  select private.email_types(private.current_user_type())
$$;
comment on function public.notification_email_types() is 'The e-mail switches that apply to the caller.';
revoke all on function public.notification_email_types() from public, anon;
grant execute on function public.notification_email_types() to authenticated;

create function public.save_notification_settings(p_language text default null, p_email_off text[] default null) returns json
  language plpgsql volatile security definer
  set search_path = ''
as $$
declare
  me uuid := (select auth.uid());
  saved public.notification_settings;
begin
  if me is null then
    perform private.refuse('auth_required', 'Authentication required', 401);
  end if;
  if p_language is not null and p_language not in ('en', 'th') then
    perform private.refuse('language_invalid', 'Choose English or Thai', 400);
  end if;
  if p_email_off is not null and (array_position(p_email_off, null) is not null
       or not p_email_off <@ private.email_types(private.current_user_type())) then
    perform private.refuse('notification_type_invalid', 'This is not an e-mail you can switch', 400);
  end if;
  insert into public.notification_settings as s (user_id, language, email_off)
  values (me, coalesce(p_language, 'en'), coalesce(array(select distinct unnest(p_email_off) order by 1), '{}'))
  on conflict (user_id) do update
    set language = coalesce(p_language, s.language),
        email_off = coalesce(array(select distinct unnest(p_email_off) order by 1), s.email_off),
        updated_at = now()
  returning * into saved;
  return row_to_json(saved);
end;
$$;
comment on function public.save_notification_settings(text, text[]) is 'Saves the caller''s e-mail language and switched-off e-mail types (null: unchanged); refuses a language other than en/th (language_invalid) or a type that is not the caller''s to switch (notification_type_invalid).';
revoke all on function public.save_notification_settings(text, text[]) from public, anon;
grant execute on function public.save_notification_settings(text, text[]) to authenticated;

-- Writing notifications ----------------------------------------------------------------------

create table private.notification_emails (
  notification_id bigint primary key references public.notifications (id) on delete cascade,
  recipient_id uuid not null,
  type text not null,
  claimed_at timestamptz
);
comment on table private.notification_emails is 'Notifications whose e-mail is not sent yet. A row leaves once its e-mail is sent (public.notification_emails_sent).';
create index notification_emails_recipient_idx on private.notification_emails (recipient_id, type);

create table private.email_throttle (
  recipient_id uuid not null,
  type text not null,
  last_sent_at timestamptz not null,
  primary key (recipient_id, type)
);
comment on table private.email_throttle is 'When a person was last e-mailed about a type: the next e-mail of that type waits an hour from it.';

create function private.notify(p_recipient uuid, p_type text, p_params jsonb, p_once_key text default null) returns void
  language plpgsql volatile security definer
  set search_path = ''
as $$
declare
  made bigint;
begin
  if p_recipient is null then
    return;
  end if;
  insert into public.notifications (recipient_id, type, params, once_key)
  values (p_recipient, p_type, p_params, p_once_key)
  on conflict (recipient_id, once_key) where once_key is not null do nothing
  returning id into made;
  if made is not null and p_type = any(private.email_types(private.profile_type(p_recipient))) then
    insert into private.notification_emails (notification_id, recipient_id, type) values (made, p_recipient, p_type);
  end if;
end;
$$;
comment on function private.notify(uuid, text, jsonb, text) is 'Writes one notification (once per once_key, when given) and queues its e-mail when the type goes by e-mail for the recipient''s user type.';
revoke all on function private.notify(uuid, text, jsonb, text) from public, anon, authenticated;

create function private.notify_admins(kind text, params jsonb, once_key text default null) returns void
  language plpgsql volatile security definer
  set search_path = ''
as $$
begin
  perform private.notify(p.id, kind, params, once_key) from public.profiles p where p.user_type = 'admin';
end;
$$;

create function private.video_params(creator uuid, video text, brief uuid) returns jsonb
  language sql stable security definer
  set search_path = ''
as $$
  select jsonb_build_object('video', v.id, 'title', v.title, 'brief', b.id, 'brief_title', b.title)
    from (select 1) one
    left join public.tiktok_videos v on v.user_id = video_params.creator and v.video_id = video_params.video
    left join public.brand_briefs b on b.id = video_params.brief
$$;
comment on function private.video_params(uuid, text, uuid) is 'The parameters every notification about a creator''s video carries: the video (tiktok_videos.id) and title, the brief and its title.';

create function private.creator_name(creator uuid) returns text
  language sql stable security definer
  set search_path = ''
as $$
  select private.display_creator_name(p.first_name, p.last_name) from public.profiles p where p.id = creator_name.creator
$$;

-- Reviews: the brand hears of a video to review, the creator of the decision.
create function private.notify_review() returns trigger
  language plpgsql security definer
  set search_path = ''
as $$
declare
  about jsonb := private.video_params(new.creator_id, new.video_id, new.brand_brief_id);
  hours integer := (select r.review_auto_approve_hours from public.ledger_rules r);
begin
  -- A review waits on a link, and again on a re-link that restarts its clock; a clock moved back
  -- (or already run out) opens no new wait.
  if new.status = 'pending' and (tg_op = 'INSERT' or new.submitted_at > old.submitted_at)
     and new.submitted_at + make_interval(hours => hours) > now() then
    perform private.notify(new.brand_id, 'review_waiting',
      about || jsonb_build_object('creator_name', private.creator_name(new.creator_id),
                                  'auto_approve_at', new.submitted_at + make_interval(hours => hours)));
  elsif tg_op = 'UPDATE' and old.status = 'pending' and new.status = 'approved' then
    perform private.notify(new.creator_id, 'video_approved', about || jsonb_build_object('auto', new.decided_by is null));
  elsif tg_op = 'UPDATE' and old.status = 'pending' and new.status = 'rejected' then
    perform private.notify(new.creator_id, 'video_rejected', about || jsonb_build_object('reason', new.reason, 'note', new.note));
  end if;
  return null;
end;
$$;
create trigger video_reviews_notify
  after insert or update of status, submitted_at on public.video_reviews
  for each row execute function private.notify_review();

-- A video the platform stops counting (an admin's exclusion) or that TikTok no longer shows.
create function private.notify_video_change() returns trigger
  language plpgsql security definer
  set search_path = ''
as $$
begin
  if new.excluded_at is not null and old.excluded_at is null then
    perform private.notify(new.user_id, 'video_not_counted',
      private.video_params(new.user_id, new.video_id, new.brand_brief_id) || jsonb_build_object('reason', new.excluded_note));
  end if;
  if new.availability = 'unavailable' and old.availability = 'live' then
    perform private.notify(new.user_id, 'video_unavailable', private.video_params(new.user_id, new.video_id, new.brand_brief_id));
  end if;
  return null;
end;
$$;
create trigger tiktok_videos_notify
  after update of excluded_at, availability on public.tiktok_videos
  for each row
  when ((new.excluded_at is not null and old.excluded_at is null) or (new.availability = 'unavailable' and old.availability = 'live'))
  execute function private.notify_video_change();

-- Joins: the brand hears of each creator who joins.
create function private.notify_join() returns trigger
  language plpgsql security definer
  set search_path = ''
as $$
declare
  brief public.brand_briefs;
begin
  select b.* into brief from public.brand_briefs b where b.id = new.brand_brief_id;
  perform private.notify(brief.brand_id, 'creator_joined',
    jsonb_build_object('brief', brief.id, 'brief_title', brief.title, 'creator_name', private.creator_name(new.creator_id)));
  return null;
end;
$$;
create trigger creator_brand_connections_notify
  after insert on public.creator_brand_connections
  for each row execute function private.notify_join();

-- The creators who joined a brief.
create function private.notify_joined(brief public.brand_briefs, kind text, extra jsonb default '{}', once_key text default null) returns void
  language plpgsql volatile security definer
  set search_path = ''
as $$
begin
  perform private.notify(c.creator_id, kind, jsonb_build_object('brief', brief.id, 'brief_title', brief.title) || extra, once_key)
     from public.creator_brand_connections c
    where c.brand_brief_id = brief.id;
end;
$$;

create function private.notify_brief_closed() returns trigger
  language plpgsql security definer
  set search_path = ''
as $$
begin
  perform private.notify_joined(new, 'brief_closed');
  return null;
end;
$$;
create trigger brand_briefs_notify_closed
  after update of status on public.brand_briefs
  for each row when (new.status = 'closed' and old.status <> 'closed')
  execute function private.notify_brief_closed();

-- Budgets: the brand hears at 80% and at 100% of what its views commit; the creators who joined,
-- at 100%. Once per brief and budget: a raised budget can be reached again.
create function private.notify_budget(brief_id uuid) returns void
  language plpgsql volatile security definer
  set search_path = ''
as $$
declare
  brief public.brand_briefs;
  spend record;
  key text;
begin
  select b.* into brief from public.brand_briefs b where b.id = brief_id and b.budget_satang is not null;
  if brief.id is null then
    return;
  end if;
  key := brief.id || ':' || brief.budget_satang;
  if exists (select 1 from public.notifications n where n.recipient_id = brief.brand_id and n.once_key = 'budget_reached:' || key) then
    return;
  end if;
  select * into spend from private.brief_budget(brief.id);
  if spend.budget_reached then
    perform private.notify(brief.brand_id, 'budget_reached',
      jsonb_build_object('brief', brief.id, 'brief_title', brief.title, 'budget_satang', brief.budget_satang), 'budget_reached:' || key);
    perform private.notify_joined(brief, 'brief_budget_reached', '{}', 'budget_reached:' || key);
  elsif spend.committed_satang * 10 >= brief.budget_satang * 8 then
    perform private.notify(brief.brand_id, 'budget_80',
      jsonb_build_object('brief', brief.id, 'brief_title', brief.title, 'budget_satang', brief.budget_satang,
                         'committed_satang', spend.committed_satang), 'budget_80:' || key);
  end if;
end;
$$;
comment on function private.notify_budget(uuid) is 'Tells the brand when a budgeted brief''s counted and pending views commit 80% of its budget, and the brand and its creators when the budget is reached (private.brief_budget); each once per brief and budget.';

create function private.notify_budget_of_video() returns trigger
  language plpgsql security definer
  set search_path = ''
as $$
begin
  perform private.notify_budget(new.brand_brief_id);
  return null;
end;
$$;
create trigger tiktok_videos_notify_budget
  after update of window_views on public.tiktok_videos
  for each row when (new.brand_brief_id is not null and new.window_views is distinct from old.window_views)
  execute function private.notify_budget_of_video();

-- The monthly close: each creator's statement, each brand's invoice, and the admins' payouts to make.
create function private.notify_close() returns trigger
  language plpgsql security definer
  set search_path = ''
as $$
begin
  perform private.notify(e.creator_id, 'statement_ready', jsonb_build_object('month', e.month, 'earning_satang', sum(e.creator_earning_satang)))
     from added e group by e.creator_id, e.month;
  perform private.notify(e.brand_id, 'invoice_issued', jsonb_build_object('month', e.month, 'charge_satang', sum(e.brand_charge_satang)))
     from added e group by e.brand_id, e.month;
  return null;
end;
$$;
create trigger ledger_entries_notify
  after insert on public.ledger_entries
  referencing new table as added
  for each statement execute function private.notify_close();

create function private.notify_payouts_due() returns trigger
  language plpgsql security definer
  set search_path = ''
as $$
begin
  perform private.notify_admins('payouts_due', jsonb_build_object('month', p.month, 'payouts', count(*), 'net_satang', sum(p.net_satang)))
     from added p group by p.month;
  return null;
end;
$$;
create trigger payouts_notify_due
  after insert on public.payouts
  referencing new table as added
  for each statement execute function private.notify_payouts_due();

create function private.notify_payout_sent() returns trigger
  language plpgsql security definer
  set search_path = ''
as $$
begin
  perform private.notify(new.creator_id, 'payout_sent',
    jsonb_build_object('payout', new.id, 'month', new.month, 'net_satang', new.net_satang, 'reference', new.reference, 'paid_on', new.paid_on));
  return null;
end;
$$;
create trigger payouts_notify_sent
  after update of paid_at on public.payouts
  for each row when (old.paid_at is null and new.paid_at is not null)
  execute function private.notify_payout_sent();

-- TikTok: a connection that ended without the creator (deauthorized, or the refresh refused).
create function private.notify_tiktok_revoked() returns trigger
  language plpgsql security definer
  set search_path = ''
as $$
begin
  perform private.notify(new.user_id, 'tiktok_revoked', jsonb_build_object('reason', new.revoked_reason));
  return null;
end;
$$;
create trigger tiktok_connections_notify_revoked
  after update of revoked_at on public.tiktok_connections
  for each row when (old.revoked_at is null and new.revoked_at is not null)
  execute function private.notify_tiktok_revoked();

-- Fraud signals: the admins hear of a signal a video did not have before.
create or replace function private.evaluate_signals(video_ids uuid[]) returns void
  language plpgsql volatile security definer
  set search_path = ''
as $$
declare
  news jsonb;
begin
  with gone as (
    delete from private.video_signal_state s where s.video = any(video_ids) returning s.video, s.signals
  ),
  fresh as (
    select r.video, r.creator_id, r.created_at, r.signals, r.details from private.signal_rows(video_ids) r
  ),
  kept as (
    insert into private.video_signal_state (video, creator_id, created_at, signals, details)
    select f.video, f.creator_id, f.created_at, f.signals, f.details from fresh f
    returning video
  )
  select jsonb_agg(jsonb_build_object('video', f.video, 'signals', array(select unnest(f.signals) except select unnest(g.signals))))
    into news
    from fresh f
    left join gone g on g.video = f.video
   where not f.signals <@ coalesce(g.signals, '{}');

  perform private.notify_admins('fraud_signal',
            jsonb_build_object('video', v.id, 'title', v.title, 'creator_name', private.creator_name(v.user_id), 'signals', n.item->'signals'))
     from jsonb_array_elements(coalesce(news, '[]')) n(item)
     join public.tiktok_videos v on v.id = (n.item->>'video')::uuid;
end;
$$;
comment on function private.evaluate_signals(uuid[]) is 'Writes these videos'' signals down (a video with none has no row), and tells the admins of each signal a video did not have before.';

-- What a clock decides: deadlines near, reviews about to approve themselves, TikTok connections
-- about to lapse. Scheduled with settle_reviews (pg_cron on Supabase, the local server's timer).
create function public.notify_due() returns integer
  language plpgsql volatile security definer
  set search_path = ''
as $$
declare
  before bigint := (select coalesce(max(n.id), 0) from public.notifications n);
  today date := ((now() at time zone 'UTC') + interval '7 hours')::date;
  brief public.brand_briefs;
begin
  for brief in
    select b.* from public.brand_briefs b where b.status <> 'closed' and b.deadline between today and today + 2
  loop
    perform private.notify_joined(brief, 'brief_deadline_near', jsonb_build_object('deadline', brief.deadline),
                                  'deadline_near:' || brief.id || ':' || brief.deadline);
  end loop;

  perform private.notify(r.brand_id, 'review_auto_approve_soon',
           private.video_params(r.creator_id, r.video_id, r.brand_brief_id)
             || jsonb_build_object('auto_approve_at', r.submitted_at + make_interval(hours => rules.review_auto_approve_hours)),
           'auto_approve_soon:' || r.id || ':' || r.submitted_at)
     from public.video_reviews r
     cross join public.ledger_rules rules
    where r.status = 'pending'
      and r.submitted_at > now() - make_interval(hours => rules.review_auto_approve_hours)
      and r.submitted_at <= now() - make_interval(hours => rules.review_auto_approve_hours - 12);

  perform private.notify(c.user_id, 'tiktok_expiring', jsonb_build_object('expires_at', c.expires_at), 'tiktok_expiring:' || c.expires_at)
     from public.tiktok_connections c
    where c.is_connected and c.revoked_at is null and c.expires_at > now() and c.expires_at <= now() + interval '3 days';

  return (select count(*)::integer from public.notifications n where n.id > before);
end;
$$;
comment on function public.notify_due() is 'Writes the notifications a clock raises, each once: briefs whose deadline is within 2 days (to the creators who joined), reviews 12 hours before the clock approves them (to the brand), TikTok connections lapsing within 3 days. Scheduled; service role only. Answers how many it wrote.';
revoke all on function public.notify_due() from public, anon, authenticated;
grant execute on function public.notify_due() to service_role;

create index tiktok_connections_expires_idx on public.tiktok_connections (expires_at) where is_connected and revoked_at is null;
create index brand_briefs_deadline_idx on public.brand_briefs (deadline) where status <> 'closed';

-- E-mails: what the server's mailer sends --------------------------------------------------------

create function public.claim_notification_emails(p_limit integer default 50)
  returns table (notification_ids bigint[], recipient_id uuid, email text, language text, type text, items jsonb)
  language plpgsql volatile security definer
  set search_path = ''
as $$
#variable_conflict use_column
begin
  -- Switched off since it was queued: never sent.
  delete from private.notification_emails q
   using public.notification_settings s
   where s.user_id = q.recipient_id and q.type = any(s.email_off);

  return query
  with due as (
    select q.recipient_id, q.type
      from private.notification_emails q
      left join private.email_throttle t on t.recipient_id = q.recipient_id and t.type = q.type
     where (q.claimed_at is null or q.claimed_at < now() - interval '10 minutes')
       and (t.last_sent_at is null or t.last_sent_at <= now() - interval '1 hour')
     group by q.recipient_id, q.type
     order by min(q.notification_id)
     limit p_limit
  ),
  throttled as (
    insert into private.email_throttle as t (recipient_id, type, last_sent_at)
    select d.recipient_id, d.type, now() from due d
    on conflict on constraint email_throttle_pkey do update set last_sent_at = now()
  ),
  claimed as (
    update private.notification_emails q set claimed_at = now()
      from due d
     where q.recipient_id = d.recipient_id and q.type = d.type
       and (q.claimed_at is null or q.claimed_at < now() - interval '10 minutes')
    returning q.notification_id, q.recipient_id, q.type
  )
  select array_agg(n.id order by n.id), c.recipient_id, u.email::text, coalesce(s.language, 'en'), c.type,
         jsonb_agg(jsonb_build_object('params', n.params, 'created_at', n.created_at) order by n.id)
    from claimed c
    join public.notifications n on n.id = c.notification_id
    join auth.users u on u.id = c.recipient_id
    left join public.notification_settings s on s.user_id = c.recipient_id
   group by c.recipient_id, u.email, s.language, c.type;
end;
$$;
comment on function public.claim_notification_emails(integer) is 'The e-mails to send now: for each recipient and type not e-mailed in the last hour, every notification waiting (one e-mail, batched), in the recipient''s language. Claiming starts the hour; call notification_emails_sent after sending, or notification_emails_failed. Service role only.';
revoke all on function public.claim_notification_emails(integer) from public, anon, authenticated;
grant execute on function public.claim_notification_emails(integer) to service_role;

create function public.notification_emails_sent(p_ids bigint[]) returns void
  language sql volatile security definer
  set search_path = ''
as $$
  delete from private.notification_emails q where q.notification_id = any(p_ids)
$$;
comment on function public.notification_emails_sent(bigint[]) is 'The e-mail for these notifications went out: they leave the queue. Service role only.';
revoke all on function public.notification_emails_sent(bigint[]) from public, anon, authenticated;
grant execute on function public.notification_emails_sent(bigint[]) to service_role;

create function public.notification_emails_failed(p_ids bigint[]) returns void
  language sql volatile security definer
  set search_path = ''
as $$
  update private.email_throttle t set last_sent_at = now() - interval '1 hour'
    from private.notification_emails q
   where q.notification_id = any(p_ids) and t.recipient_id = q.recipient_id and t.type = q.type;
  update private.notification_emails q set claimed_at = null where q.notification_id = any(p_ids);
$$;
comment on function public.notification_emails_failed(bigint[]) is 'Sending failed: the notifications wait for the next try, which the hour does not hold back. Service role only.';
revoke all on function public.notification_emails_failed(bigint[]) from public, anon, authenticated;
grant execute on function public.notification_emails_failed(bigint[]) to service_role;
