/**
 * The admin console's rules (issue 12), through supabase-js against the real database:
 * user search and paging, suspension (sign-in, refresh, briefs, counted views), exclusion
 * from pay, fraud signals, the audit log and invites. The permission matrix
 * (permissions.test.ts) refuses every admin function to everyone else.
 */
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startBackend, type TestBackend } from './helpers/backend';
import { createUser, type TestUser } from './helpers/users';
import { addSnapshot, daysAgo, hoursAgo, insertVideo } from './helpers/videos';

// The backend of every test but the users list's: two admins and a brand with a brief, which no
// test changes; each test makes its own creators and videos (and a brand of its own to suspend).
let backend: TestBackend;
let service: SupabaseClient;
let admin: TestUser, otherAdmin: TestUser, brand: TestUser;
let brief: string;
let n = 0;

type Listed = { total: number; searched: boolean; rows: { id: string; user_type: string; suspended_at: string | null; email: string }[] };

const listUsers = async (as: TestUser, args: Record<string, unknown>) => {
  const { data, error } = await as.client.rpc('admin_list_users', args);
  expect(error).toBeNull();
  return data as Listed;
};

const audit = async (as: TestUser, targetId: string) =>
  (await as.client.from('admin_audit_log').select('action, target_type, target_id, reason, admin_id, details').eq('target_id', targetId).order('id')).data!;

/** A brief of the brand's, opened 20 days ago. */
async function newBrief(on: TestBackend, owner: TestUser) {
  const { data, error } = await on.service().from('brand_briefs').insert({ brand_id: owner.id, title: 'Admin brief', description: 'x', created_at: daysAgo(20).toISOString() }).select('id').single();
  if (error) throw new Error(error.message);
  return data.id as string;
}

/** A creator of the test's own who joined the brief. */
async function joinedCreator(metadata: Record<string, unknown>) {
  const user = await createUser(backend, 'creator', metadata);
  await service.from('creator_brand_connections').insert({ creator_id: user.id, brand_brief_id: brief });
  return user;
}

beforeAll(async () => {
  backend = await startBackend();
  service = backend.service();
  [admin, otherAdmin, brand] = await Promise.all([
    createUser(backend, 'admin', { first_name: 'Ada', last_name: 'Root' }),
    createUser(backend, 'admin', { first_name: 'Other', last_name: 'Admin' }),
    createUser(backend, 'brand', { first_name: 'GlowLab Zesty' }),
  ]);
  brief = await newBrief(backend, brand);
}, 90_000);
afterAll(() => backend?.stop());

