-- Sign-up creates the profile from the auth user's metadata. An admin sign-up must
-- carry a valid one-time invite; without one the whole sign-up is rolled back, so
-- no user is left behind.
--
-- Errors raised here use SQLSTATE PTxxx (PostgREST's convention: HTTP status xxx)
-- with a machine-readable code in the hint. The local auth server turns them into
-- GoTrue-style errors; hosted Supabase reports them as "Database error saving new
-- user", which is why the sign-up form checks an invite first (admin_invite_is_valid).

create function private.normalize_website(raw text) returns text
  language sql immutable
  set search_path = ''
as $$
  select case
    when nullif(btrim(raw), '') is null then null
    when btrim(raw) ~* '^https?://' then btrim(raw)
    -- Another scheme (javascript:, mailto:) is left as it is, for the check constraint to refuse.
    when btrim(raw) ~* '^[a-z][a-z0-9+.-]*:[^0-9]' then btrim(raw)
    else 'https://' || btrim(raw)
  end
$$;
comment on function private.normalize_website(text) is 'People type example.com; the profile keeps https://example.com.';

create function private.handle_new_user() returns trigger
  language plpgsql security definer
  set search_path = ''
as $$
declare
  meta jsonb := coalesce(new.raw_user_meta_data, '{}'::jsonb);
  kind text := coalesce(nullif(btrim(meta ->> 'user_type'), ''), 'creator');
  username text := nullif(btrim(meta ->> 'tiktok_username'), '');
  followers_text text := btrim(meta ->> 'follower_count');
  followers integer;
  invite_id uuid;
begin
  if kind not in ('creator', 'brand', 'admin') then
    raise exception 'Unknown account type "%"', kind
      using errcode = 'PT422', hint = 'invalid_user_type';
  end if;

  if kind = 'admin' then
    update public.admin_invites
       set used_by = new.id, used_at = now()
     where code_hash = sha256(convert_to(coalesce(meta ->> 'admin_invite_code', ''), 'UTF8'))
       and used_at is null
       and expires_at > now()
    returning id into invite_id;
    if invite_id is null then
      raise exception 'A valid admin invite code is required to register as an admin'
        using errcode = 'PT403', hint = 'admin_invite_invalid';
    end if;
  end if;

  -- follower_count arrives as a JSON number or a string; keep its integer part.
  if followers_text ~ '^[0-9]{1,10}(\.[0-9]*)?$' then
    followers := least(floor(followers_text::numeric), 2147483647)::integer;
  elsif followers_text is not null and followers_text <> '' then
    raise exception 'Follower count must be a whole number'
      using errcode = 'PT422', hint = 'invalid_follower_count';
  end if;

  insert into public.profiles (id, user_type, first_name, last_name, tiktok_username, follower_count, website, industry, company_name)
  values (
    new.id,
    kind,
    nullif(btrim(meta ->> 'first_name'), ''),
    nullif(btrim(meta ->> 'last_name'), ''),
    nullif(ltrim(username, '@'), ''),
    followers,
    private.normalize_website(meta ->> 'website'),
    nullif(btrim(meta ->> 'industry'), ''),
    nullif(btrim(meta ->> 'company_name'), '')
  );

  -- The invite code has done its work; keep it out of every future token. (Where the
  -- platform forbids writing auth.users, the used code stays, harmless.)
  if meta ? 'admin_invite_code' then
    begin
      update auth.users set raw_user_meta_data = raw_user_meta_data - 'admin_invite_code' where id = new.id;
    exception when insufficient_privilege then
      null;
    end;
  end if;

  return new;
exception
  when check_violation then
    raise exception 'The sign-up details are not valid: %', sqlerrm
      using errcode = 'PT422', hint = 'invalid_profile';
end;
$$;
comment on function private.handle_new_user() is 'Creates the profile of a new auth user from its metadata and consumes the admin invite an admin sign-up must carry.';

create trigger on_auth_user_created
  after insert on auth.users
  for each row execute function private.handle_new_user();
