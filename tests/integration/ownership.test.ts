/**
 * Every baht to the right person, exactly once (issue 29, docs/money.md rules 4 and 12): the
 * attacks of a dishonest creator replayed through supabase-js and the edge functions, each
 * refused, and the proofs of ownership (the connected account, the bio code) as a creator
 * makes them.
 */
import type { SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startBackend, type TestBackend } from './helpers/backend';
import { callTikTokAuth, connectInSandbox, newTokenKey } from './helpers/tiktok';
import { createUser, type TestUser } from './helpers/users';
import { addSnapshot, approve, daysAgo, hoursAgo, insertVideo, videoIdPostedAt } from './helpers/videos';
import { closeMonth } from './helpers/close-month';

let backend: TestBackend;
let service: SupabaseClient;
let brand: TestUser, admin: TestUser;
let brief: string;
let n = 0;
let names = 0;
const newHandle = (prefix: string) => `${prefix}.${process.pid % 1000}.${(names += 1)}`;

async function publish(publishedAt: Date, extra: Record<string, unknown> = {}): Promise<string> {
  const { data, error } = await service
    .from('brand_briefs')
    .insert({ brand_id: brand.id, title: 'Ownership brief', description: 'x', created_at: publishedAt.toISOString(), ...extra })
    .select('id')
    .single();
  if (error) throw new Error(error.message);
  return data.id as string;
}

async function join(who: TestUser, briefId: string) {
  const { error } = await service.from('creator_brand_connections').insert({ creator_id: who.id, brand_brief_id: briefId });
  if (error) throw new Error(error.message);
}

async function creatorWith(handle: string, options: { prove?: boolean } = {}) {
  const creator = await createUser(backend, 'creator', { tiktok_username: handle }, options);
  await join(creator, brief);
  return creator;
}

async function ledgerOf(id: string) {
  const { data, error } = await service.from('video_ledger').select('*').eq('id', id).single();
  if (error) throw new Error(error.message);
  return data;
}

/** Sets the bio the sandbox's profile page of @username shows, as the account's owner would on TikTok. */
async function setBio(username: string, bio: string) {
  const answer = await fetch(`${backend.url}/_tiktok-sandbox/bio/@${username}`, { method: 'PUT', body: JSON.stringify({ bio }), headers: { 'Content-Type': 'application/json' } });
  expect(answer.status).toBe(200);
}

beforeAll(async () => {
  backend = await startBackend({ env: { TOKEN_ENCRYPTION_KEY: newTokenKey() } });
  service = backend.service();
  [brand, admin] = await Promise.all([createUser(backend, 'brand'), createUser(backend, 'admin')]);
  brief = await publish(daysAgo(10));
}, 60_000);
afterAll(() => backend?.stop());