describe('users', () => {
  // The list counts everyone: these tests read a backend of their own, with five people that no
  // test adds to (one test corrects the brand's display fields).
  let people: { backend: TestBackend; service: SupabaseClient; admin: TestUser; creator: TestUser; brand: TestUser; suspect: TestUser };
  beforeAll(async () => {
    const on = await startBackend();
    const [admin, , creator, brand, suspect] = await Promise.all([
      createUser(on, 'admin', { first_name: 'Ada', last_name: 'Root' }),
      createUser(on, 'admin', { first_name: 'Other', last_name: 'Admin' }),
      createUser(on, 'creator', { first_name: 'Mali', last_name: 'Srisuk', tiktok_username: 'mali.creates' }),
      createUser(on, 'brand', { first_name: 'GlowLab Zesty' }),
      createUser(on, 'creator', { first_name: 'Quentin', last_name: 'Zapp', tiktok_username: 'quentin.zapp' }),
    ]);
    const joined = await newBrief(on, brand);
    await on.service().from('creator_brand_connections').insert([{ creator_id: creator.id, brand_brief_id: joined }, { creator_id: suspect.id, brand_brief_id: joined }]);
    people = { backend: on, service: on.service(), admin, creator, brand, suspect };
  }, 90_000);
  afterAll(() => people?.backend.stop());

  it('search from 3 characters in first name, last name and TikTok username; 2 characters or nothing list everyone', async () => {
    const { admin, creator, brand, suspect, service } = people;
    const everyone = await listUsers(admin, { p_search: '', p_limit: 100 });
    expect(everyone.searched).toBe(false);
    expect(everyone.total).toBe(5);
    // Newest first.
    const newest = (await service.from('profiles').select('id').order('created_at', { ascending: false }).order('id')).data!.map((row) => row.id);
    expect(everyone.rows.map((row) => row.id)).toEqual(newest);

    const two = await listUsers(admin, { p_search: 'Za', p_limit: 100 });
    expect(two).toEqual({ ...everyone, searched: false });

    expect((await listUsers(admin, { p_search: 'zap' })).rows.map((row) => row.id)).toEqual([suspect.id]);
    expect((await listUsers(admin, { p_search: 'SRISUK' })).rows.map((row) => row.id)).toEqual([creator.id]);
    expect((await listUsers(admin, { p_search: 'mali.cre' })).rows.map((row) => row.id)).toEqual([creator.id]);
    // Taken literally: % and _ are not wildcards.
    expect((await listUsers(admin, { p_search: '%%%' })).total).toBe(0);
    // Both Zapp and Zesty match "z", but a search needs 3 characters: "zes" finds the brand.
    expect((await listUsers(admin, { p_search: ' zes ' })).rows.map((row) => row.id)).toEqual([brand.id]);
  });

  it('filter by type and page with a total', async () => {
    const { admin } = people;
    expect((await listUsers(admin, { p_type: 'creator' })).rows.map((row) => row.user_type)).toEqual(['creator', 'creator']);
    expect((await listUsers(admin, { p_type: 'admin' })).total).toBe(2);
    expect((await listUsers(admin, { p_type: 'brand' })).total).toBe(1);
    const first = await listUsers(admin, { p_limit: 2, p_page: 1 });
    const second = await listUsers(admin, { p_limit: 2, p_page: 2 });
    const third = await listUsers(admin, { p_limit: 2, p_page: 3 });
    expect(first.total).toBe(5);
    expect([...first.rows, ...second.rows, ...third.rows].map((row) => row.id)).toEqual((await listUsers(admin, { p_limit: 100 })).rows.map((row) => row.id));
    expect(third.rows).toHaveLength(1);
    const { error } = await admin.client.rpc('admin_list_users', { p_type: 'robot' });
    expect(error).toMatchObject({ code: 'user_type_invalid' });
  });

  it("shows a user's details to an admin: e-mail, sign-in, TikTok state and figures", async () => {
    const { admin, creator, brand } = people;
    const { data, error } = await admin.client.rpc('admin_user_detail', { p_user_id: creator.id });
    expect(error).toBeNull();
    expect(data).toMatchObject({
      email: creator.email,
      profile: { id: creator.id, user_type: 'creator', tiktok_username: 'mali.creates' },
      tiktok: { state: 'not_connected' },
      suspension: null,
      figures: { videos: 0, countedViews: 0, estEarnings: 0 },
    });
    expect(data.last_sign_in_at).not.toBeNull();
    const brandDetail = (await admin.client.rpc('admin_user_detail', { p_user_id: brand.id })).data;
    expect(brandDetail.figures).toMatchObject({ briefs: 1, videos: 0, estPay: 0 });
    expect((await admin.client.rpc('admin_user_detail', { p_user_id: '00000000-0000-0000-0000-000000000001' })).error).toMatchObject({ code: 'user_not_found' });
  });

  it('lets an admin correct display fields, with a reason, and audits before and after', async () => {
    const { admin, brand } = people;
    const { error: noReason } = await admin.client.rpc('admin_update_profile', {
      p_user_id: brand.id, p_first_name: 'GlowLab Zesty Co', p_last_name: null, p_tiktok_username: null, p_company_name: 'GlowLab Co., Ltd.', p_reason: '',
    });
    expect(noReason).toMatchObject({ code: 'edit_reason_required' });
    const { data, error } = await admin.client.rpc('admin_update_profile', {
      p_user_id: brand.id, p_first_name: '  GlowLab Zesty Co ', p_last_name: null, p_tiktok_username: '@glowlab', p_company_name: 'GlowLab Co., Ltd.', p_reason: 'Brand asked by e-mail',
    });
    expect(error).toBeNull();
    expect(data).toMatchObject({ first_name: 'GlowLab Zesty Co', tiktok_username: 'glowlab', company_name: 'GlowLab Co., Ltd.' });
    const [row] = await audit(admin, brand.id);
    expect(row).toMatchObject({ action: 'update_profile', target_type: 'user', admin_id: admin.id, reason: 'Brand asked by e-mail' });
    expect(row.details).toMatchObject({ before: { first_name: 'GlowLab Zesty' }, after: { first_name: 'GlowLab Zesty Co', tiktok_username: 'glowlab' } });
    // The profile's own rules still apply.
    const { error: invalid } = await admin.client.rpc('admin_update_profile', {
      p_user_id: brand.id, p_first_name: 'X', p_last_name: null, p_tiktok_username: 'not a username!', p_company_name: null, p_reason: 'typo fix',
    });
    expect(invalid).toMatchObject({ code: 'invalid_tiktok_username' });
  });
});

