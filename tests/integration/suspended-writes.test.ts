/**
 * Issue 29: a suspended account changes nothing with the access token it still holds. A creator,
 * a brand and (suspended by hand: admin_set_suspended never reaches an admin) an admin are
 * signed in; an admin suspends them; each write the app can make is replayed with the live token
 * and refused with account_suspended (403), changing nothing. Reads, export_my_data and marking
 * notifications read still work; the refresh says user_banned; the service role and an admin
 * acting on the suspended accounts' rows are not refused; after reinstatement writes work again.
 */
import { createClient, FunctionsHttpError, type SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startBackend, type TestBackend } from './helpers/backend';
import { createUser, type TestUser } from './helpers/users';
import { addSnapshot, insertVideo } from './helpers/videos';

let backend: TestBackend;
let service: SupabaseClient;
let admin: TestUser, creator: TestUser, brand: TestUser, peer: TestUser, otherBrand: TestUser, rogueAdmin: TestUser;
/** The brand's brief (peer and creator joined it), and two of the other brand's (creator joined the first). */
let brief: string, otherBrief: string, notJoinedBrief: string;
/** The creator's video linked to the brand's brief, one not linked, and peer's video waiting for the brand's review. */
let linkedVideo: string, looseVideo: string, waitingVideo: string;
/** The TikTok handles of creator and peer: each set-up's own, since a handle is proved by one account only. */
let handle: string, peerHandle: string;
let n = 0;
let worlds = 0;

type Result = { status: number; error: { code?: string | null } | null };

/** An edge function's answer: its status and its JSON { code }. */
async function invoke(client: SupabaseClient, name: string, body: Record<string, unknown>): Promise<{ status: number; code?: string }> {
  const { error } = await client.functions.invoke(name, { body });
  if (error instanceof FunctionsHttpError) return { status: error.context.status, code: ((await error.context.json()) as { code?: string }).code };
  if (error) throw error;
  return { status: 200 };
}

const expectSuspended = (result: Result) => {
  expect(result.error).toMatchObject({ code: 'account_suspended', message: 'This account is suspended' });
  expect(result.status).toBe(403);
};

const suspend = async (user: TestUser, suspended: boolean) => {
  const { error } = await admin.client.rpc('admin_set_suspended', { p_user_id: user.id, p_suspended: suspended, p_reason: suspended ? 'Under review' : 'Cleared' });
  expect(error).toBeNull();
};

/** A fresh sign-in (after reinstatement the sessions of before are gone). */
async function signIn(user: TestUser): Promise<SupabaseClient> {
  const client = backend.client();
  const { error } = await client.auth.signInWithPassword({ email: user.email, password: user.password });
  expect(error).toBeNull();
  return client;
}

/** Every row the refused writes could have touched, as the service role reads them. */
async function everything() {
  const rows = async (table: string, column: string, ids: string[], order = 'id') =>
    (await service.from(table).select('*').in(column, ids).order(order)).data;
  return {
    briefs: await rows('brand_briefs', 'brand_id', [brand.id, otherBrand.id]),
    joins: await rows('creator_brand_connections', 'creator_id', [creator.id, peer.id]),
    videos: await rows('tiktok_videos', 'user_id', [creator.id, peer.id]),
    reviews: await rows('video_reviews', 'creator_id', [creator.id, peer.id], 'video_id'),
    profiles: await rows('profiles', 'id', [creator.id, brand.id, rogueAdmin.id, peer.id]),
    payoutAccounts: await rows('payout_accounts', 'creator_id', [creator.id], 'creator_id'),
    settings: await rows('notification_settings', 'user_id', [creator.id, brand.id], 'user_id'),
    tiktok: await rows('tiktok_connections', 'user_id', [creator.id], 'user_id'),
    invites: (await service.from('admin_invites').select('*').order('id')).data,
    audit: (await service.from('admin_audit_log').select('id').order('id')).data,
    closes: (await service.from('month_closes').select('*').order('month')).data,
    suspensions: (await backend.server.db.query('select user_id, suspended_at from private.suspensions order by user_id')).rows,
    deletionAttempts: (await backend.server.db.query('select * from private.account_deletion_attempts')).rows,
  };
}