describe('anyone’s views can no longer be claimed', () => {
  it('refuses a proven handle to a second account, and pays nothing to a declared one', async () => {
    const owner = await creatorWith(newHandle('owner'));
    const thief = await creatorWith(newHandle('thief'), { prove: false });
    const { data: ownerProfile } = await service.from('profiles').select('tiktok_username').eq('id', owner.id).single();
    const handle = ownerProfile!.tiktok_username as string;

    // The attack of the issue: set your handle to someone else's. Any case, with or without @.
    for (const attempt of [handle, handle.toUpperCase(), `@${handle}`]) {
      const { error } = await thief.client.from('profiles').update({ tiktok_username: attempt }).eq('id', thief.id);
      expect(error?.code).toBe('tiktok_handle_taken');
    }
    const { data: thiefProfile } = await service.from('profiles').select('tiktok_username, tiktok_proof').eq('id', thief.id).single();
    expect(thiefProfile!.tiktok_username).not.toBe(handle);

    // Declared before the owner proved it: the views are not counted and never reach the brand.
    const early = await creatorWith(newHandle('early'), { prove: false });
    const { data: earlyProfile } = await service.from('profiles').select('tiktok_username').eq('id', early.id).single();
    const earlyHandle = earlyProfile!.tiktok_username as string;
    const id = await insertVideo(backend, { creator: early, n: ++n, brief, postedAt: hoursAgo(80), views: 6272, author: earlyHandle, measuredAt: hoursAgo(2) });
    expect(await ledgerOf(id)).toMatchObject({ excluded_reason: 'unverified_account', counted_views: 0, pending_views: 0 });
    const { data: reviews } = await service.from('video_reviews').select('id').eq('creator_id', early.id);
    expect(reviews).toEqual([]);
    const { data: queue } = await brand.client.from('review_queue').select('id').eq('id', id);
    expect(queue).toEqual([]);
  });

  it('proves a handle with the code in the bio, once, and counts from then on; a second account cannot prove it', async () => {
    const handle = newHandle('bio');
    const creator = await creatorWith(handle, { prove: false });
    const id = await insertVideo(backend, { creator, n: ++n, brief, postedAt: hoursAgo(30), views: 5000, author: handle, measuredAt: hoursAgo(1) });

    const { data: code, error } = await creator.client.rpc('tiktok_bio_code');
    expect(error).toBeNull();
    expect(code).toMatchObject({ username: handle, proof: null });
    expect((code as { code: string }).code).toMatch(/^VP-[A-Z2-9]{6}$/);
    // Asking again gives the same code.
    expect((await creator.client.rpc('tiktok_bio_code')).data).toEqual(code);

    // Not in the bio yet: refused with a code, nothing proven.
    const missing = await callTikTokAuth(backend, creator.client, { action: 'verify-bio' });
    expect(missing).toMatchObject({ status: 422, answer: { code: 'bio_code_missing' } });

    await setBio(handle, `Food and travel 🇹🇭 ${(code as { code: string }).code}`);
    const proven = await callTikTokAuth(backend, creator.client, { action: 'verify-bio' });
    expect(proven).toMatchObject({ status: 200, answer: { proof: 'bio', verified: true } });
    const { data: profile } = await creator.client.from('profiles').select('tiktok_proof').eq('id', creator.id).single();
    expect(profile!.tiktok_proof).toBe('bio');

    // Proving sent the video to the brand, with a fresh 72 hours.
    expect(await ledgerOf(id)).toMatchObject({ excluded_reason: 'pending_review', pending_views: 5000 });
    await approve(backend, id);
    expect(await ledgerOf(id)).toMatchObject({ excluded_reason: null, counted_views: 5000 });

    // The same handle, another account: it may not even declare it.
    const second = await createUser(backend, 'creator');
    expect((await second.client.from('profiles').update({ tiktok_username: handle }).eq('id', second.id)).error?.code).toBe('tiktok_handle_taken');
    // A creator without a username is told to add one first.
    expect(await callTikTokAuth(backend, second.client, { action: 'verify-bio' })).toMatchObject({ status: 400, answer: { code: 'tiktok_username_required' } });
    expect((await second.client.rpc('tiktok_bio_code')).error?.code).toBe('tiktok_username_required');
    // A brand proves nothing.
    expect((await brand.client.rpc('tiktok_bio_code')).error?.code).toBe('not_allowed');
    // Nobody but the service role hands over a bio.
    expect((await second.client.rpc('tiktok_check_bio', { p_user: second.id, p_bio: 'anything' })).error).not.toBeNull();
  });

  it('a proof that lapses keeps what was counted and counts nothing new until proven again', async () => {
    const handle = newHandle('lapse');
    const creator = await creatorWith(handle, { prove: false });
    const { data: code } = await creator.client.rpc('tiktok_bio_code');
    await setBio(handle, (code as { code: string }).code);
    expect((await callTikTokAuth(backend, creator.client, { action: 'verify-bio' })).status).toBe(200);
    const id = await insertVideo(backend, { creator, n: ++n, brief, postedAt: hoursAgo(30), views: 1000, author: handle, measuredAt: hoursAgo(3) });
    await approve(backend, id);
    expect(await ledgerOf(id)).toMatchObject({ counted_views: 1000 });

    // The code leaves the bio; the daily re-check (as the scheduler runs it) reads the bio again.
    await setBio(handle, 'no code here');
    await backend.server.db.query(`update private.bio_checks set checked_at = now() - interval '2 days' where user_id = $1`, [creator.id]);
    await backend.server.db.query(`update public.profiles set tiktok_verified_at = now() - interval '2 days' where id = $1`, [creator.id]);
    const refreshed = await service.functions.invoke('tiktok-refresh', { body: {} });
    expect(refreshed.error).toBeNull();
    const { data: lapsed } = await service.from('profiles').select('tiktok_proof, tiktok_lapsed_at').eq('id', creator.id).single();
    expect(lapsed).toMatchObject({ tiktok_proof: null });
    expect(lapsed!.tiktok_lapsed_at).not.toBeNull();

    await addSnapshot(backend, id, { at: new Date(), views: 9000 });
    expect(await ledgerOf(id)).toMatchObject({ counted_views: 1000, excluded_reason: null });

    // Proven again: the latest measurement counts again.
    await setBio(handle, (code as { code: string }).code);
    expect((await callTikTokAuth(backend, creator.client, { action: 'verify-bio' })).status).toBe(200);
    expect(await ledgerOf(id)).toMatchObject({ counted_views: 9000 });
  });

  it('proves a handle by connecting that TikTok account, and refuses the account to a second ViewPact account', async () => {
    const handle = newHandle('conn');
    const creator = await creatorWith(newHandle('before'), { prove: false });
    const connection = await connectInSandbox(backend, creator, handle);
    expect(connection).toMatchObject({ username: handle, verified_status: 'verified' });
    const { data: profile } = await service.from('profiles').select('tiktok_username, tiktok_proof').eq('id', creator.id).single();
    expect(profile).toEqual({ tiktok_username: handle, tiktok_proof: 'tiktok' });

    const other = await createUser(backend, 'creator');
    await expect(connectInSandbox(backend, other, handle)).rejects.toThrow(/409.*tiktok_handle_taken/);
    const { data: otherProfile } = await service.from('profiles').select('tiktok_username, tiktok_proof').eq('id', other.id).single();
    expect(otherProfile).toEqual({ tiktok_username: null, tiktok_proof: null });

    // Disconnecting lets the proof lapse.
    expect((await callTikTokAuth(backend, creator.client, { action: 'disconnect' })).status).toBe(200);
    const { data: after } = await service.from('profiles').select('tiktok_proof, tiktok_lapsed_at').eq('id', creator.id).single();
    expect(after!.tiktok_proof).toBeNull();
    expect(after!.tiktok_lapsed_at).not.toBeNull();
  });
});

