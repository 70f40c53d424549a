-- Issue 33, item 5: the admin's user search finds a person by their e-mail, or part of it
-- (`somchai@siamtea` finds somchai@siamtea.co.th), as well as by name and TikTok username.
--
-- The e-mail lives in auth.users, which belongs to Supabase Auth: on hosted Supabase a migration
-- may put a trigger on it but not an index, and searching it for a part of an address would read
-- every account. So each account's e-mail is copied, by a trigger, into a private table with a
-- trigram index, as the names have one on public.profiles. Only admin_list_users (security
-- definer, admins only) reads it: no API role has any grant on it, and the rows it answers carry
-- the e-mail to admins alone, as before.

create table private.account_emails (
  user_id uuid primary key references auth.users (id) on delete cascade,
  email text not null
);
comment on table private.account_emails is 'Each account''s sign-in e-mail, copied from auth.users.email by private.copy_account_email, so that the admin user search (admin_list_users) finds it through a trigram index: hosted Supabase lets no migration index auth.users. Read by security-definer functions only.';

create index account_emails_search_idx on private.account_emails using gin (lower(email) extensions.gin_trgm_ops);
alter table private.account_emails enable row level security;
revoke all on table private.account_emails from public, anon, authenticated, service_role;

create function private.copy_account_email() returns trigger
  language plpgsql security definer
  set search_path to ''
as $$
begin
  if new.email is null then
    delete from private.account_emails e where e.user_id = new.id;
  else
    insert into private.account_emails (user_id, email) values (new.id, new.email)
    on conflict (user_id) do update set email = excluded.email;
  end if;
  return null;
end;
$$;
comment on function private.copy_account_email() is 'Trigger on auth.users: keeps private.account_emails equal to the account''s e-mail (a sign-up, a change by support, a deleted account''s blanked address); an account without one has no row.';
revoke all on function private.copy_account_email() from public, anon, authenticated, service_role;

create trigger on_auth_user_email after insert or update of email on auth.users
  for each row execute function private.copy_account_email();

insert into private.account_emails (user_id, email)
select u.id, u.email from auth.users u where u.email is not null;

create or replace function public.admin_list_users(p_search text default '', p_type text default null, p_offset integer default 0, p_limit integer default 10)
  returns json
  language plpgsql stable security definer
  set search_path to ''
as $$
declare
  pattern text := private.admin_search_pattern(p_search);
  first integer := greatest(coalesce(p_offset, 0), 0);
  size integer := least(greatest(coalesce(p_limit, 10), 1), 100);
  kind text := nullif(p_type, 'all');
  total bigint;
  by_email uuid[];
  page uuid[];
  listed json;
begin
  perform private.require_admin();
  if kind is not null and kind not in ('creator', 'brand', 'admin') then
    perform private.refuse('user_type_invalid', 'The type is creator, brand or admin', 400);
  end if;
  if pattern is null and kind is null then
    select sum(c.profiles) into total from private.profile_counts c;
    page := array(select p.id from public.profiles p order by p.created_at desc, p.id offset first limit size);
  elsif pattern is null then
    select c.profiles into total from private.profile_counts c where c.user_type = kind;
    page := array(select p.id from public.profiles p where p.user_type = kind order by p.created_at desc, p.id offset first limit size);
  else
    -- The accounts whose e-mail matches first (trigram index), then the profiles that match by
    -- name or are among them: one bitmap of the trigram and primary key indexes, where a join
    -- could be planned as a read of every profile. Then their order; see admin_list_videos.
    by_email := array(select e.user_id from private.account_emails e where lower(e.email) like pattern);
    with matched as materialized (
      select p.id, p.created_at from public.profiles p
       where (private.profile_search_text(p.first_name, p.last_name, p.tiktok_username) like pattern or p.id = any(by_email))
         and (kind is null or p.user_type = kind)
    )
    select (select count(*) from matched), array(select m.id from matched m order by m.created_at desc, m.id offset first limit size)
      into total, page;
  end if;
  select json_agg(json_build_object(
           'id', p.id, 'user_type', p.user_type, 'first_name', p.first_name, 'last_name', p.last_name,
           'tiktok_username', p.tiktok_username, 'company_name', p.company_name, 'tiktok_avatar_url', p.tiktok_avatar_url,
           'created_at', p.created_at, 'email', u.email, 'suspended_at', s.suspended_at)
         order by array_position(page, p.id))
    into listed
    from public.profiles p
    left join auth.users u on u.id = p.id
    left join private.suspensions s on s.user_id = p.id
   where p.id = any(page);
  return json_build_object('total', total, 'searched', pattern is not null, 'rows', coalesce(listed, '[]'::json));
end;
$$;
comment on function public.admin_list_users(text, text, integer, integer) is 'Admins: one page of users, newest first, {"total", "searched", "rows"}: p_search matches first name, last name, TikTok username or e-mail, any part of them, case aside, taken literally (from 3 characters; shorter lists everyone, spec §5), p_type creator, brand, admin or all; 1 to 100 rows from p_offset. Rows carry the e-mail and, when suspended, since when.';