/** Runs the refused writes, and proves they changed nothing. */
async function changesNothing(writes: () => Promise<void>) {
  const before = await everything();
  await writes();
  expect(await everything()).toEqual(before);
}

const lastMonth = () => {
  const now = new Date();
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 1, 1)).toISOString().slice(0, 10);
};

beforeAll(async () => {
  backend = await startBackend();
  service = backend.service();
}, 60_000);
afterAll(() => backend?.stop());

/**
 * The people and rows of the story, up to the suspension: each describe makes its own, so that
 * the reinstatement of one never reaches the tests of the other.
 */
async function setUp() {
  worlds += 1;
  [handle, peerHandle] = [`paused.creator${worlds}`, `peer.creator${worlds}`];
  [admin, creator, brand, peer, otherBrand, rogueAdmin] = await Promise.all([
    createUser(backend, 'admin'),
    createUser(backend, 'creator', { tiktok_username: handle }),
    createUser(backend, 'brand', { first_name: 'Paused Brand' }),
    createUser(backend, 'creator', { tiktok_username: peerHandle }),
    createUser(backend, 'brand', { first_name: 'Other Brand' }),
    createUser(backend, 'admin'),
  ]);
  // What they did before the suspension, with their own tokens.
  const publish = async (owner: TestUser, title: string) => {
    const { data, error } = await owner.client.from('brand_briefs').insert({ brand_id: owner.id, title, description: 'Show the product', budget_satang: 100_000 }).select('id').single();
    if (error) throw new Error(error.message);
    return data.id as string;
  };
  [brief, otherBrief, notJoinedBrief] = [await publish(brand, 'Paused brief'), await publish(otherBrand, 'Other brief'), await publish(otherBrand, 'Not joined')];
  for (const [who, to] of [[creator, brief], [peer, brief], [creator, otherBrief]] as const) {
    const { error } = await who.client.from('creator_brand_connections').insert({ creator_id: who.id, brand_brief_id: to });
    if (error) throw new Error(error.message);
  }
  // Posted after the briefs were published (rule 4 refuses a link to a brief published later).
  const posted = new Date(Date.now() + 2_000);
  linkedVideo = await insertVideo(backend, { creator, n: ++n, postedAt: posted, views: 1_000, brief, author: handle });
  looseVideo = await insertVideo(backend, { creator, n: ++n, postedAt: posted, views: 2_000, author: handle });
  waitingVideo = await insertVideo(backend, { creator: peer, n: ++n, postedAt: posted, views: 3_000, brief, author: peerHandle });
  await service.from('tiktok_connections').insert({ user_id: creator.id, is_connected: true, username: handle });
  expect((await creator.client.rpc('save_payout_account', { p_method: 'promptpay', p_promptpay_id: '0812345678' })).error).toBeNull();
  for (const who of [creator, brand]) expect((await who.client.rpc('save_notification_settings', { p_language: 'en' })).error).toBeNull();

  await suspend(creator, true);
  await suspend(brand, true);
  // admin_set_suspended refuses to suspend an admin: one suspended by hand stands for any way it could happen.
  await backend.server.db.query(`insert into private.suspensions (user_id, reason) values ($1, 'by hand')`, [rogueAdmin.id]);
}