describe('suspension', () => {
  const signIn = (user: TestUser) =>
    createClient(backend.url, backend.anonKey, { auth: { persistSession: false, autoRefreshToken: false } }).auth.signInWithPassword({ email: user.email, password: user.password });

  it('needs a reason, and never reaches oneself or another admin', async () => {
    const suspect = await createUser(backend, 'creator');
    expect((await admin.client.rpc('admin_set_suspended', { p_user_id: suspect.id, p_suspended: true, p_reason: ' ' })).error).toMatchObject({ code: 'suspension_reason_required' });
    expect((await admin.client.rpc('admin_set_suspended', { p_user_id: admin.id, p_suspended: true, p_reason: 'testing' })).error).toMatchObject({ code: 'suspend_self' });
    expect((await admin.client.rpc('admin_set_suspended', { p_user_id: otherAdmin.id, p_suspended: true, p_reason: 'testing' })).error).toMatchObject({ code: 'suspend_admin' });
    expect((await admin.client.rpc('admin_set_suspended', { p_user_id: suspect.id, p_suspended: false, p_reason: 'testing' })).error).toMatchObject({ code: 'not_suspended' });
    expect(await audit(admin, suspect.id)).toEqual([]);
  });

  it('stops sign-in and refresh, keeps counted views where they were, and reinstating undoes it', async () => {
    const suspect = await joinedCreator({ first_name: 'Quentin', last_name: 'Zapp', tiktok_username: 'quentin.zapp' });
    const video = await insertVideo(backend, { creator: suspect, n: ++n, postedAt: daysAgo(3), views: 4_000, measuredAt: hoursAgo(30), brief, author: 'quentin.zapp' });
    await service.from('video_reviews').update({ status: 'approved' }).eq('creator_id', suspect.id);
    const counted = async () => (await service.from('video_ledger').select('counted_views').eq('id', video).single()).data!.counted_views;
    expect(await counted()).toBe(4_000);

    const session = (await signIn(suspect)).data.session!;
    const { error } = await admin.client.rpc('admin_set_suspended', { p_user_id: suspect.id, p_suspended: true, p_reason: 'Fake views under review' });
    expect(error).toBeNull();
    expect((await admin.client.rpc('admin_set_suspended', { p_user_id: suspect.id, p_suspended: true, p_reason: 'again' })).error).toMatchObject({ code: 'already_suspended' });

    const refused = await signIn(suspect);
    expect(refused.error).toMatchObject({ status: 400, code: 'user_banned' });
    const refresh = await createClient(backend.url, backend.anonKey, { auth: { persistSession: false, autoRefreshToken: false } }).auth.refreshSession({ refresh_token: session.refresh_token });
    expect(refresh.error).not.toBeNull();
    expect(refresh.data.session).toBeNull();

    // A measurement taken while suspended does not count.
    await addSnapshot(backend, video, { at: new Date(), views: 9_000 });
    expect(await counted()).toBe(4_000);
    expect((await admin.client.rpc('creator_metrics', { creator: suspect.id })).data.countedViews).toBe(4_000);
    const listed = await listUsers(admin, { p_search: 'zapp' });
    expect(listed.rows[0].suspended_at).not.toBeNull();
    expect((await admin.client.rpc('admin_user_detail', { p_user_id: suspect.id })).data.suspension).toMatchObject({ reason: 'Fake views under review' });

    expect((await admin.client.rpc('admin_set_suspended', { p_user_id: suspect.id, p_suspended: false, p_reason: 'Views checked, all fine' })).error).toBeNull();
    expect((await signIn(suspect)).error).toBeNull();
    expect(await counted()).toBe(9_000);
    expect((await audit(admin, suspect.id)).map((row) => [row.action, row.reason])).toEqual([
      ['suspend_user', 'Fake views under review'],
      ['reinstate_user', 'Views checked, all fine'],
    ]);
  });

  it("takes a suspended brand's briefs out of the listings and refuses new joins to them", async () => {
    const brand = await createUser(backend, 'brand');
    const brief = await newBrief(backend, brand);
    const newcomer = await createUser(backend, 'creator');
    const seen = async (client: SupabaseClient) => ((await client.from('brief_listings').select('id').eq('id', brief)).data ?? []).length;
    // The market's running count agrees with what brief_listings shows each of them, by status too.
    const countsAgree = async () => {
      for (const client of [newcomer.client, brand.client, admin.client]) {
        for (const status of [undefined, 'open', 'closed']) {
          let query = client.from('brief_listings').select('id', { count: 'exact', head: true });
          if (status) query = query.eq('status', status);
          const { count } = await query;
          expect((await client.rpc('count_brief_listings', status ? { p_status: status } : {})).data).toBe(count);
        }
      }
    };
    expect(await seen(newcomer.client)).toBe(1);
    await countsAgree();
    expect((await admin.client.rpc('admin_set_suspended', { p_user_id: brand.id, p_suspended: true, p_reason: 'Unpaid invoices' })).error).toBeNull();
    expect(await seen(newcomer.client)).toBe(0);
    expect(await seen(admin.client)).toBe(1);
    expect(await seen(brand.client)).toBe(1);
    await countsAgree();
    const join = await newcomer.client.from('creator_brand_connections').insert({ creator_id: newcomer.id, brand_brief_id: brief });
    expect(join.error).toMatchObject({ code: 'opportunity_not_found' });
    expect((await admin.client.rpc('admin_set_suspended', { p_user_id: brand.id, p_suspended: false, p_reason: 'Invoices paid' })).error).toBeNull();
    expect(await seen(newcomer.client)).toBe(1);
  });
});

