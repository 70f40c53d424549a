-- Spec §5's profile rules, kept by the database for every writer, not only the form:
-- a leading @ is stripped from the TikTok username, blank text is stored as null, and a
-- bare website domain gets https://.

create function private.normalize_profile() returns trigger
  language plpgsql
  set search_path = ''
as $$
begin
  new.tiktok_username := nullif(ltrim(btrim(new.tiktok_username), '@'), '');
  new.first_name := nullif(btrim(new.first_name), '');
  new.last_name := nullif(btrim(new.last_name), '');
  new.industry := nullif(btrim(new.industry), '');
  new.company_name := nullif(btrim(new.company_name), '');
  new.website := private.normalize_website(new.website);
  return new;
end;
$$;
comment on function private.normalize_profile() is 'Strips @ from tiktok_username, turns blank text into null and completes bare website domains, whoever writes the profile.';

-- Named to run before the check constraints see the row (triggers fire before constraints).
create trigger profiles_normalize
  before insert or update on public.profiles
  for each row execute function private.normalize_profile();