describe('a suspended account, with the access token it had before', () => {
  beforeAll(setUp, 90_000);

  it("is refused every creator's write, which changes nothing", async () => {
    const { client } = creator;
    await changesNothing(async () => {
      // Join and leave a campaign.
      expectSuspended(await client.from('creator_brand_connections').insert({ creator_id: creator.id, brand_brief_id: notJoinedBrief }));
      expectSuspended(await client.from('creator_brand_connections').delete().eq('brand_brief_id', otherBrief));
      // Link a video to a campaign, unlink one, remove one.
      expectSuspended(await client.from('tiktok_videos').update({ brand_id: null, brand_brief_id: otherBrief }).eq('id', looseVideo));
      expectSuspended(await client.from('tiktok_videos').update({ brand_id: null, brand_brief_id: null }).eq('id', linkedVideo));
      expectSuspended(await client.from('tiktok_videos').delete().eq('id', looseVideo));
      // The profile: handle and name.
      expectSuspended(await client.from('profiles').update({ tiktok_username: 'someone.else' }).eq('id', creator.id));
      expectSuspended(await client.from('profiles').update({ first_name: 'Renamed' }).eq('id', creator.id));
      // Payout details and e-mail settings.
      expectSuspended(await client.rpc('save_payout_account', { p_method: 'promptpay', p_promptpay_id: '0899999999' }));
      expectSuspended(await client.rpc('save_notification_settings', { p_language: 'th', p_email_off: [] }));
      // TikTok: disconnect by the API.
      expectSuspended(await client.from('tiktok_connections').delete().eq('user_id', creator.id));
      // Deleting the account, with the right password or a wrong one (not even counted).
      expectSuspended(await client.rpc('delete_my_account', { p_password: creator.password }));
      expectSuspended(await client.rpc('delete_my_account', { p_password: 'not-the-password' }));
    });
  });

  it('is refused by the edge functions that write for the caller: adding a video, connecting TikTok', async () => {
    await changesNothing(async () => {
      const url = `https://www.tiktok.com/@${handle}/video/${7441200000000000100n + BigInt(++n)}`;
      expect(await invoke(creator.client, 'tiktok-scraper', { url })).toEqual({ status: 403, code: 'account_suspended' });
      expect(await invoke(creator.client, 'tiktok-auth', { action: 'authorize' })).toEqual({ status: 403, code: 'account_suspended' });
      expect(await invoke(creator.client, 'tiktok-auth', { action: 'disconnect' })).toEqual({ status: 403, code: 'account_suspended' });
    });
  });

  it("is refused every brand's write, which changes nothing", async () => {
    const { client } = brand;
    await changesNothing(async () => {
      // Publish a brief; edit one, raise its budget, close it (also through the opportunities view).
      expectSuspended(await client.from('brand_briefs').insert({ brand_id: brand.id, title: 'New brief', description: 'While suspended' }));
      expectSuspended(await client.from('brand_briefs').update({ budget_satang: 500_000 }).eq('id', brief));
      expectSuspended(await client.from('brand_briefs').update({ title: 'Edited' }).eq('id', brief));
      expectSuspended(await client.from('brand_briefs').update({ status: 'closed' }).eq('id', brief));
      expectSuspended(await client.from('opportunities').update({ description: 'Edited' }).eq('id', brief));
      // Review a video: approve or reject.
      expectSuspended(await client.rpc('review_video', { p_video: waitingVideo, p_decision: 'approve' }));
      expectSuspended(await client.rpc('review_video', { p_video: waitingVideo, p_decision: 'reject', p_reason: 'quality' }));
      // Profile and settings.
      expectSuspended(await client.from('profiles').update({ company_name: 'Renamed Co.' }).eq('id', brand.id));
      expectSuspended(await client.rpc('save_notification_settings', { p_language: 'th' }));
      expectSuspended(await client.rpc('delete_my_account', { p_password: brand.password }));
    });
  });

  it("is refused every admin's write when the admin is the one suspended, which changes nothing", async () => {
    const { client } = rogueAdmin;
    const invite = (await service.from('admin_invites').select('id').limit(1).single()).data!.id;
    await changesNothing(async () => {
      expectSuspended(await client.rpc('admin_set_suspended', { p_user_id: peer.id, p_suspended: true, p_reason: 'Rogue' }));
      expectSuspended(await client.rpc('admin_update_profile', { p_user_id: peer.id, p_first_name: 'X', p_last_name: null, p_tiktok_username: null, p_company_name: null, p_reason: 'Rogue' }));
      expectSuspended(await client.rpc('admin_exclude_video', { p_video: waitingVideo, p_reason: 'Rogue' }));
      expectSuspended(await client.rpc('create_admin_invite', { note: 'rogue' }));
      expectSuspended(await client.rpc('close_month', { p_month: lastMonth() }));
      expectSuspended(await client.from('admin_invites').delete().eq('id', invite));
    });
    // Reads still work for them too.
    const { data, error } = await client.rpc('admin_list_users', { p_search: '', p_limit: 10 });
    expect(error).toBeNull();
    expect((data as { total: number }).total).toBe((await service.from('profiles').select('id', { count: 'exact', head: true })).count);
    expect((data as { total: number }).total).toBeGreaterThanOrEqual(6);
  });

  it('still reads: lists, figures, the data export; and may mark its own notifications read', async () => {
    const videos = await creator.client.from('tiktok_videos').select('id').eq('user_id', creator.id);
    expect(videos.error).toBeNull();
    expect(videos.data).toHaveLength(2);
    expect((await creator.client.rpc('creator_metrics', { creator: creator.id })).error).toBeNull();
    const exported = await creator.client.rpc('export_my_data');
    expect(exported.error).toBeNull();
    expect(exported.data).toMatchObject({ profile: { id: creator.id, tiktok_username: handle } });
    expect((exported.data as { videos: unknown[] }).videos).toHaveLength(2);

    const queue = await brand.client.from('review_queue').select('id');
    expect(queue.error).toBeNull();
    expect(queue.data!.map((row) => row.id)).toContain(waitingVideo);
    expect((await brand.client.from('brief_listings').select('id').eq('id', brief)).data).toHaveLength(1);
    expect((await brand.client.rpc('export_my_data')).error).toBeNull();

    // Two creators joined the brand's brief: two notifications, which reading marks read (our choice).
    const unread = (await brand.client.rpc('unread_notification_count')).data as number;
    expect(unread).toBeGreaterThan(0);
    const marked = await brand.client.rpc('mark_notifications_read', { p_ids: null });
    expect(marked.error).toBeNull();
    expect(marked.data).toBe(unread);
    expect((await brand.client.rpc('unread_notification_count')).data).toBe(0);
  });

  it('cannot refresh: the auth server answers user_banned, without using the token up', async () => {
    const { data } = await creator.client.auth.getSession();
    const refresh = () =>
      createClient(backend.url, backend.anonKey, { auth: { persistSession: false, autoRefreshToken: false } }).auth.refreshSession({ refresh_token: data.session!.refresh_token });
    for (let attempt = 0; attempt < 2; attempt++) {
      const { error } = await refresh();
      expect(error).toMatchObject({ status: 400, code: 'user_banned' });
    }
  });

  it('is not what stops the service role, or an admin acting on the suspended accounts', async () => {
    // Still measured (rule 10 of docs/money.md), and the scheduled jobs write as before.
    await addSnapshot(backend, linkedVideo, { at: new Date(), views: 9_000 });
    expect((await service.from('brand_briefs').update({ description: 'Edited by the service' }).eq('id', brief)).error).toBeNull();
    const { error: edited } = await admin.client.rpc('admin_update_profile', {
      p_user_id: creator.id, p_first_name: 'Corrected', p_last_name: null, p_tiktok_username: handle, p_company_name: null, p_reason: 'Name fixed',
    });
    expect(edited).toBeNull();
    expect((await admin.client.rpc('admin_exclude_video', { p_video: looseVideo, p_reason: 'Bought views' })).error).toBeNull();
    expect((await admin.client.rpc('admin_reinstate_video', { p_video: looseVideo, p_reason: 'Checked' })).error).toBeNull();
  });

  it('every table a signed-in person may write has the check', async () => {
    const { rows } = await backend.server.db.query<{ name: string; kind: string; checked: boolean }>(`
      select c.oid::regclass::text as name, c.relkind::text as kind,
             exists (select 1 from pg_trigger t where t.tgrelid = c.oid and t.tgfoid = 'private.refuse_suspended_writes'::regproc) as checked
        from pg_class c join pg_namespace s on s.oid = c.relnamespace
       where s.nspname in ('public', 'private') and c.relkind in ('r', 'v')
         and (has_any_column_privilege('authenticated', c.oid, 'INSERT') or has_any_column_privilege('authenticated', c.oid, 'UPDATE')
              or has_table_privilege('authenticated', c.oid, 'DELETE'))
       order by 1`);
    // A view writes through to its table: opportunities is brand_briefs.
    expect(rows.filter((row) => row.kind === 'v').map((row) => row.name)).toEqual(['opportunities']);
    const tables = rows.filter((row) => row.kind === 'r');
    expect(tables.map((row) => row.name)).toEqual(
      expect.arrayContaining(['admin_invites', 'brand_briefs', 'creator_brand_connections', 'profiles', 'tiktok_connections', 'tiktok_videos']),
    );
    expect(tables.filter((row) => !row.checked)).toEqual([]);
  });
});

