import { afterEach, describe, expect, it, vi } from 'vitest';
import { formatDateTime } from '../clock.ts';
import { renderEmail, renderNotification } from './render.ts';
import { sampleParams } from './samples.ts';

// The review_waiting sample is to be reviewed by 2026-11-25T10:05:00Z: 17:05 in Bangkok.
const autoApproveAt = '2026-11-25T10:05:00Z';

afterEach(() => vi.restoreAllMocks());

/** The clock of the machine that renders (a browser), in minutes behind UTC: -420 is Bangkok's, 300 New York's in winter. */
const machineOffset = (minutes: number) => vi.spyOn(Date.prototype, 'getTimezoneOffset').mockReturnValue(minutes);

describe('one clock in notifications and e-mails', () => {
  it('labels every time of an e-mail as Bangkok time, even when the server’s own clock is Bangkok’s', () => {
    machineOffset(-420);
    const english = renderEmail('en', 'review_waiting', [{ params: sampleParams.review_waiting, created_at: '2026-11-24T10:05:00Z' }], 'https://viewpact.test');
    expect(english.text).toContain('Review it by Nov 25, 2026, 5:05 PM (Bangkok time), or it is approved automatically.');
    // When it was sent, a line of its own.
    expect(english.text).toContain('\nNov 24, 2026, 5:05 PM (Bangkok time)\n');
    expect(english.html).toContain('Nov 25, 2026, 5:05 PM (Bangkok time)');
    const thai = renderEmail('th', 'review_waiting', [{ params: sampleParams.review_waiting, created_at: '2026-11-24T10:05:00Z' }], 'https://viewpact.test');
    expect(thai.text).toContain('25 พ.ย. 2569 17:05 น. (เวลาไทย)');
    expect(thai.text).toContain('\n24 พ.ย. 2569 17:05 น. (เวลาไทย)\n');
  });

  it('writes the same time in the app as on a page: labelled for a reader abroad, plain for one in Thailand', () => {
    machineOffset(300);
    const abroad = renderNotification('en', 'review_waiting', sampleParams.review_waiting, { zone: 'reader' }).body;
    expect(abroad).toContain(`Review it by ${formatDateTime(autoApproveAt, 'en')},`);
    expect(abroad).toContain('Nov 25, 2026, 5:05 PM (Bangkok time)');
    machineOffset(-420);
    const home = renderNotification('th', 'review_auto_approve_soon', sampleParams.review_auto_approve_soon, { zone: 'reader' }).body;
    expect(home).toContain(formatDateTime(sampleParams.review_auto_approve_soon.auto_approve_at as string, 'th'));
    expect(home).not.toContain('เวลาไทย');
  });

  it('labels by default: a caller that says nothing never shows an unlabelled time to someone abroad', () => {
    machineOffset(-420);
    expect(renderNotification('en', 'tiktok_expiring', sampleParams.tiktok_expiring).body).toMatch(/\d{1,2}:\d{2} [AP]M \(Bangkok time\)/);
  });

  it('keeps days unlabelled and on Thailand’s calendar: a deadline is the day it is', () => {
    machineOffset(300);
    const body = renderNotification('en', 'brief_deadline_near', { ...sampleParams.brief_deadline_near, deadline: '2026-11-25' }, { zone: 'reader' }).body;
    expect(body).toContain('Nov 25, 2026');
    expect(body).not.toContain('Bangkok time');
  });

  it('still reads as the generic notification when a time is unreadable', () => {
    expect(renderNotification('en', 'review_waiting', { ...sampleParams.review_waiting, auto_approve_at: '2026-13-45T99:00:00Z' }).title).toBe('Something changed');
  });
});
