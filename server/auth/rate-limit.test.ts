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