describe('after reinstatement', () => {
  beforeAll(setUp, 90_000);

  it('the sessions of before have ended, and a new sign-in writes again', async () => {
    const { data } = await creator.client.auth.getSession();
    await suspend(creator, false);
    await suspend(brand, false);
    await backend.server.db.query('delete from private.suspensions where user_id = $1', [rogueAdmin.id]);
    const refresh = await createClient(backend.url, backend.anonKey, { auth: { persistSession: false, autoRefreshToken: false } }).auth.refreshSession({
      refresh_token: data.session!.refresh_token,
    });
    expect(refresh.error).toMatchObject({ code: 'refresh_token_not_found' });

    const [creatorClient, brandClient] = [await signIn(creator), await signIn(brand)];
    expect((await creatorClient.from('creator_brand_connections').insert({ creator_id: creator.id, brand_brief_id: notJoinedBrief })).error).toBeNull();
    expect((await creatorClient.from('tiktok_videos').update({ brand_id: null, brand_brief_id: otherBrief }).eq('id', looseVideo)).error).toBeNull();
    expect((await creatorClient.from('profiles').update({ tiktok_username: 'back.creator' }).eq('id', creator.id)).error).toBeNull();
    expect((await creatorClient.rpc('save_payout_account', { p_method: 'promptpay', p_promptpay_id: '0899999999' })).error).toBeNull();
    expect((await creatorClient.rpc('save_notification_settings', { p_language: 'th' })).error).toBeNull();
    const url = `https://www.tiktok.com/@back.creator/video/${7441200000000000100n + BigInt(++n)}`;
    expect(await invoke(creatorClient, 'tiktok-scraper', { url })).toEqual({ status: 200 });

    expect((await brandClient.from('brand_briefs').insert({ brand_id: brand.id, title: 'Back', description: 'Reinstated' })).error).toBeNull();
    expect((await brandClient.from('brand_briefs').update({ budget_satang: 500_000 }).eq('id', brief)).error).toBeNull();
    const reviewed = await brandClient.rpc('review_video', { p_video: waitingVideo, p_decision: 'approve' });
    expect(reviewed.error).toBeNull();
    expect(reviewed.data).toMatchObject({ review_status: 'approved' });

    expect((await rogueAdmin.client.rpc('create_admin_invite', { note: 'back' })).error).toBeNull();

    const rows = await everything();
    expect(rows.profiles!.find((row) => row.id === creator.id)).toMatchObject({ tiktok_username: 'back.creator' });
    expect(rows.payoutAccounts).toEqual([expect.objectContaining({ promptpay_id: '0899999999' })]);
    expect(rows.videos!.filter((row) => row.user_id === creator.id)).toHaveLength(3);
  });
});
