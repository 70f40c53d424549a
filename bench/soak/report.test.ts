import { describe, expect, it } from 'vitest';
import { maxGrowthPercent, memoryTrend, type MemorySample } from './report';

/** Samples every 2 s for a minute: `live(at)` megabytes, with the same small jitter each time. */
const run = (live: (at: number) => number): MemorySample[] =>
  Array.from({ length: 31 }, (_, i) => ({ at: i * 2, liveMb: live(i * 2) + [0, 0.4, -0.3, 0.2, -0.1][i % 5], rssMb: 150 + i }));

describe('the soak’s memory criterion', () => {
  it('passes memory that stays level, even with a sample or two taken mid-burst', () => {
    const samples = run(() => 30);
    samples[20].liveMb = 45; // a burst of requests in flight at one sample
    samples[29].liveMb = 44; // and one near the end, where a comparison of two points would read +47%
    const trend = memoryTrend(samples, 30);
    expect(trend.samples).toBe(16);
    expect(Math.abs(trend.growthPercent)).toBeLessThan(3);
    expect(trend.peakRssMb).toBe(180);
  });

  it('fails a leak of 50 KB a request at 30 requests a second (1.5 MB a second)', () => {
    const trend = memoryTrend(run((at) => 30 + 1.5 * at), 30);
    expect(trend.mbPerMinute).toBeCloseTo(90, 0);
    expect(trend.growthPercent).toBeGreaterThan(maxGrowthPercent);
  });

  it('judges only what comes after warm-up: the climb while caches fill does not count', () => {
    const trend = memoryTrend(run((at) => (at < 20 ? 10 + at : 30)), 30);
    expect(Math.abs(trend.growthPercent)).toBeLessThan(3);
  });

  it('fails a slow leak that two noisy end points would hide', () => {
    const samples = run((at) => 30 + 0.15 * at); // +4.5 MB over the measured half: +13%
    samples[15].liveMb = 36; // the first measured sample happens to be high
    samples[30].liveMb = 32; // and the last one low
    expect(memoryTrend(samples, 30).growthPercent).toBeGreaterThan(maxGrowthPercent);
  });
});
