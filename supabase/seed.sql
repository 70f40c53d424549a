-- Demo data (spec §4, §9): three sample opportunities, the brands that publish them,
-- two creators who joined them, four connections, seven videos with their snapshots and
-- reviews, and one account per role to sign in with (see README.md). Every row is marked
-- is_demo so the UI can label it; the counts on the demo videos are illustrative, not measured.
-- Runs once, on an empty database. Deadlines are 7 to 14 days after the day it runs.
-- The money is there from the first start (issue 33): the two months before this one are closed,
-- the demo creator has payout details, the older month's payout and invoice are paid (with the
-- creator's 50 Tawi), last month's are due, and GlowLab's campaign has a budget with spend.

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

-- The demo creators proved their TikTok accounts (rule 4: only a proven account's views count),
-- by the bio code; demo accounts are never read again.
update public.profiles set tiktok_proof = 'bio', tiktok_verified_at = now()
 where id in ('a1000000-0000-4000-8000-000000000001', 'a1000000-0000-4000-8000-000000000006');

-- The briefs were published days ago, so that the demo videos below fall inside (or, for
-- one of them, outside) their dates. created_at is when a brief was published (rule 4).
-- GlowLab's runs since before the month before last (Thailand time), so that the two closed
-- months have views.
insert into public.brand_briefs (id, brand_id, title, description, reward, industry, deadline, status, brief, is_demo, created_at) values
  ('b1000000-0000-4000-8000-000000000001', 'a1000000-0000-4000-8000-000000000002',
   'Skincare Product Review',
   'Try our new Vitamin C brightening serum for two weeks and share an honest review: your routine, the texture, and the results you see.',
   '฿2,000 – ฿5,000', '{Beauty,Skincare}', current_date + 7, 'open',
   'We are looking for beauty and lifestyle creators with an engaged Thai audience. Show the serum in your morning routine, keep it natural, and tag @glowlab.th. Videos of 30 to 60 seconds work best.',
   true, least(now() - interval '12 days', private.month_start((private.current_month() - interval '2 months')::date) - interval '2 days')),
  ('b1000000-0000-4000-8000-000000000002', 'a1000000-0000-4000-8000-000000000004',
   'Energy Drink Promotion',
   'Create a high-energy video featuring Volt during your workout, study session or night out.',
   '฿3,000 – ฿8,000', '{Beverages,Lifestyle}', current_date + 10, 'open',
   'Volt wants fun, fast-paced content that shows the moment you need a boost. Any format works: transitions, challenges or day-in-the-life. Mention the new passion-fruit flavour.',
   true, now() - interval '40 days'),
  ('b1000000-0000-4000-8000-000000000003', 'a1000000-0000-4000-8000-000000000005',
   'Fitness Apparel Showcase',
   'Show off the FitFlex summer collection in a workout or styling video.',
   '฿1,500 – ฿4,000', '{Fashion,Fitness}', current_date + 14, 'open',
   'We will send you two outfits from the summer collection. Film a workout, a try-on or a gym-to-street styling video, and tell your followers what you like about the fit and fabric.',
   true, now() - interval '9 days');

insert into public.creator_brand_connections (creator_id, brand_brief_id, status, is_demo) values
  ('a1000000-0000-4000-8000-000000000001', 'b1000000-0000-4000-8000-000000000001', 'matched', true),
  ('a1000000-0000-4000-8000-000000000001', 'b1000000-0000-4000-8000-000000000002', 'matched', true),
  ('a1000000-0000-4000-8000-000000000006', 'b1000000-0000-4000-8000-000000000001', 'matched', true),
  ('a1000000-0000-4000-8000-000000000006', 'b1000000-0000-4000-8000-000000000003', 'matched', true);

-- Seven demo videos, each with a history of snapshots (source demo): every 6 hours for the
-- first 7 days after posting, then daily. Their ids carry their posting time (rule 3). They
-- show each standing of the ledger (docs/money.md):
--   1 Nalinee, GlowLab: posted 2 days ago, awaiting GlowLab's review (pending_review)
--   2 Nalinee, Volt: approved; posted 35 days ago, so its window has ended (frozen)
--   3 Nalinee, Volt: posted before Volt published its brief, so it cannot join the brief: sent
--     to Volt as a pitch instead (pitch; rule 4 refuses posted_before_brief at link time)
--   4 Ploy, GlowLab: approved by GlowLab
--   5 Ploy, FitFlex: no answer within 72 hours, approved automatically
--   6 Nalinee, GlowLab: approved; posted on the 2nd of last month, so that last month's close
--     gives her a statement, a payout and withholding tax (over 1,000 baht)
--   7 Nalinee, GlowLab: approved; posted on the 2nd of the month before last: that month's close
--     gives her a statement and a payout with withholding tax, which is paid (the 50 Tawi)
-- The counts are illustrative, not measured: the demo rows are labelled as demo data, and
-- the refresher never re-measures them.
do $$
declare
  demo record;
  posted timestamptz;
  tiktok_id text;
  times timestamptz[];
  latest timestamptz;
  at timestamptz;
  views bigint;
  video uuid;
begin
  for demo in select * from (values
      (1, 'a1000000-0000-4000-8000-000000000001'::uuid, 'b1000000-0000-4000-8000-000000000001'::uuid, interval '46 hours', 12500,
       'My morning glow routine with GlowLab serum', 'Two weeks with a Vitamin C serum: honest results. #skincare #glowlab #ad', 'nalinee.eats', 0.114, 0.0077, 0.0033),
      (2, 'a1000000-0000-4000-8000-000000000001'::uuid, 'b1000000-0000-4000-8000-000000000002'::uuid, interval '35 days', 8300,
       'Late-night study session, powered by Volt', 'Exam week survival kit. #studywithme #volt #ad', 'nalinee.eats', 0.073, 0.0042, 0.0027),
      (3, 'a1000000-0000-4000-8000-000000000001'::uuid, null::uuid, interval '50 days', 5400,
       'Throwback: my first energy drink taste test', 'Trying every energy drink at the 7-Eleven. #throwback', 'nalinee.eats', 0.061, 0.0051, 0.0019),
      (4, 'a1000000-0000-4000-8000-000000000006'::uuid, 'b1000000-0000-4000-8000-000000000001'::uuid, interval '8 days', 45200,
       'Dance break skincare check', 'Does it survive a full dance practice? #glowlab #dance #ad', 'ploy.moves', 0.115, 0.0070, 0.0055),
      (5, 'a1000000-0000-4000-8000-000000000006'::uuid, 'b1000000-0000-4000-8000-000000000003'::uuid, interval '5 days', 23800,
       'Gym to street in FitFlex', 'Three looks, one set. #fitflex #ootd #ad', 'ploy.moves', 0.090, 0.0053, 0.0037),
      (6, 'a1000000-0000-4000-8000-000000000001'::uuid, 'b1000000-0000-4000-8000-000000000001'::uuid,
       now() - (private.month_start((private.current_month() - interval '1 month')::date) + interval '1 day 3 hours'), 420000,
       'Sunscreen test: a full day at the beach', 'SPF check after 8 hours in the sun. #glowlab #skincare #ad', 'nalinee.eats', 0.102, 0.0061, 0.0040),
      (7, 'a1000000-0000-4000-8000-000000000001'::uuid, 'b1000000-0000-4000-8000-000000000001'::uuid,
       now() - (private.month_start((private.current_month() - interval '2 months')::date) + interval '1 day 3 hours'), 360000,
       'Five-minute glow before the office', 'My quick routine on a workday morning. #glowlab #skincare #ad', 'nalinee.eats', 0.094, 0.0058, 0.0031)
    ) as d (n, creator, brief, age, final_views, title, description, author, like_rate, comment_rate, share_rate)
  loop
    posted := date_trunc('second', now() - demo.age);
    tiktok_id := ((extract(epoch from posted)::bigint << 32) + demo.n)::text;
    times := array(
      select t from generate_series(posted + interval '6 hours', least(now(), posted + interval '7 days'), interval '6 hours') t
      union all
      select t from generate_series(posted + interval '8 days', least(now(), posted + interval '33 days'), interval '1 day') t
      order by 1
    );
    latest := times[array_length(times, 1)];
    -- The views follow a plausible curve: fast at first, flat after a month.
    views := floor(demo.final_views * least(1, sqrt(extract(epoch from latest - posted) / 3600 / 1080)));
    insert into public.tiktok_videos (user_id, video_id, share_url, title, description, author_username, brand_brief_id, brand_id,
      view_count, like_count, comment_count, share_count, is_estimated, metrics_source, metrics_updated_at, is_demo)
    values (
      demo.creator,
      tiktok_id,
      format('https://www.tiktok.com/@%s/video/%s', demo.author, tiktok_id),
      demo.title, demo.description, demo.author, demo.brief,
      case when demo.n = 3 then 'a1000000-0000-4000-8000-000000000004'::uuid end,
      views, floor(views * demo.like_rate), floor(views * demo.comment_rate), floor(views * demo.share_rate),
      false, 'demo', latest, true
    )
    returning id into video;
    -- The insert recorded the latest snapshot; the earlier ones complete the history.
    foreach at in array times[1:array_length(times, 1) - 1] loop
      views := floor(demo.final_views * least(1, sqrt(extract(epoch from at - posted) / 3600 / 1080)));
      insert into public.video_snapshots (tiktok_video_id, measured_at, view_count, like_count, comment_count, share_count, source)
      values (video, at, views, floor(views * demo.like_rate), floor(views * demo.comment_rate), floor(views * demo.share_rate), 'demo');
    end loop;
    -- Linking the video opened its review: an hour after posting, or after the brief appeared.
    update public.video_reviews r
       set submitted_at = greatest(posted, (select b.created_at from public.brand_briefs b where b.id = demo.brief)) + interval '1 hour'
     where r.creator_id = demo.creator and r.video_id = tiktok_id;
    if demo.n in (2, 4, 6, 7) then
      update public.video_reviews r
         set status = 'approved', decided_at = posted + interval '1 day', decided_by = r.brand_id
       where r.creator_id = demo.creator and r.video_id = tiktok_id;
    end if;
  end loop;
end $$;

-- The demo's notifications tell the demo's own times, not the moment it loaded: a review waits
-- until its own deadline (and no longer once the clock has approved it), an approval is dated
-- when the brand gave it.
update public.notifications n
   set params = n.params || jsonb_build_object('auto_approve_at', l.auto_approve_at), created_at = l.review_submitted_at
  from public.video_ledger l
 where n.type = 'review_waiting' and l.id = (n.params->>'video')::uuid and l.review_status = 'pending' and l.auto_approve_at > now();
delete from public.notifications n
 where n.type = 'review_waiting'
   and not exists (select 1 from public.video_ledger l
                    where l.id = (n.params->>'video')::uuid and l.review_status = 'pending' and l.auto_approve_at > now());
update public.notifications n
   set created_at = r.decided_at
  from public.tiktok_videos v
  join public.video_reviews r on r.creator_id = v.user_id and r.video_id = v.video_id
 where n.type = 'video_approved' and v.id = (n.params->>'video')::uuid and r.decided_at is not null;

-- GlowLab caps its campaign at ฿10,000, which the demo videos have already spent about two thirds
-- of. Set once the videos are in (the campaign card says the budget was updated today): with a
-- budget from the start, every snapshot above re-checked it (a second more CPU at the first start).
update public.brand_briefs set budget_satang = 1000000 where id = 'b1000000-0000-4000-8000-000000000001';

-- The money of the two months before this one, there from the first start (rules 12-16 and
-- "Billing", docs/money.md): GlowLab gives its billing details as a brand does in Settings, so
-- each close issues its invoice; the demo admin closes both months (private.close_month, which the
-- scheduler's runner calls); the demo creator gives her payout details as she does in Settings →
-- Payouts (save_payout_account); and the admin records today's transfers of the older month, as in
-- Payments: Nalinee's payout (mark_payout_paid: her 50 Tawi) and GlowLab's payment of its invoice,
-- 2% withheld with its certificate (record_brand_payment: its tax invoice). Each call runs as the
-- person who makes it in the app (request.jwt.claims), so its checks, its audit rows, documents,
-- notifications and e-mails are the app's own. Last month's payout and invoice stay due: the admin
-- has a payout to pay, and GlowLab an invoice. Nalinee reads her e-mails in Thai
-- (notification_settings.language, which the app records as she uses it).
do $$
declare
  demo_admin constant uuid := 'a1000000-0000-4000-8000-000000000003';
  demo_creator constant uuid := 'a1000000-0000-4000-8000-000000000001';
  demo_brand constant uuid := 'a1000000-0000-4000-8000-000000000002';
  older constant date := (private.current_month() - interval '2 months')::date;
  last_month constant date := (private.current_month() - interval '1 month')::date;
  today constant date := (now() at time zone 'Asia/Bangkok')::date;
  paid uuid;
  invoice record;
begin
  perform set_config('request.jwt.claims', json_build_object('sub', demo_brand, 'role', 'authenticated')::text, true);
  perform public.save_billing_details(
    p_legal_name => 'บริษัท โกลว์แล็บ จำกัด', p_address => '199 อาคารสาทรซิตี้ ชั้น 12 ถนนสาทรใต้ แขวงยานนาวา เขตสาทร กรุงเทพมหานคร 10120',
    p_tax_id => '0105559123454', p_branch => '00000', p_billing_email => 'accounts@glowlab.example');
  perform set_config('request.jwt.claims', '', true);

  perform private.close_month(older, demo_admin);
  perform private.close_month(last_month, demo_admin);

  perform set_config('request.jwt.claims', json_build_object('sub', demo_creator, 'role', 'authenticated')::text, true);
  perform public.save_payout_account(
    p_method => 'promptpay', p_promptpay_id => '081-234-5678', p_legal_name => 'นลินี ชัยพร',
    p_address => '88/8 ซอยสุขุมวิท 31 แขวงคลองเตยเหนือ เขตวัฒนา กรุงเทพมหานคร 10110',
    p_tax_id => '1234567890121', p_tax_consent => true);
  insert into public.notification_settings (user_id, language) values (demo_creator, 'th');

  perform set_config('request.jwt.claims', json_build_object('sub', demo_admin, 'role', 'authenticated')::text, true);
  select p.id into paid from public.payouts p where p.creator_id = demo_creator and p.month = older;
  if paid is not null then
    perform public.mark_payout_paid(paid, 'KB-550019', today);
  end if;
  select d.id, d.net_due_satang, d.wht_expected_satang into invoice
    from public.billing_documents d where d.brand_id = demo_brand and d.month = older and d.kind = 'invoice';
  if invoice.id is not null then
    perform public.record_brand_payment(invoice.id, invoice.net_due_satang, invoice.wht_expected_satang, 'GL-0042', today, 'TX-771204');
  end if;
  perform set_config('request.jwt.claims', '', true);
end $$;

-- The videos above were added now with histories that began earlier: the month's bookkeeping
-- (what each video counted when the month began, which the Earnings page's month so far starts
-- from) is rebuilt from those histories, or last month's views would count again this month.
select private.rebuild_months();
