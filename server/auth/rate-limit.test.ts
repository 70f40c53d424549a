import { describe, expect, it } from 'vitest';
import { RateLimiter } from './rate-limit';

describe('RateLimiter', () => {
  it('limits within the window and forgets hits older than it', () => {
    let now = 0;
    const limiter = new RateLimiter(() => now);
    for (let i = 0; i < 3; i++) {
      expect(limiter.isLimited('signin', '1.2.3.4', 3, 1000)).toBe(false);
      limiter.record('signin', '1.2.3.4', 1000);
      now += 100;
    }
    expect(limiter.isLimited('signin', '1.2.3.4', 3, 1000)).toBe(true);
    expect(limiter.isLimited('signin', '5.6.7.8', 3, 1000)).toBe(false);
    expect(limiter.retryAfterMs('signin', '1.2.3.4', 1000)).toBe(700);
    now = 1001;
    expect(limiter.isLimited('signin', '1.2.3.4', 3, 1000)).toBe(false);
  });
});

describe('RateLimiter memory', () => {
  it('stays bounded after 100,000 distinct addresses within one window', () => {
    const limiter = new RateLimiter(() => 0, 10_000);
    for (let i = 0; i < 100_000; i++) limiter.record('signup', `10.${i >> 16}.${(i >> 8) & 255}.${i & 255}`, 60 * 60 * 1000);
    expect(limiter.size).toBeLessThanOrEqual(10_000);
    // The most recent addresses are still limited; the oldest were forgotten first.
    expect(limiter.isLimited('signup', '10.1.134.159', 1, 60 * 60 * 1000)).toBe(true);
    expect(limiter.isLimited('signup', '10.0.0.0', 1, 60 * 60 * 1000)).toBe(false);
  });

  it('forgets keys whose window has passed, even if they never call again', () => {
    let now = 0;
    const limiter = new RateLimiter(() => now);
    for (let i = 0; i < 100_000; i++) limiter.record('signin-failure', `addr-${i}`, 5 * 60 * 1000);
    expect(limiter.size).toBeLessThanOrEqual(10_000);
    now = 6 * 60 * 1000;
    limiter.record('signin-failure', 'one-more', 5 * 60 * 1000);
    expect(limiter.size).toBe(1);
  });
});
