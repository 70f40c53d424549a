-- Demo data (spec §4, §9): three sample opportunities, the brands that publish them,
-- two creators who joined them, four connections, four videos, and one account per
-- role to sign in with (see README.md). Every row is marked is_demo so the UI can
-- label it; the counts on the demo videos are illustrative, not measured.
-- Runs once, on an empty database. Deadlines are 7 to 14 days after the day it runs.

do $$
declare
  admin_code text := gen_random_uuid()::text;
  -- Demo passwords: creator-demo, brand-demo (bcrypt, cost 10). The admin gets none here:
  -- the local server sets a password of its own per installation right after this seed
  -- (server/demo-admin.ts); on hosted Supabase, set it in the dashboard.
  accounts jsonb := jsonb_build_array(
    jsonb_build_object('id', 'a1000000-0000-4000-8000-000000000001', 'email', 'creator@demo.viewpact.test',
      'password', '$2b$10$6wNo1Z3Auj98COkfh7QmdeL1bnsCWu/N1FHrA7zgaQDcjYde25uaq',
      'meta', jsonb_build_object('user_type', 'creator', 'first_name', 'Nalinee', 'last_name', 'Chaiyaporn',
        'tiktok_username', 'nalinee.eats', 'follower_count', 48200)),
    jsonb_build_object('id', 'a1000000-0000-4000-8000-000000000002', 'email', 'brand@demo.viewpact.test',
      'password', '$2b$10$5b4AUec9ppKfVsYvNqKiDerIAS4nNzpdeRYOPn0VqYo6B1nhRM/pG',
      'meta', jsonb_build_object('user_type', 'brand', 'first_name', 'GlowLab Skincare', 'last_name', 'Pimchanok Rattanakul',
        'company_name', 'GlowLab Co., Ltd.', 'website', 'https://glowlab.example', 'industry', 'Beauty')),
    jsonb_build_object('id', 'a1000000-0000-4000-8000-000000000003', 'email', 'admin@demo.viewpact.test',
      'password', '',
      'meta', jsonb_build_object('user_type', 'admin', 'first_name', 'Somchai', 'last_name', 'Wongsakul',
        'admin_invite_code', admin_code)),
    -- Sample profiles without a password: nobody signs in as them.
    jsonb_build_object('id', 'a1000000-0000-4000-8000-000000000004', 'email', 'volt@sample.viewpact.test',
      'password', '',
      'meta', jsonb_build_object('user_type', 'brand', 'first_name', 'Volt Energy', 'last_name', 'Krit Boonmee',
        'company_name', 'Volt Beverages Co., Ltd.', 'website', 'https://volt-energy.example', 'industry', 'Beverages')),
    jsonb_build_object('id', 'a1000000-0000-4000-8000-000000000005', 'email', 'fitflex@sample.viewpact.test',
      'password', '',
      'meta', jsonb_build_object('user_type', 'brand', 'first_name', 'FitFlex Apparel', 'last_name', 'Anong Saetang',
        'company_name', 'FitFlex Thailand', 'website', 'https://fitflex.example', 'industry', 'Fashion')),
    jsonb_build_object('id', 'a1000000-0000-4000-8000-000000000006', 'email', 'ploy@sample.viewpact.test',
      'password', '',
      'meta', jsonb_build_object('user_type', 'creator', 'first_name', 'Ploy', 'last_name', 'Srisuk',
        'tiktok_username', 'ploy.moves', 'follower_count', 125000))
  );
  account jsonb;
begin
  insert into public.admin_invites (code_hash, note, expires_at)
  values (sha256(convert_to(admin_code, 'UTF8')), 'Demo admin account (seed.sql)', now() + interval '1 hour');

  for account in select * from jsonb_array_elements(accounts) loop
    insert into auth.users (
      instance_id, id, aud, role, email, encrypted_password, email_confirmed_at,
      confirmation_token, recovery_token, email_change_token_new, email_change,
      raw_app_meta_data, raw_user_meta_data, created_at, updated_at, is_sso_user, is_anonymous
    ) values (
      '00000000-0000-0000-0000-000000000000', (account ->> 'id')::uuid, 'authenticated', 'authenticated',
      account ->> 'email', account ->> 'password', now(),
      '', '', '', '',
      '{"provider": "email", "providers": ["email"]}'::jsonb, account -> 'meta', now(), now(), false, false
    );
    insert into auth.identities (provider_id, user_id, identity_data, provider, created_at, updated_at)
    values (
      account ->> 'id', (account ->> 'id')::uuid,
      jsonb_build_object('sub', account ->> 'id', 'email', account ->> 'email', 'email_verified', true),
      'email', now(), now()
    );
  end loop;
