-- Issue 33 (4): every column a person types has the length limit the forms have. An opportunity's
-- industry tags had none: the array held at most 20 tags, each of any length (a crafted request
-- stored a 5,000-character tag). A tag now has at most 50 characters, counted as the brand typed
-- it less the spaces around it (private.check_brand_brief trims them), and a longer one is refused
-- with its own code, which the opportunity forms show under the tags field.

create function private.check_brief_tags()
returns trigger
language plpgsql
set search_path = ''
as $$
begin
  if exists (select 1 from unnest(new.industry) tag where char_length(btrim(tag)) > 50) then
    perform private.refuse('industry_tag_too_long', 'A tag has at most 50 characters', 400);
  end if;
  return new;
end;
$$;

comment on function private.check_brief_tags() is 'Refuses an industry tag longer than 50 characters (industry_tag_too_long), on publishing a brief and on every change of its tags.';

create trigger brand_briefs_check_tags before insert or update of industry on public.brand_briefs
  for each row execute function private.check_brief_tags();
