import type { TestBackend } from './backend';
import type { TestUser } from './users';
import { endsLikeSandboxFailure } from '../../../server/tiktok-sandbox/data';

const hour = 3_600_000;
export const hoursAgo = (hours: number) => new Date(Date.now() - hours * hour);
export const daysAgo = (days: number) => hoursAgo(days * 24);

/**
 * A 19-digit TikTok id posted at `at`: the top 32 bits of the id are the Unix time of posting, the
 * low bits tell a test's videos apart (`n`). An id ending like one of the sandbox's failures (404
 * gone, 403 private, 503 blocked) would make about 3 runs in 1,000 fail by the clock, so one of the
 * low bits' unused high bits is set until it ends otherwise: the posting second stays exact.
 */
export function videoIdPostedAt(at: Date, n: number): string {
  const seconds = BigInt(Math.floor(at.getTime() / 1000));
  for (const spare of [0n, 1n << 31n, 1n << 30n, 1n << 29n]) {
    const id = ((seconds << 32n) | BigInt(n) | spare).toString();
    if (id.length !== 19) throw new Error(`videoIdPostedAt: ${at.toISOString()} gives no 19-digit id`);
    if (!endsLikeSandboxFailure(id)) return id;
  }
  throw new Error(`videoIdPostedAt: every id for ${at.toISOString()} and ${n} ends like a sandbox failure`);
}

export type VideoFixture = {
  creator: Pick<TestUser, 'id'>;
  n: number;
  postedAt: Date;
  views: number;
  /** Default: a tenth of the views, and no comments or shares. */
  likes?: number;
  comments?: number;
  shares?: number;
  brief?: string;
  brand?: string;
  author?: string;
  source?: 'display_api' | 'page' | 'sandbox' | 'estimate';
  /** When the first measurement was taken (default: now). */
  measuredAt?: Date;
};

/** Inserts a video as the service role, as the scraper does; its counts become the first snapshot. */
export async function insertVideo(backend: TestBackend, video: VideoFixture): Promise<string> {
  const id = videoIdPostedAt(video.postedAt, video.n);
  const author = video.author ?? 'ledger.creator';
  const { data, error } = await backend
    .service()
    .from('tiktok_videos')
    .insert({
      user_id: video.creator.id,
      video_id: id,
      share_url: `https://www.tiktok.com/@${author}/video/${id}`,
      author_username: author,
      brand_brief_id: video.brief ?? null,
      brand_id: video.brand ?? null,
      view_count: video.views,
      like_count: video.likes ?? Math.floor(video.views / 10),
      comment_count: video.comments ?? 0,
      share_count: video.shares ?? 0,
      is_estimated: video.source === 'estimate',
      metrics_source: video.source ?? 'sandbox',
      metrics_updated_at: (video.measuredAt ?? new Date()).toISOString(),
    })
    .select('id')
    .single();
  if (error) throw new Error(`insertVideo: ${error.message}`);
  return data.id as string;
}

export type SnapshotFixture = { at: Date; views?: number; available?: boolean; source?: 'display_api' | 'page' | 'sandbox' | 'estimate' };

/** Writes a measurement as the service role (the refresher's way), back-dated to `at`. */
export async function addSnapshot(backend: TestBackend, videoId: string, snapshot: SnapshotFixture) {
  const available = snapshot.available ?? true;
  const views = available ? (snapshot.views ?? 0) : null;
  const { error } = await backend
    .service()
    .from('video_snapshots')
    .insert({
      tiktok_video_id: videoId,
      measured_at: snapshot.at.toISOString(),
      available,
      view_count: views,
      like_count: views === null ? null : Math.floor(views / 10),
      comment_count: views === null ? null : 0,
      share_count: views === null ? null : 0,
      source: snapshot.source ?? 'sandbox',
    });
  if (error) throw new Error(`addSnapshot: ${error.message}`);
}

/** Moves a video's review in time, or decides it, as the service role: time travel without sleeping. */
export async function updateReview(backend: TestBackend, videoId: string, change: Record<string, unknown>) {
  const service = backend.service();
  const { data: video } = await service.from('tiktok_videos').select('user_id, video_id, brand_id').eq('id', videoId).single();
  const { error } = await service.from('video_reviews').update(change).eq('creator_id', video!.user_id).eq('video_id', video!.video_id).eq('brand_id', video!.brand_id);
  if (error) throw new Error(`updateReview: ${error.message}`);
}

/** Approves a video's review as if the brand had, for tests about what approved videos count. */
export const approve = (backend: TestBackend, videoId: string) => updateReview(backend, videoId, { status: 'approved', decided_at: new Date().toISOString() });
