import { afterEach, describe, expect, it } from 'vitest';
import type { CreatorMetrics } from '@/lib/database';
import { clearCachedMetrics, readCachedMetrics, writeCachedMetrics } from './metrics-cache';

const metrics: CreatorMetrics = {
  totalViews: 20800,
  totalVideos: 2,
  totalBrands: 2,
  countedViews: 20800,
  pendingViews: 0,
  notCountedViews: 0,
  estEarnings: 104,
  engagementRate: 11,
  pendingReviews: 0,
  unavailableVideos: 0,
  estimatedVideos: 0,
  demoVideos: 2,
};

describe('metrics cache', () => {
  afterEach(() => localStorage.clear());

  it('keeps a user’s metrics for 5 minutes, under that user’s key only', () => {
    writeCachedMetrics('user-a', metrics, 1_000_000);
    expect(readCachedMetrics('user-a', 1_000_000 + 4 * 60_000)).toMatchObject(metrics);
    expect(readCachedMetrics('user-a', 1_000_000 + 5 * 60_000)).toBeUndefined();
    expect(readCachedMetrics('user-b', 1_000_000)).toBeUndefined();
    expect(localStorage.getItem('viewpact.metrics.user-a')).toContain('"updatedAt":1000000');
  });

  it('is dropped on demand, and survives garbage', () => {
    writeCachedMetrics('user-a', metrics);
    clearCachedMetrics('user-a');
    expect(readCachedMetrics('user-a')).toBeUndefined();
    localStorage.setItem('viewpact.metrics.user-a', '{not json');
    expect(readCachedMetrics('user-a')).toBeUndefined();
  });

  it('ignores figures cached before the ledger split views into counted, pending and not counted', () => {
    const { countedViews: _counted, pendingViews: _pending, notCountedViews: _notCounted, ...older } = metrics;
    localStorage.setItem('viewpact.metrics.user-a', JSON.stringify({ ...older, updatedAt: Date.now() }));
    expect(readCachedMetrics('user-a')).toBeUndefined();
  });
});