describe('exclusion from pay', () => {
  it('counts an approved video 0 with admin_excluded and the reason, changes the metrics, and reinstating restores them', async () => {
    const creator = await joinedCreator({ first_name: 'Mali', last_name: 'Srisuk', tiktok_username: 'mali.excluded' });
    const video = await insertVideo(backend, { creator, n: ++n, postedAt: daysAgo(2), views: 20_000, measuredAt: hoursAgo(20), brief, author: 'mali.excluded' });
    await service.from('video_reviews').update({ status: 'approved' }).eq('creator_id', creator.id);
    const platform = async () => (await admin.client.rpc('admin_metrics')).data;
    const before = await platform();
    const mine = async () => (await creator.client.rpc('creator_metrics', { creator: creator.id })).data;
    expect((await mine()).countedViews).toBe(20_000);

    expect((await admin.client.rpc('admin_exclude_video', { p_video: video, p_reason: '' })).error).toMatchObject({ code: 'exclusion_reason_required' });
    const { data: excluded, error } = await admin.client.rpc('admin_exclude_video', { p_video: video, p_reason: 'Bought views' });
    expect(error).toBeNull();
    expect(excluded).toMatchObject({ id: video, counted_views: 0, excluded_reason: 'admin_excluded', excluded_note: 'Bought views', review_status: 'approved' });
    // The creator reads why.
    expect((await creator.client.from('video_ledger').select('excluded_reason, excluded_note, counted_views').eq('id', video).single()).data).toEqual({
      excluded_reason: 'admin_excluded', excluded_note: 'Bought views', counted_views: 0,
    });
    expect((await mine()).countedViews).toBe(0);
    const after = await platform();
    expect(before.countedViews - after.countedViews).toBe(20_000);
    expect(before.estPay - after.estPay).toBe(200);
    expect((await admin.client.rpc('admin_exclude_video', { p_video: video, p_reason: 'again' })).error).toMatchObject({ code: 'already_excluded' });

    expect((await admin.client.rpc('admin_reinstate_video', { p_video: video, p_reason: 'Proof of organic reach' })).error).toBeNull();
    expect(await platform()).toEqual(before);
    expect((await audit(admin, video)).map((row) => row.action)).toEqual(['exclude_video', 'reinstate_video']);
    expect((await admin.client.rpc('admin_exclude_video', { p_video: '00000000-0000-0000-0000-000000000001', p_reason: 'nope' })).error).toMatchObject({ code: 'video_not_found' });
  });
});

