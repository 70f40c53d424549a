/**
 * Issue 15's video journeys through the SPA's own calls: the add forms' preview (TikTok's
 * caption as the name), linking a video added earlier to a campaign, changing or removing the
 * link while the brand has not answered, and what a video earned on its card. The database
 * decides every link (private.check_video_links); crafted calls prove it refuses them too.
 */
import type { SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOpportunity } from '@/features/opportunities/api/create-opportunity';
import { joinOpportunity } from '@/features/opportunities/api/join-opportunity';
import { addVideo } from '@/features/videos/api/add-video';
import { getVideos } from '@/features/videos/api/get-videos';
import { linkVideo } from '@/features/videos/api/link-video';
import { previewVideo } from '@/features/videos/api/preview-video';
import { sandboxCaption } from '../../server/tiktok-sandbox/data';
import { startBackend, type TestBackend } from './helpers/backend';
import { actAs, refusal } from './helpers/spa';
import { createUser, proveHandle, type TestUser } from './helpers/users';
import { approve, daysAgo, hoursAgo, insertVideo, videoIdPostedAt } from './helpers/videos';

let backend: TestBackend;
let service: SupabaseClient;
let brand: TestUser, creator: TestUser, otherCreator: TestUser;
let firstBrief: string, secondBrief: string, notJoinedBrief: string;

const urlOf = (id: string) => `https://www.tiktok.com/@nok/video/${id}`;

beforeAll(async () => {
  backend = await startBackend();
  service = backend.service();
  [brand, creator, otherCreator] = await Promise.all([createUser(backend, 'brand'), createUser(backend, 'creator', { tiktok_username: 'nok' }), createUser(backend, 'creator')]);
  await actAs(backend, brand);
  [firstBrief, secondBrief, notJoinedBrief] = await Promise.all(
    ['Serum week', 'Rice bowl launch', 'Not joined'].map(async (title) => (await createOpportunity({ title, description: `About ${title}` })).id),
  );
  // Published days ago, so that the videos below, posted an hour ago, fall inside their dates (rule 4).
  await service.from('brand_briefs').update({ created_at: daysAgo(3).toISOString() }).in('id', [firstBrief, secondBrief, notJoinedBrief]);
  await actAs(backend, creator);
  await joinOpportunity({ briefId: firstBrief, isCreator: true });
  await joinOpportunity({ briefId: secondBrief, isCreator: true });
}, 60_000);
afterAll(() => backend?.stop());

/** The creator's video as My Videos lists it. */
async function listed(videoId: string) {
  await actAs(backend, creator);
  return (await getVideos({ ownerId: creator.id, owner: 'creator', page: 1, pageSize: 100 })).data.find((video) => video.video_id === videoId)!;
}

describe('the add forms’ preview', () => {
  it("gives TikTok's caption as the name, adds nothing, and says when the video was added before", async () => {
    const id = '7441200000000000711';
    await actAs(backend, creator);
    expect(await previewVideo(urlOf(id))).toEqual({ videoId: id, caption: sandboxCaption(id), title: sandboxCaption(id), alreadyAdded: false });
    const { count } = await service.from('tiktok_videos').select('id', { count: 'exact', head: true }).eq('video_id', id);
    expect(count).toBe(0);

    // Added without a name, the video takes the caption too.
    await addVideo({ url: urlOf(id) });
    expect((await listed(id)).title).toBe(sandboxCaption(id));
    await actAs(backend, creator);
    expect(await previewVideo(urlOf(id))).toMatchObject({ alreadyAdded: true });
  });

  it('refuses a link that is not a video, a video TikTok does not have, and a caller without a session', async () => {
    await actAs(backend, creator);
    expect((await refusal(() => previewVideo('https://www.tiktok.com/@nok/photo/12'))).code).toBe('invalid_url');
    expect((await refusal(() => previewVideo(urlOf('7441200000000000404')))).code).toBe('video_unavailable');
    await actAs(backend);
    expect((await refusal(() => previewVideo(urlOf('7441200000000000712')))).code).toBe('auth_required');
  });
});

