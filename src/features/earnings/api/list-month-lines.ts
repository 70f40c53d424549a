import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { toAppError } from '@/lib/errors';
import { supabase } from '@/lib/supabase';
import { earningsKeys } from './keys';

/** Ledger entries a page of an opened month shows. */
export const monthLinesPageSize = 50;

/** One ledger entry of a closed month: a video's counted views gained in it (negative: a correction) and their earning. */
export type MonthLine = {
  id: number;
  briefId: string;
  /** null when the campaign is no longer listed (its brand was suspended, say). */
  briefTitle: string | null;
  /** A demo campaign's (supabase/seed.sql): its title is shown in the reader's language. */
  briefIsDemo: boolean;
  brandName: string | null;
  /** The TikTok id: the entry keeps it when the video is gone. */
  tiktokId: string;
  /** null when the video was removed since. */
  videoTitle: string | null;
  videoIsDemo: boolean;
  shareUrl: string | null;
  views: number;
  earningSatang: number;
};

export type MonthLinesPage = { lines: MonthLine[]; totalCount: number };

/**
 * A page of a month's ledger entries, ordered by campaign so that a campaign's videos stay
 * together, with the names of their campaigns and videos (two lookups of this page's ids).
 */
export async function listMonthLines(userId: string, month: string, page: number): Promise<MonthLinesPage> {
  const from = page * monthLinesPageSize;
  const { data, error, count } = await supabase()
    .from('ledger_entries')
    .select('id, brand_brief_id, tiktok_video_id, video_id, views, creator_earning_satang', { count: 'exact' })
    .eq('creator_id', userId)
    .eq('month', month)
    .order('brand_brief_id')
    .order('id')
    .range(from, from + monthLinesPageSize - 1);
  if (error) throw toAppError(error, 'metrics_load_failed');
  const briefIds = [...new Set(data.map((entry) => entry.brand_brief_id))];
  const videoIds = [...new Set(data.map((entry) => entry.tiktok_video_id))];
  const [briefs, videos] = await Promise.all([
    briefIds.length ? supabase().from('brief_listings').select('id, title, brand_name, is_demo').in('id', briefIds) : null,
    videoIds.length ? supabase().from('video_listings').select('id, title, share_url, is_demo').in('id', videoIds) : null,
  ]);
  if (briefs?.error) throw toAppError(briefs.error, 'metrics_load_failed');
  if (videos?.error) throw toAppError(videos.error, 'metrics_load_failed');
  const briefById = new Map((briefs?.data ?? []).map((brief) => [brief.id, brief]));
  const videoById = new Map((videos?.data ?? []).map((video) => [video.id, video]));
  const lines = data.map((entry): MonthLine => {
    const brief = briefById.get(entry.brand_brief_id);
    const video = videoById.get(entry.tiktok_video_id);
    return {
      id: entry.id,
      briefId: entry.brand_brief_id,
      briefTitle: brief?.title ?? null,
      briefIsDemo: brief?.is_demo ?? false,
      brandName: brief?.brand_name ?? null,
      tiktokId: entry.video_id,
      videoTitle: video?.title ?? null,
      videoIsDemo: video?.is_demo ?? false,
      shareUrl: video?.share_url ?? null,
      views: entry.views,
      earningSatang: entry.creator_earning_satang,
    };
  });
  return { lines, totalCount: count ?? 0 };
}

export const monthLinesQueryOptions = (userId: string | undefined, month: string) =>
  infiniteQueryOptions({
    queryKey: earningsKeys.monthLines(userId, month),
    queryFn: ({ pageParam }) => listMonthLines(userId!, month, pageParam),
    initialPageParam: 0,
    getNextPageParam: (last, pages) => (pages.length * monthLinesPageSize < last.totalCount ? pages.length : undefined),
    enabled: Boolean(userId),
    // A closed month never changes (ledger entries are immutable); names may, rarely.
    staleTime: 10 * 60_000,
  });

export const useMonthLines = (userId: string | undefined, month: string) => useInfiniteQuery(monthLinesQueryOptions(userId, month));
