import bcrypt from '@node-rs/bcrypt';
import type { Database } from '../server/db/types';
import { benchPassword, generatorVersion, type Shape } from './shape';

/**
 * Fills a migrated, empty database with the benchmark's data, in SQL (generate_series):
 * brands, creators and an admin who can sign in, briefs, connections, videos with several
 * snapshots each, and reviews in every state. Bulk rows are written with triggers off and
 * with the columns the triggers would have written computed in the same statements (the
 * totals by private.rebuild_totals); a few videos of the typical creator go through every trigger, and
 * a sample is checked against the triggers' rules before the data is used.
 */

/** The uuid of the n-th bench row of a kind: the same in every run. */
export const benchId = (kind: 'brand' | 'creator' | 'admin' | 'brief', n: number) => `md5('bench-${kind}-' || ${n})::uuid`;

const uuidOf = (kind: string, n: string) => `md5('bench-${kind}-' || ${n})::uuid`;

export async function generatedVersion(db: Database): Promise<string | null> {
  await db.exec('create schema if not exists bench; create table if not exists bench.meta (key text primary key, value text not null)');
  const { rows } = await db.query<{ value: string }>("select value from bench.meta where key = 'generated'");
  return rows[0]?.value ?? null;
}

export const versionKey = (shape: Shape) => JSON.stringify({ generatorVersion, ...shape });

/**
 * What private.count_profiles (a trigger, off while the profiles are written) keeps: the profiles
 * per type, which the admin's cards and the users list's total (and so its last page) read.
 */
export const recountProfiles = `update private.profile_counts c set profiles = coalesce((select count(*) from public.profiles p where p.user_type = c.user_type), 0) where c.user_type is not null`;

