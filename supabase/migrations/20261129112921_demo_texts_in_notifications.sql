-- Issue 33 (13): the demo tells its story in the reader's language. The demo rows (supabase/seed.sql)
-- are written in English, and the pages show them in Thai to a Thai reader (src/lib/demo-texts.ts);
-- a notification about one carries its English title in its params, so it read in English in the
-- middle of a Thai sentence. Each notification now names the params that hold a demo row's text
-- (params.demo: 'title' for a demo video's, 'brief_title' for a demo campaign's), and the renderer
-- (supabase/functions/_shared/notifications/render.ts) shows those in the reader's language. What
-- people wrote stays as they wrote it, even about a demo campaign.

create function private.demo_texts(p_params jsonb)
returns text[]
language plpgsql
stable
security definer
set search_path = ''
as $function$
declare
  named text[] := '{}';
  id_pattern constant text := '^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$';
begin
  if jsonb_typeof(p_params -> 'title') = 'string' and coalesce(p_params ->> 'video' ~ id_pattern, false)
     and exists (select 1 from public.tiktok_videos v where v.id = (p_params ->> 'video')::uuid and v.is_demo) then
    named := named || 'title'::text;
  end if;
  if jsonb_typeof(p_params -> 'brief_title') = 'string' and coalesce(p_params ->> 'brief' ~ id_pattern, false)
     and exists (select 1 from public.brand_briefs b where b.id = (p_params ->> 'brief')::uuid and b.is_demo) then
    named := named || 'brief_title'::text;
  end if;
  return named;
end;
$function$;
comment on function private.demo_texts(jsonb) is 'The params of a notification that hold a demo row''s text (is_demo): title when its video is a demo video, brief_title when its campaign is a demo campaign. private.notify writes them as params.demo, and the renderer shows those texts in the reader''s language.';
revoke all on function private.demo_texts(jsonb) from public, anon, authenticated;

create or replace function private.notify(p_recipient uuid, p_type text, p_params jsonb, p_once_key text default null::text)
returns void
language plpgsql
security definer
set search_path = ''
as $function$
declare
  made bigint;
  kind text := private.profile_type(p_recipient);
  demo text[];
begin
  if p_recipient is null or kind is null then
    return;
  end if;
  -- A demo row's texts are named, so that each reader reads them in their language (render.ts).
  -- Only params that hold a title are looked at: a month's close notifies every creator paid.
  demo := case when p_params ?| array['title', 'brief_title'] then private.demo_texts(p_params) else '{}' end;
  insert into public.notifications (recipient_id, type, params, once_key)
  values (p_recipient, p_type, case when cardinality(demo) > 0 then p_params || jsonb_build_object('demo', to_jsonb(demo)) else p_params end, p_once_key)
  on conflict (recipient_id, once_key) where once_key is not null do nothing
  returning id into made;
  if made is not null and p_type = any(private.email_types(kind)) then
    insert into private.notification_emails (notification_id, recipient_id, type) values (made, p_recipient, p_type);
  end if;
end;
$function$;
comment on function private.notify(uuid, text, jsonb, text) is 'Writes one notification (once per once_key, when given) and queues its e-mail when the type goes by e-mail for the recipient''s user type. A deleted account gets none. The params that hold a demo row''s text are named in params.demo (private.demo_texts).';

-- The notifications written before: those about a demo row name its texts too.
update public.notifications n
   set params = n.params || jsonb_build_object('demo', to_jsonb(d.named))
  from (select x.id, private.demo_texts(x.params) as named
          from public.notifications x
         where x.params ? 'video' or x.params ? 'brief') d
 where d.id = n.id and cardinality(d.named) > 0 and not (n.params ? 'demo');
