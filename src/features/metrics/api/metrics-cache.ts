import type { CreatorMetrics } from '@/lib/database';

/**
 * Spec §9: creator metrics are kept 5 minutes in local storage, one key per user: a first paint
 * (and what a dashboard shows, with its time, when the server cannot be reached), never a reason
 * not to read them again (get-creator-metrics.ts: staleTime 0).
 */
export const metricsCacheMs = 5 * 60_000;

const key = (userId: string) => `viewpact.metrics.${userId}`;

type Cached = CreatorMetrics & { updatedAt: number };

/** Every figure the dashboard reads: a cache written by an older version that lacks one is ignored. */
const figures: (keyof CreatorMetrics)[] = [
  'totalViews',
  'totalVideos',
  'totalBrands',
  'countedViews',
  'pendingViews',
  'notCountedViews',
  'estEarnings',
  'engagementRate',
  'pendingReviews',
  'unavailableVideos',
  'estimatedVideos',
  'demoVideos',
];

const isComplete = (cached: Partial<Cached> | null): cached is Cached =>
  cached !== null && typeof cached.updatedAt === 'number' && figures.every((figure) => typeof cached[figure] === 'number');

export function readCachedMetrics(userId: string, now = Date.now()): Cached | undefined {
  try {
    const cached = JSON.parse(localStorage.getItem(key(userId)) ?? 'null') as Partial<Cached> | null;
    return isComplete(cached) && now - cached.updatedAt < metricsCacheMs ? cached : undefined;
  } catch {
    return undefined;
  }
}

export function writeCachedMetrics(userId: string, metrics: CreatorMetrics, now = Date.now()) {
  try {
    localStorage.setItem(key(userId), JSON.stringify({ ...metrics, updatedAt: now }));
  } catch {
    // A full or blocked storage only costs a refetch.
  }
}

/** Dropped when that user adds a video, so the next look is fresh. */
export function clearCachedMetrics(userId: string) {
  try {
    localStorage.removeItem(key(userId));
  } catch {
    // No storage (a test in Node, a blocked browser): nothing was cached.
  }
}