export async function generate(db: Database, shape: Shape, log: (line: string) => void): Promise<void> {
  const hash = await bcrypt.hash(benchPassword, { cost: 4, version: '2a' });
  const s = shape;
  const step = async (what: string, sql: string, params: unknown[] = []) => {
    const started = performance.now();
    await db.query(sql, params);
    log(`  ${what}: ${((performance.now() - started) / 1000).toFixed(1)} s`);
  };

  await db.exec('set session_replication_role = replica');
  await step(
    'accounts',
    `insert into auth.users (instance_id, id, aud, role, email, encrypted_password, email_confirmed_at,
       confirmation_token, recovery_token, email_change_token_new, email_change, raw_app_meta_data, raw_user_meta_data,
       created_at, updated_at, is_sso_user, is_anonymous)
     select '00000000-0000-0000-0000-000000000000', a.id, 'authenticated', 'authenticated', a.email, $1, now(), '', '', '', '',
            '{"provider": "email", "providers": ["email"]}'::jsonb, jsonb_build_object('user_type', a.kind), now(), now(), false, false
       from (
         select ${uuidOf('brand', 'i')} as id, 'brand-' || i || '@bench.viewpact.test' as email, 'brand' as kind from generate_series(1, ${s.brands}) i
         union all
         select ${uuidOf('creator', 'i')}, 'creator-' || i || '@bench.viewpact.test', 'creator' from generate_series(1, ${s.creators}) i
         union all
         select ${benchId('admin', 1)}, 'admin-1@bench.viewpact.test', 'admin'
       ) a`,
    [hash],
  );
  // What the trigger on auth.users (private.copy_account_email) would have copied: the e-mails the
  // admin's user search looks in. A database generated before this step got the same rows from the
  // migration that added the table, so the generator's version stays.
  await step(
    'e-mails for the admin search',
    'insert into private.account_emails (user_id, email) select u.id, u.email from auth.users u where u.email is not null',
  );
  await step(
    'profiles',
    // Every creator proved their TikTok account (rule 4: unproven accounts count nothing): those
    // who connect it below by TikTok's login, the others by the code in their bio.
    `insert into public.profiles (id, user_type, first_name, last_name, tiktok_username, follower_count, company_name, industry, created_at,
                                  tiktok_proof, tiktok_verified_at)
     select ${uuidOf('brand', 'i')}, 'brand', 'Brand ' || i, null, null, null, 'Brand ' || i || ' Co., Ltd.', 'Beauty', now() - interval '120 days',
            null, null
       from generate_series(1, ${s.brands}) i
     union all
     select ${uuidOf('creator', 'i')}, 'creator', 'Creator', i::text, 'creator_' || i, (i * 7919) % 500000, null, null,
            now() - interval '120 days' + (i % 1000) * interval '1 minute',
            case when i % 4 = 0 or i = 1 then 'tiktok' else 'bio' end, now() - interval '119 days'
       from generate_series(1, ${s.creators}) i
     union all
     select ${benchId('admin', 1)}, 'admin', 'Bench', 'Admin', null, null, null, null, now() - interval '120 days', null, null`,
  );
  // A quarter of the creators (and the heavy one) connected TikTok: the verified mark is read for
  // every listed video, so its lookup must hold at scale.
  await step(
    'TikTok connections',
    `insert into public.tiktok_connections (user_id, is_connected, verified_status, open_id, display_name, username, connected_at, expires_at)
     select ${uuidOf('creator', 'i')}, true, 'verified', 'bench-open-' || i, 'Creator ' || i, 'creator_' || i,
            now() - interval '30 days', now() + interval '150 days'
       from generate_series(1, ${s.creators}) i
      where i % 4 = 0 or i = 1`,
  );
  // Five briefs per brand in the full shape; brief j belongs to brand ((j - 1) % brands) + 1.
  await step(
    'briefs',
    `insert into public.brand_briefs (id, brand_id, title, description, reward, industry, deadline, status, created_at, brand_rate_satang, creator_rate_satang)
     select ${uuidOf('brief', 'j')}, ${uuidOf('brand', `((j - 1) % ${s.brands}) + 1`)},
            'Campaign ' || j, 'Show our product in a 30-second video. Brief number ' || j || '.', '500-2,000 THB', array['Beauty'],
            case when j % 10 = 3 then current_date - 20 when j % 5 = 0 then current_date + 30 end,
            case when j % 10 = 7 then 'closed' else 'open' end,
            now() - interval '90 days' + (j % 30) * interval '1 day',
            -- What trigger brand_briefs_keep_rates would write (triggers are off here).
            r.brand_per_1000 * 100, r.creator_per_1000 * 100
       from generate_series(1, ${s.briefs}) j, public.pay_rates() r`,
  );
  // Connections: the heavy creator (1) and the mid creator (2) join every brief of the heavy brand
  // and a few more; the rest spread evenly.
  await step(
    'connections',
    `insert into public.creator_brand_connections (creator_id, brand_brief_id, created_at)
     select ${uuidOf('creator', 'c')}, ${uuidOf('brief', 'j')}, now() - interval '70 days'
       from generate_series(1, 2) c, generate_series(1, least(${s.briefs}, ${s.brands} * 5 + 20)) j
      where (j - 1) % ${s.brands} = 0 or j <= 20
     union all
     select ${uuidOf('creator', `3 + ((k - 1) % ${s.creators - 2})`)},
            ${uuidOf('brief', `(((k - 1) * 37 + (k - 1) / ${s.creators - 2}) % ${s.briefs}) + 1`)},
            now() - interval '70 days' + (k % 1000) * interval '1 minute'
       from generate_series(1, ${s.connections}) k
     on conflict do nothing`,
  );
  await db.exec(`
    drop table if exists bench_links;
    create temp table bench_links as
      select row_number() over (partition by heavy order by creator_id, brand_brief_id) as n, *
        from (
          select c.creator_id, c.brand_brief_id, b.brand_id, b.brand_id = ${benchId('brand', 1)} as heavy
            from public.creator_brand_connections c join public.brand_briefs b on b.id = c.brand_brief_id
           where c.creator_id not in (${benchId('creator', 1)}, ${benchId('creator', 2)})
        ) x;
    create index on bench_links (heavy, n);
    drop table if exists bench_own;
    create temp table bench_own as
      select row_number() over (partition by c.creator_id order by c.brand_brief_id) as n, c.creator_id, c.brand_brief_id, b.brand_id,
             count(*) over (partition by c.creator_id) as of
        from public.creator_brand_connections c join public.brand_briefs b on b.id = c.brand_brief_id
       where c.creator_id in (${benchId('creator', 1)}, ${benchId('creator', 2)});
    create index on bench_own (creator_id, n);
    analyze bench_links; analyze bench_own;`);

  const heavyLinks = Number((await db.query<{ n: string }>('select count(*) as n from bench_links where heavy')).rows[0].n);
  const otherLinks = Number((await db.query<{ n: string }>('select count(*) as n from bench_links where not heavy')).rows[0].n);
  const rest = s.videos - s.heavyBrandVideos - s.heavyCreatorVideos - s.midCreatorVideos;
  // Video n: who made it and where it was submitted. 20% of the other creators' videos, and a
  // quarter of the heavy creators', are not linked; 1 in 20 of the heavy creators' is a pitch.
  await step(
    'video slots',
    `create temp table bench_slots as
     select g.v as n, o.creator_id, case when g.v % 20 = 1 or g.v % 4 = 0 then null else o.brand_brief_id end as brand_brief_id,
            case when g.v % 4 = 0 then null else o.brand_id end as brand_id
       from generate_series(1, ${s.heavyCreatorVideos + s.midCreatorVideos}) g(v)
       join bench_own o on o.creator_id = case when g.v <= ${s.heavyCreatorVideos} then ${benchId('creator', 1)} else ${benchId('creator', 2)} end
        and o.n = 1 + g.v % o.of
     union all
     select ${s.heavyCreatorVideos + s.midCreatorVideos} + i, l.creator_id, l.brand_brief_id, l.brand_id
       from generate_series(1, ${s.heavyBrandVideos}) i
       join bench_links l on l.heavy and l.n = 1 + i % ${heavyLinks}
     union all
     select ${s.videos - rest} + i, l.creator_id,
            case when i % 5 = 0 then null else l.brand_brief_id end,
            case when i % 5 = 0 then null else l.brand_id end
       from generate_series(1, ${rest}) i
       join bench_links l on not l.heavy and l.n = 1 + (i * 7) % ${otherLinks}`,
  );
  // Posted over the last 60 days (video ids carry their posting time in the top 32 bits);
  // 2% are estimates (never measured), 1% went unavailable at their last two checks. Snapshot k
  // of a video is taken 2 h, 26 h, 74 h... after posting (never in the future) and reads
  // base × k views; the video row carries what private.apply_snapshot would have left.
  const takenAt = (k: string) =>
    `least(f.posted + make_interval(hours => 2 + 24 * ((1 << (${k} - 1)) - 1)), now() - make_interval(mins => ${s.snapshotsPerVideo} - ${k}))`;
  await step(
    'videos',
    `insert into public.tiktok_videos (id, user_id, video_id, share_url, title, thumbnail_url, author_username, brand_id, brand_brief_id,
       view_count, like_count, comment_count, share_count, is_estimated, metrics_source, metrics_updated_at, checked_at, availability,
       window_views, is_demo, created_at, updated_at)
     select md5('bench-video-' || x.n)::uuid, x.creator_id, x.video_id::text,
            'https://www.tiktok.com/@' || p.tiktok_username || '/video/' || x.video_id,
            'Bench video ' || x.n, null,
            case when x.n % 33 = 0 then 'someone_else' else p.tiktok_username end,
            x.brand_id, x.brand_brief_id,
            f.base * k.live, f.base * k.live / 12, f.base * k.live / 90, f.base * k.live / 200,
            f.estimated, case when f.estimated then 'estimate' else 'sandbox' end,
            ${takenAt('k.live')}, case when not f.estimated then ${takenAt('k.last')} end,
            case when f.gone then 'unavailable' else 'live' end,
            case when not f.estimated then f.base * k.live end,
            false, f.posted + interval '2 hours', f.posted + interval '2 hours'
       from (
         select sl.*, ((extract(epoch from now())::bigint - 7200 - (sl.n::bigint * 7919) % (60 * 86400)) << 32) + sl.n as video_id
           from bench_slots sl
       ) x
       join public.profiles p on p.id = x.creator_id
       cross join lateral (
         select x.n % 50 = 0 as estimated, x.video_id % 100 = 7 and x.n % 50 <> 0 as gone,
                (x.video_id & 4294967295) * 2654435761 % 40000 + 100 as base, to_timestamp(x.video_id >> 32) as posted
       ) f
       cross join lateral (
         select case when f.estimated then 1 when f.gone then ${s.snapshotsPerVideo - 2} else ${s.snapshotsPerVideo} end as live,
                case when f.estimated then 1 else ${s.snapshotsPerVideo} end as last
       ) k`,
  );
  await step(
    'snapshots',
    `insert into public.video_snapshots (tiktok_video_id, measured_at, available, view_count, like_count, comment_count, share_count, source)
     select v.id, ${takenAt('k')}, m.available,
            case when m.available then m.views end, case when m.available then m.views / 12 end,
            case when m.available then m.views / 90 end, case when m.available then m.views / 200 end,
            case when v.is_estimated then 'estimate' else 'sandbox' end
       from public.tiktok_videos v
       cross join lateral (select v.posted_at as posted) f
       cross join lateral generate_series(1, case when v.is_estimated then 1 else ${s.snapshotsPerVideo} end) k
       cross join lateral (
         select not (v.availability = 'unavailable' and k > ${s.snapshotsPerVideo} - 2) as available,
                ((v.video_id::bigint & 4294967295) * 2654435761 % 40000 + 100) * k as views
       ) m`,
  );
  // Reviews: a video submitted in the last five days awaits an answer one time in two (some of
  // those are past the 72 hours, approved by the clock); older ones were answered: 1 in 10
  // rejected, 1 in 10 approved by the clock (no one decided), the rest approved by the brand.
  await step(
    'reviews',
    `insert into public.video_reviews (creator_id, video_id, brand_id, brand_brief_id, status, reason, submitted_at, decided_at, decided_by)
     select v.user_id, v.video_id, v.brand_id, v.brand_brief_id, x.status,
            case when x.status = 'rejected' then 'off_brief' end,
            v.created_at + interval '1 minute',
            case when x.status <> 'pending' then v.created_at + interval '20 hours' end,
            case when x.status <> 'pending' and x.k <> 9 then v.brand_id end
       from public.tiktok_videos v
       cross join lateral (select (v.video_id::bigint & 4294967295) % 10 as k) k
       cross join lateral (
         select k.k, case
             when v.created_at > now() - interval '5 days' then case when k.k % 2 = 0 then 'pending' else 'approved' end
             when k.k = 8 then 'rejected'
             else 'approved'
           end as status
       ) x
      where v.brand_id is not null`,
  );
  // Issue 16: notifications, one in seven unread; every twentieth the heavy creator's,
  // the rest spread over the creators and the brands.
  await step(
    'notifications',
    `insert into public.notifications (recipient_id, type, params, created_at, read_at)
     select case when i % 20 = 0 then ${uuidOf('creator', '1')}
                 when i % 4 = 1 then ${uuidOf('brand', `(i / 4 % ${s.brands} + 1)`)}
                 else ${uuidOf('creator', `(i % ${s.creators} + 1)`)} end,
            t.type,
            jsonb_build_object('brief', ${uuidOf('brief', `(i % ${s.briefs} + 1)`)}, 'brief_title', 'Brief ' || (i % ${s.briefs} + 1)),
            now() - (i % 100000) * interval '1 minute',
            case when i % 7 <> 0 then now() - (i % 100000) * interval '1 minute' + interval '1 hour' end
       from generate_series(1, ${s.notifications}) i
       cross join lateral (select case when i % 4 = 1 then 'creator_joined' else 'brief_closed' end as type) t`,
  );
  // Still with triggers off: the totals are rebuilt whole, which is no change for the month's
  // bookkeeping (private.rebuild_months, below, sets it from the data).
  await step('totals (private.rebuild_totals)', 'select private.rebuild_totals()');
  await step('profiles per type (private.profile_counts)', recountProfiles);
  await db.exec('set session_replication_role = origin');
  // The fraud signals the admin console filters by, for the rows written with triggers off.
  await step('fraud signals (private.rebuild_signals)', 'select private.rebuild_signals()');

  // The typical creator (3) adds a few videos the way the product does: every trigger runs.
  await step(
    'videos through the triggers',
    `with joined as (
       select c.brand_brief_id from public.creator_brand_connections c where c.creator_id = ${benchId('creator', 3)} order by c.brand_brief_id limit 1
     ), added as (
       insert into public.tiktok_videos (user_id, video_id, share_url, title, author_username, brand_brief_id, view_count, like_count,
                                         comment_count, share_count, metrics_source, metrics_updated_at)
       select ${benchId('creator', 3)}, (((extract(epoch from now())::bigint - 3600 * i) << 32) + 4000000000 + i)::text,
              'https://www.tiktok.com/@creator_3/video/' || (((extract(epoch from now())::bigint - 3600 * i) << 32) + 4000000000 + i),
              'Added through the triggers ' || i, 'creator_3', (select brand_brief_id from joined), 1000 * i, 100 * i, 10 * i, i, 'sandbox', now()
         from generate_series(1, 3) i
       returning id
     )
     insert into public.video_snapshots (tiktok_video_id, view_count, like_count, comment_count, share_count, source)
     select id, 5000, 400, 30, 9, 'sandbox' from added`,
  );
  // A running server writes the clock's approvals down every 15 minutes.
  await step('settle_reviews()', 'select public.settle_reviews()');
  // What changed this month, per video and creator (issue 29: the Earnings page's month so far).
  await step('this month so far (private.rebuild_months)', 'select private.rebuild_months()');
  await step('vacuum analyze', 'vacuum analyze');
  await verify(db);
}

/** The bulk rows must read as the triggers would have written them. */
async function verify(db: Database): Promise<void> {
  const { rows } = await db.query<{ wrong: string; reviews_missing: string }>(
    `select count(*) filter (where v.window_views is distinct from private.window_views(v.id)) as wrong,
            count(*) filter (where v.brand_id is not null and not exists (
              select 1 from public.video_reviews r where r.creator_id = v.user_id and r.video_id = v.video_id and r.brand_id = v.brand_id)) as reviews_missing
       from (select * from public.tiktok_videos order by id limit 2000) v`,
  );
  if (Number(rows[0].wrong) || Number(rows[0].reviews_missing)) {
    throw new Error(`generated data disagrees with the triggers: ${JSON.stringify(rows[0])}`);
  }
}

export async function markGenerated(db: Database, shape: Shape): Promise<void> {
  await db.query(
    "insert into bench.meta (key, value) values ('generated', $1) on conflict (key) do update set value = excluded.value",
    [versionKey(shape)],
  );
}