describe('one claim per TikTok video', () => {
  it('refuses a second account linking the same TikTok video, and closes one entry per video', async () => {
    const first = await creatorWith(newHandle('first'));
    const second = await creatorWith(newHandle('second'));
    const videoId = videoIdPostedAt(hoursAgo(20), 9001);
    const share = `https://www.tiktok.com/@x/video/${videoId}`;
    const row = (who: TestUser) => ({ user_id: who.id, video_id: videoId, share_url: share, author_username: 'x', brand_brief_id: brief, view_count: 6272, metrics_source: 'sandbox' });
    expect((await service.from('tiktok_videos').insert(row(first))).error).toBeNull();
    const refused = await service.from('tiktok_videos').insert(row(second));
    expect(refused.error?.code).toBe('video_claimed');
    // Added with no campaign, then linked: refused too, and nothing changed.
    const unlinked = await service.from('tiktok_videos').insert({ ...row(second), brand_brief_id: null }).select('id').single();
    expect(unlinked.error).toBeNull();
    const linked = await second.client.from('tiktok_videos').update({ brand_brief_id: brief }).eq('id', unlinked.data!.id).select('brand_brief_id');
    expect(linked.error?.code).toBe('video_claimed');
    const { data: copies } = await service.from('tiktok_videos').select('user_id, brand_brief_id').eq('video_id', videoId);
    expect(copies).toHaveLength(2);
    expect(copies!.filter((copy) => copy.brand_brief_id !== null)).toEqual([{ user_id: first.id, brand_brief_id: brief }]);
  });

  it('lets the proven owner of the TikTok account take a video that an unproven account linked first', async () => {
    const handle = newHandle('real');
    const squatter = await creatorWith(newHandle('squat'), { prove: false });
    const owner = await creatorWith(handle);
    const videoId = videoIdPostedAt(hoursAgo(20), 9002);
    const row = (who: TestUser) => ({ user_id: who.id, video_id: videoId, share_url: `https://www.tiktok.com/@${handle}/video/${videoId}`, author_username: handle, brand_brief_id: brief, view_count: 100, metrics_source: 'sandbox' });
    expect((await service.from('tiktok_videos').insert(row(squatter))).error).toBeNull();
    expect((await service.from('tiktok_videos').insert(row(owner))).error).toBeNull();
    const { data } = await service.from('video_ledger').select('creator_id, excluded_reason').in('creator_id', [squatter.id, owner.id]);
    expect(data).toEqual(expect.arrayContaining([{ creator_id: squatter.id, excluded_reason: 'not_owner' }]));
    // The admin sees the duplicate claim, with each account's numbers.
    const { data: signals } = await admin.client.from('video_signals').select('creator_id, signals, details').in('creator_id', [squatter.id, owner.id]);
    const ofOwner = signals!.find((signal) => signal.creator_id === owner.id)!;
    expect(ofOwner.signals).toContain('duplicate_claim');
    expect((ofOwner.details as { code: string; accounts?: number; others?: { views: number }[] }[]).find((d) => d.code === 'duplicate_claim')).toMatchObject({
      accounts: 2,
      others: [{ views: 100 }],
    });
  });

  it('shows a handle changed after linking as a signal', async () => {
    const creator = await creatorWith(newHandle('changer'));
    const { data: profile } = await service.from('profiles').select('tiktok_username').eq('id', creator.id).single();
    const id = await insertVideo(backend, { creator, n: ++n, brief, postedAt: hoursAgo(20), views: 300, author: profile!.tiktok_username as string });
    const next = newHandle('changed');
    expect((await creator.client.from('profiles').update({ tiktok_username: next }).eq('id', creator.id)).error).toBeNull();
    const { data: signal } = await admin.client.from('video_signals').select('signals, details').eq('video_id', id).single();
    expect(signal!.signals).toContain('handle_changed');
    expect((signal!.details as { code: string; from?: string; to?: string }[]).find((d) => d.code === 'handle_changed')).toMatchObject({ from: profile!.tiktok_username, to: next });
  });
});