end $$;

update public.profiles set is_demo = true
 where id::text like 'a1000000-0000-4000-8000-%';

insert into public.brand_briefs (id, brand_id, title, description, reward, industry, deadline, status, brief, is_demo) values
  ('b1000000-0000-4000-8000-000000000001', 'a1000000-0000-4000-8000-000000000002',
   'Skincare Product Review',
   'Try our new Vitamin C brightening serum for two weeks and share an honest review: your routine, the texture, and the results you see.',
   '฿2,000 – ฿5,000', '{Beauty,Skincare}', current_date + 7, 'open',
   'We are looking for beauty and lifestyle creators with an engaged Thai audience. Show the serum in your morning routine, keep it natural, and tag @glowlab.th. Videos of 30 to 60 seconds work best.',
   true),
  ('b1000000-0000-4000-8000-000000000002', 'a1000000-0000-4000-8000-000000000004',
   'Energy Drink Promotion',
   'Create a high-energy video featuring Volt during your workout, study session or night out.',
   '฿3,000 – ฿8,000', '{Beverages,Lifestyle}', current_date + 10, 'open',
   'Volt wants fun, fast-paced content that shows the moment you need a boost. Any format works: transitions, challenges or day-in-the-life. Mention the new passion-fruit flavour.',
   true),
  ('b1000000-0000-4000-8000-000000000003', 'a1000000-0000-4000-8000-000000000005',
   'Fitness Apparel Showcase',
   'Show off the FitFlex summer collection in a workout or styling video.',
   '฿1,500 – ฿4,000', '{Fashion,Fitness}', current_date + 14, 'open',
   'We will send you two outfits from the summer collection. Film a workout, a try-on or a gym-to-street styling video, and tell your followers what you like about the fit and fabric.',
   true);

insert into public.creator_brand_connections (creator_id, brand_brief_id, status, is_demo) values
  ('a1000000-0000-4000-8000-000000000001', 'b1000000-0000-4000-8000-000000000001', 'matched', true),
  ('a1000000-0000-4000-8000-000000000001', 'b1000000-0000-4000-8000-000000000002', 'matched', true),
  ('a1000000-0000-4000-8000-000000000006', 'b1000000-0000-4000-8000-000000000001', 'matched', true),
  ('a1000000-0000-4000-8000-000000000006', 'b1000000-0000-4000-8000-000000000003', 'matched', true);

insert into public.tiktok_videos (user_id, video_id, share_url, title, description, author_username, brand_brief_id,
  view_count, like_count, comment_count, share_count, is_estimated, metrics_source, metrics_updated_at, is_demo) values
  ('a1000000-0000-4000-8000-000000000001', '7431200000000000001',
   'https://www.tiktok.com/@nalinee.eats/video/7431200000000000001',
   'My morning glow routine with GlowLab serum', 'Two weeks with a Vitamin C serum: honest results. #skincare #glowlab',
   'nalinee.eats', 'b1000000-0000-4000-8000-000000000001', 12500, 1430, 96, 41, false, 'demo', now(), true),
  ('a1000000-0000-4000-8000-000000000001', '7431200000000000002',
   'https://www.tiktok.com/@nalinee.eats/video/7431200000000000002',
   'Late-night study session, powered by Volt', 'Exam week survival kit. #studywithme #volt',
   'nalinee.eats', 'b1000000-0000-4000-8000-000000000002', 8300, 610, 35, 22, false, 'demo', now(), true),
  ('a1000000-0000-4000-8000-000000000006', '7431200000000000003',
   'https://www.tiktok.com/@ploy.moves/video/7431200000000000003',
   'Dance break skincare check', 'Does it survive a full dance practice? #glowlab #dance',
   'ploy.moves', 'b1000000-0000-4000-8000-000000000001', 45200, 5210, 318, 250, false, 'demo', now(), true),
  ('a1000000-0000-4000-8000-000000000006', '7431200000000000004',
   'https://www.tiktok.com/@ploy.moves/video/7431200000000000004',
   'Gym to street in FitFlex', 'Three looks, one set. #fitflex #ootd',
   'ploy.moves', 'b1000000-0000-4000-8000-000000000003', 23800, 2140, 127, 88, false, 'demo', now(), true);
