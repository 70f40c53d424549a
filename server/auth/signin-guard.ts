import { timingSafeEqual } from 'node:crypto';
import { sha256 } from './users';

/**
 * How long an address must wait before its next password attempt: nothing for the first
 * `free` failures in the window, then 1 s, 2 s, 4 s … after the last failure, never more
 * than `maxDelaySeconds`. A stranger guessing from many addresses gets a few tries a minute;
 * the owner waits at most `maxDelaySeconds`, or signs in from a known device or by e-mail.
 */
export function addressWaitSeconds(failureTimes: readonly number[], now: number, free: number, maxDelaySeconds: number): number {
  const beyond = failureTimes.length - free;
  if (beyond < 0) return 0;
  const delayMs = Math.min(maxDelaySeconds, 2 ** beyond) * 1000;
  const waited = now - failureTimes[failureTimes.length - 1];
  return waited >= delayMs ? 0 : Math.ceil((delayMs - waited) / 1000);
}

export const deviceMarkLifetimeSeconds = 180 * 24 * 60 * 60;

/**
 * A known device: a browser where this person signed in (by password or e-mailed link) keeps
 * an HttpOnly cookie, one per person, signed with the installation's secret. A stranger cannot
 * make one, so the limits on guessing never keep the owner out of their own device.
 */
export function deviceMarks(keyedMac: (text: string) => string) {
  const mac = (userId: string, issuedAt: number) => keyedMac(`device:${userId}:${issuedAt}`);
  return {
    cookieName: (userId: string) => `sb-device-${sha256(userId).slice(0, 16)}`,
    issue(userId: string, now = Date.now()): string {
      const issuedAt = Math.floor(now / 1000);
      return `${issuedAt}.${mac(userId, issuedAt)}`;
    },
    isValid(userId: string, value: string | undefined, now = Date.now()): boolean {
      const [issued, signature] = (value ?? '').split('.');
      const issuedAt = Number(issued);
      if (!Number.isInteger(issuedAt) || !signature) return false;
      if (issuedAt + deviceMarkLifetimeSeconds < now / 1000 || issuedAt > now / 1000 + 60) return false;
      const expected = Buffer.from(mac(userId, issuedAt));
      const given = Buffer.from(signature);
      return expected.length === given.length && timingSafeEqual(expected, given);
    },
  };
}