describe('link-time refusals', () => {
  it('refuses a video posted before the campaign opened or after its deadline, and never queues it', async () => {
    const creator = await creatorWith(newHandle('dates'));
    // Due yesterday (allowed on insert, a day of slack for time zones), and already over.
    const late = await publish(daysAgo(10), { deadline: daysAgo(1).toISOString().slice(0, 10) });
    await join(creator, late);
    const before = videoIdPostedAt(daysAgo(20), 9101);
    const after = videoIdPostedAt(new Date(Date.now() - 60_000), 9102);
    const insert = (videoId: string, briefId: string) =>
      service.from('tiktok_videos').insert({ user_id: creator.id, video_id: videoId, share_url: `https://www.tiktok.com/@x/video/${videoId}`, author_username: 'x', brand_brief_id: briefId, metrics_source: 'sandbox' });
    expect((await insert(before, brief)).error).toMatchObject({ code: 'posted_before_brief' });
    expect((await insert(after, late)).error).toMatchObject({ code: 'posted_after_deadline' });
    const { count } = await service.from('video_reviews').select('id', { count: 'exact', head: true }).in('video_id', [before, after]);
    expect(count).toBe(0);
  });

  it('refuses to send a video a brand rejected to another of its campaigns', async () => {
    const creator = await creatorWith(newHandle('rejected'));
    const other = await publish(daysAgo(10));
    await join(creator, other);
    const { data: profile } = await service.from('profiles').select('tiktok_username').eq('id', creator.id).single();
    const id = await insertVideo(backend, { creator, n: ++n, brief, postedAt: hoursAgo(20), views: 300, author: profile!.tiktok_username as string });
    expect((await brand.client.rpc('review_video', { p_video: id, p_decision: 'reject', p_reason: 'quality' })).error).toBeNull();
    const moved = await creator.client.from('tiktok_videos').update({ brand_brief_id: other }).eq('id', id).select('brand_brief_id');
    expect(moved.error?.code).toBe('video_rejected_by_brand');
    const pitched = await creator.client.from('tiktok_videos').update({ brand_brief_id: null, brand_id: brand.id }).eq('id', id).select('brand_brief_id');
    expect(pitched.error?.code).toBe('video_rejected_by_brand');
    expect(await ledgerOf(id)).toMatchObject({ brand_brief_id: brief, review_status: 'rejected' });
  });
});