describe('fraud signals', () => {
  it('explain each signal with its numbers, to admins only, and the content list filters and sorts by them', async () => {
    const creator = await joinedCreator({ first_name: 'Mali', last_name: 'Srisuk', tiktok_username: 'mali.creates' });
    const suspect = await createUser(backend, 'creator', { first_name: 'Quinn', last_name: 'Burst', tiktok_username: 'quinn.burst' });
    // The platform's usual engagement: one like in ten views.
    await insertVideo(backend, { creator, n: ++n, postedAt: daysAgo(2), views: 100_000, measuredAt: hoursAgo(20), brief, author: 'mali.creates' });
    // Low engagement: 200,000 views, 100 likes (0.05%); also far more views per like than the platform.
    const quiet = await insertVideo(backend, { creator, n: ++n, postedAt: daysAgo(4), views: 200_000, likes: 100, measuredAt: daysAgo(3), brief, author: 'mali.creates' });
    // Another account's video.
    const borrowed = await insertVideo(backend, { creator, n: ++n, postedAt: daysAgo(5), views: 50, author: 'someone.else' });
    // A jump: 1,000 views in the first 48 hours, then 60,000 in the next hour.
    const jumped = await insertVideo(backend, { creator, n: ++n, postedAt: daysAgo(3), views: 1_000, likes: 100, measuredAt: hoursAgo(24), author: 'mali.creates' });
    await addSnapshot(backend, jumped, { at: hoursAgo(23), views: 61_000 });
    // Five videos of one creator posted within ten minutes.
    const burst: string[] = [];
    const start = daysAgo(6);
    for (let i = 0; i < 5; i += 1) burst.push(await insertVideo(backend, { creator: suspect, n: ++n, postedAt: new Date(start.getTime() + i * 60_000), views: 10, author: 'quinn.burst' }));

    const { data: signals, error } = await admin.client.from('video_signals').select('video_id, signals, details');
    expect(error).toBeNull();
    const of = (video: string) => (signals as { video_id: string; signals: string[]; details: Record<string, unknown>[] }[]).find((row) => row.video_id === video);
    expect(of(quiet)!.signals).toEqual(['views_per_like', 'low_engagement']);
    expect(of(quiet)!.details[1]).toEqual({ code: 'low_engagement', engagementPercent: 0.05, views: 200_000 });
    expect(of(borrowed)!.details).toEqual([{ code: 'not_owner', author: 'someone.else', account: 'mali.creates' }]);
    expect(of(jumped)!.signals).toContain('view_jump');
    expect(of(jumped)!.details.find((detail) => detail.code === 'view_jump')).toMatchObject({ gained: 60_000 });
    for (const video of burst) expect(of(video)!.details).toEqual([{ code: 'burst_posting', videos: 5, minutes: 10 }]);

    for (const user of [creator, brand]) expect((await user.client.from('video_signals').select('video_id')).data).toEqual([]);
    expect((await backend.client().from('video_signals').select('video_id')).data ?? []).toEqual([]);

    const byRule = await admin.client.rpc('admin_list_videos', { p_signal: 'not_owner' });
    expect(byRule.data.rows.map((row: { id: string }) => row.id)).toEqual([borrowed]);
    expect(byRule.data.rows[0].signals).toEqual(['not_owner']);
    const bySignals = await admin.client.rpc('admin_list_videos', { p_sort: 'signals', p_limit: 1 });
    expect(bySignals.data.rows[0].id).toBe(quiet);
    // A signal never punishes by itself: the video still counts.
    expect((await service.from('video_ledger').select('excluded_reason').eq('id', quiet).single()).data!.excluded_reason).not.toBe('admin_excluded');
  });

  it('lists every video newest first with the platform total, and searches title, TikTok author and creator name', async () => {
    // Six videos of one creator, a day apart, and one of another's.
    const poster = await createUser(backend, 'creator', { first_name: 'Ursula', last_name: 'Nakorn', tiktok_username: 'ursula.posts' });
    const other = await createUser(backend, 'creator', { tiktok_username: 'someone.other' });
    for (let day = 1; day <= 6; day += 1) await insertVideo(backend, { creator: poster, n: ++n, postedAt: daysAgo(day), views: 1_000, author: 'ursula.posts' });
    await insertVideo(backend, { creator: other, n: ++n, postedAt: daysAgo(1), views: 1_000, author: 'someone.other' });
    const all = await admin.client.rpc('admin_list_videos', { p_limit: 100 });
    const { count } = await service.from('tiktok_videos').select('id', { count: 'exact', head: true });
    expect(all.data.total).toBe(count);
    const newest = (await service.from('tiktok_videos').select('id').order('created_at', { ascending: false }).order('id')).data!.map((row) => row.id);
    expect(all.data.rows.map((row: { id: string }) => row.id)).toEqual(newest);
    const page2 = await admin.client.rpc('admin_list_videos', { p_page: 2, p_limit: 2 });
    expect(page2.data.rows.map((row: { id: string }) => row.id)).toEqual(newest.slice(2, 4));

    const byAuthor = await admin.client.rpc('admin_list_videos', { p_search: 'SOMEONE.O' });
    expect(byAuthor.data.rows.map((row: { author_username: string }) => row.author_username)).toEqual(['someone.other']);
    const byCreator = await admin.client.rpc('admin_list_videos', { p_search: 'ursula' });
    expect(byCreator.data.total).toBeGreaterThanOrEqual(6);
    expect(byCreator.data.rows.every((row: { user_id: string }) => row.user_id === poster.id)).toBe(true);
    expect((await admin.client.rpc('admin_list_videos', { p_search: 'qu' })).data.total).toBe(count);
    expect((await admin.client.rpc('admin_list_videos', { p_signal: 'bogus' })).error).toMatchObject({ code: 'signal_invalid' });
  });
});

