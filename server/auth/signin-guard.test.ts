import { describe, expect, it } from 'vitest';
import { addressWaitSeconds, deviceMarkLifetimeSeconds, deviceMarks } from './signin-guard';

describe('addressWaitSeconds', () => {
  const now = 1_000_000;
  const failures = (count: number, lastAgoMs = 0) => Array.from({ length: count }, (_, i) => now - lastAgoMs - (count - 1 - i) * 10);

  it('lets the first failures through, then doubles the wait, never past the cap', () => {
    expect(addressWaitSeconds(failures(2), now, 3, 60)).toBe(0);
    expect(addressWaitSeconds(failures(3), now, 3, 60)).toBe(1);
    expect(addressWaitSeconds(failures(4), now, 3, 60)).toBe(2);
    expect(addressWaitSeconds(failures(7), now, 3, 60)).toBe(16);
    expect(addressWaitSeconds(failures(30), now, 3, 60)).toBe(60);
  });

  it('counts the wait from the last failure', () => {
    expect(addressWaitSeconds(failures(7, 10_000), now, 3, 60)).toBe(6);
    expect(addressWaitSeconds(failures(7, 16_000), now, 3, 60)).toBe(0);
  });
});

describe('deviceMarks', () => {
  const marks = deviceMarks((text) => `mac(${text})`);
  const other = deviceMarks((text) => `other(${text})`);

  it('accepts its own mark for the same person only, until it expires', () => {
    const now = Date.UTC(2026, 10, 26);
    const mark = marks.issue('user-a', now);
    expect(marks.isValid('user-a', mark, now)).toBe(true);
    expect(marks.isValid('user-b', mark, now)).toBe(false);
    expect(other.isValid('user-a', mark, now)).toBe(false);
    expect(marks.isValid('user-a', mark, now + deviceMarkLifetimeSeconds * 1000 + 1000)).toBe(false);
    expect(marks.isValid('user-a', undefined, now)).toBe(false);
    expect(marks.isValid('user-a', 'garbage', now)).toBe(false);
  });

  it('names the cookie per person', () => {
    expect(marks.cookieName('user-a')).toMatch(/^sb-device-[0-9a-f]{16}$/);
    expect(marks.cookieName('user-a')).not.toBe(marks.cookieName('user-b'));
  });
});