describe('corrections from the ledger itself', () => {
  it('reverses a paid video that was excluded, even after its creator deleted it, and keeps the exclusion if it is added again', async () => {
    const handle = newHandle('dodger');
    const creator = await createUser(backend, 'creator', { tiktok_username: handle });
    const oldBrief = await publish(new Date('2026-08-20T00:00:00Z'));
    await join(creator, oldBrief);
    const posted = new Date('2026-09-05T03:00:00Z');
    const id = await insertVideo(backend, { creator, n: ++n, brief: oldBrief, postedAt: posted, views: 40_000, author: handle, measuredAt: new Date('2026-09-10T00:00:00Z') });
    await service.from('video_reviews').update({ submitted_at: posted.toISOString(), status: 'approved', decided_at: new Date('2026-09-06T00:00:00Z').toISOString() }).eq('creator_id', creator.id);
    expect((await closeMonth(admin.client, '2026-09-01')).error).toBeNull();
    const paid = await admin.client.from('ledger_entries').select('views, creator_earning_satang').eq('creator_id', creator.id);
    expect(paid.data).toEqual([{ views: 40_000, creator_earning_satang: 20_000 }]);

    // The admin excludes it; the creator deletes it before the next close.
    expect((await admin.client.rpc('admin_exclude_video', { p_video: id, p_reason: 'Bought views' })).error).toBeNull();
    expect((await creator.client.from('tiktok_videos').delete().eq('id', id)).error).toBeNull();
    expect((await closeMonth(admin.client, '2026-10-01')).error).toBeNull();
    const corrected = await admin.client.from('ledger_entries').select('month, views, creator_earning_satang, brand_charge_satang').eq('creator_id', creator.id).order('id');
    expect(corrected.data).toEqual([
      { month: '2026-09-01', views: 40_000, creator_earning_satang: 20_000, brand_charge_satang: 40_000 },
      { month: '2026-10-01', views: -40_000, creator_earning_satang: -20_000, brand_charge_satang: -40_000 },
    ]);

    // Added again: still excluded.
    const again = await insertVideo(backend, { creator, n: n, brief: oldBrief, postedAt: posted, views: 41_000, author: handle });
    expect(await ledgerOf(again)).toMatchObject({ excluded_reason: 'admin_excluded', counted_views: 0 });
  });
});