describe('the audit log and invites', () => {
  it('records issuing and withdrawing an invite, and nobody can change or remove a row', async () => {
    // Besides the two admins' invites (issued and used), the log holds a suspension and its end.
    const creator = await createUser(backend, 'creator');
    for (const suspended of [true, false]) {
      expect((await admin.client.rpc('admin_set_suspended', { p_user_id: creator.id, p_suspended: suspended, p_reason: 'Checking the log' })).error).toBeNull();
    }
    const { data: issued, error } = await admin.client.rpc('create_admin_invite', { note: 'New ops lead', valid_days: 3 });
    expect(error).toBeNull();
    const { data: open } = await admin.client.from('admin_invites').select('id, note, expires_at').is('used_at', null).eq('note', 'New ops lead');
    expect(open).toHaveLength(1);
    expect(issued[0].code).toMatch(/^[0-9a-f]{64}$/);
    expect((await admin.client.from('admin_invites').delete().eq('id', open![0].id).select()).data).toHaveLength(1);
    expect((await audit(admin, open![0].id)).map((row) => [row.action, row.reason])).toEqual([
      ['create_invite', 'New ops lead'],
      ['revoke_invite', 'New ops lead'],
    ]);

    const { data: rows } = await admin.client.from('admin_audit_log').select('id, action').order('created_at', { ascending: false }).order('id', { ascending: false });
    expect(rows!.length).toBeGreaterThanOrEqual(8);
    for (const client of [admin.client, service]) {
      const change = await client.from('admin_audit_log').update({ reason: 'rewritten' }).eq('id', rows![0].id).select();
      expect(change.error).toMatchObject({ code: '42501' });
      const removal = await client.from('admin_audit_log').delete().eq('id', rows![0].id).select();
      expect(removal.error).toMatchObject({ code: '42501' });
    }
    // The service role holds no write grant; the table's trigger refuses even its owner.
    await expect(backend.server.db.query('update public.admin_audit_log set reason = $1', ['x'])).rejects.toThrow();
    await expect(backend.server.db.query('delete from public.admin_audit_log')).rejects.toThrow();
    const { data: again } = await admin.client.from('admin_audit_log').select('id, action').order('created_at', { ascending: false }).order('id', { ascending: false });
    expect(again).toEqual(rows);
  });
});