describe('linking a video added earlier', () => {
  it('links it, changes the campaign while the review is pending, removes the link, and stops once the brand approved', async () => {
    const id = videoIdPostedAt(hoursAgo(1), 721);
    await actAs(backend, creator);
    await addVideo({ url: urlOf(id) });
    expect(await listed(id)).toMatchObject({ brand_brief_id: null, review_status: 'none', excluded_reason: 'no_campaign' });

    await linkVideo({ videoId: id, brandBriefId: firstBrief });
    expect(await listed(id)).toMatchObject({ brand_id: brand.id, brand_brief_id: firstBrief, brief_title: 'Serum week', review_status: 'pending' });

    await actAs(backend, creator);
    await linkVideo({ videoId: id, brandBriefId: secondBrief });
    expect(await listed(id)).toMatchObject({ brand_brief_id: secondBrief, brief_title: 'Rice bowl launch', review_status: 'pending' });

    await actAs(backend, creator);
    await linkVideo({ videoId: id, brandBriefId: null });
    expect(await listed(id)).toMatchObject({ brand_id: null, brand_brief_id: null, review_status: 'none' });

    await actAs(backend, creator);
    await linkVideo({ videoId: id, brandBriefId: firstBrief });
    const video = await listed(id);
    await approve(backend, video.id);
    await actAs(backend, creator);
    expect((await refusal(() => linkVideo({ videoId: id, brandBriefId: secondBrief }))).code).toBe('video_link_locked');
    await actAs(backend, creator);
    expect((await refusal(() => linkVideo({ videoId: id, brandBriefId: null }))).code).toBe('video_link_locked');
    expect(await listed(id)).toMatchObject({ brand_brief_id: firstBrief, review_status: 'approved' });
  });

  it('the campaign form links a video added before instead of refusing it as a duplicate', async () => {
    const id = videoIdPostedAt(hoursAgo(1), 731);
    await actAs(backend, creator);
    await addVideo({ url: urlOf(id) });
    await actAs(backend, creator);
    expect(await addVideo({ url: urlOf(id), brandBriefId: secondBrief, customTitle: 'Rice bowl, take two' })).toMatchObject({ linked: true });
    expect(await listed(id)).toMatchObject({ brand_brief_id: secondBrief, review_status: 'pending' });
    // Without a campaign it is still a duplicate.
    await actAs(backend, creator);
    expect((await refusal(() => addVideo({ url: urlOf(id) }))).code).toBe('duplicate');
  });

  it('refuses a campaign the creator did not join, and another creator’s video, changing nothing', async () => {
    const id = videoIdPostedAt(hoursAgo(1), 741);
    await actAs(backend, creator);
    await addVideo({ url: urlOf(id) });
    await actAs(backend, creator);
    expect((await refusal(() => linkVideo({ videoId: id, brandBriefId: notJoinedBrief }))).code).toBe('opportunity_not_joined');
    // Another creator cannot see the video: nothing matches, nothing changes.
    await actAs(backend, otherCreator);
    expect((await refusal(() => linkVideo({ videoId: id, brandBriefId: firstBrief }))).code).toBe('not_allowed');
    const { data: raw } = await otherCreator.client.from('tiktok_videos').update({ brand_brief_id: firstBrief }).eq('video_id', id).select('id');
    expect(raw).toEqual([]);
    expect(await listed(id)).toMatchObject({ brand_brief_id: null });
  });
});

describe('what a video earned', () => {
  it('is its counted views at the brief’s creator rate, and nothing while the brand has not answered', async () => {
    // The brief existed before the video was posted (rule 4).
    await service.from('brand_briefs').update({ created_at: daysAgo(3).toISOString() }).eq('id', firstBrief);
    const { data: rates } = await service.from('brand_briefs').select('creator_rate_satang').eq('id', firstBrief).single();
    const videoId = await insertVideo(backend, { creator, n: 751, postedAt: hoursAgo(30), views: 12_345, brief: firstBrief, author: 'nok' });
    await service.from('profiles').update({ tiktok_username: 'nok' }).eq('id', creator.id);
    await proveHandle(backend, creator.id);
    const pending = (await getVideosOf(creator)).find((video) => video.id === videoId)!;
    expect(pending).toMatchObject({ review_status: 'pending', earned_satang: 0 });
    await approve(backend, videoId);
    const approved = (await getVideosOf(creator)).find((video) => video.id === videoId)!;
    expect(approved).toMatchObject({ review_status: 'approved', excluded_reason: null });
    expect(approved.counted_views).toBeGreaterThan(0);
    expect(approved.earned_satang).toBe(Math.floor((approved.counted_views * rates!.creator_rate_satang) / 1000));
  });
});

async function getVideosOf(user: TestUser) {
  await actAs(backend, user);
  return (await getVideos({ ownerId: user.id, owner: 'creator', page: 1, pageSize: 100 })).data;
}
