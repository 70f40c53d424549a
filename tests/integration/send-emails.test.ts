/**
 * send-emails (issue 31): the notification e-mails go out through the function the scheduler
 * calls, over real SMTP to a server on 127.0.0.1, once each, in the recipient's language; an
 * e-mail the SMTP server did not take waits for the next run; only the service role may call it,
 * and without SMTP settings it refuses before claiming anything. A local server without SMTP
 * sends them, on its timer, into its mailbox.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { callSendEmails } from '../../server/functions/scheduled';
import { sendEmails } from '../../supabase/functions/_shared/send-emails';
import { startBackend, type TestBackend } from './helpers/backend';
import { startSmtpServer, type ReceivedMail, type TestSmtpServer } from './helpers/smtp';
import { createUser, type TestUser } from './helpers/users';
import { hoursAgo, insertVideo } from './helpers/videos';

const login = { user: 'viewpact-mailer', pass: 'smtp-secret' };
const sender = 'ViewPact <notify@viewpact.test>';

let smtp: TestSmtpServer;
let backend: TestBackend;
let n = 0;
const handles = new Map<string, string>();

beforeAll(async () => {
  smtp = await startSmtpServer(login);
  backend = await startBackend({
    env: { SMTP_HOST: '127.0.0.1', SMTP_PORT: String(smtp.port), SMTP_USER: login.user, SMTP_PASS: login.pass, SMTP_FROM: sender },
  });
}, 60_000);
// Each test's e-mails go out by its end, so that a run of the next test sends only that test's.
afterEach(() => runAsScheduler());
afterAll(async () => {
  await backend?.stop();
  await smtp?.stop();
});

/** A test's own brand, and its creators: one who reads Thai, one English (never throttled by another test's e-mails). */
async function people() {
  const k = ++n;
  const [brand, thaiCreator, englishCreator] = await Promise.all([
    createUser(backend, 'brand'),
    createUser(backend, 'creator', { tiktok_username: `mail.thai${k}` }),
    createUser(backend, 'creator', { tiktok_username: `mail.english${k}` }),
  ]);
  handles.set(thaiCreator.id, `mail.thai${k}`).set(englishCreator.id, `mail.english${k}`);
  const { error } = await thaiCreator.client.rpc('save_notification_settings', { p_language: 'th', p_email_off: null });
  expect(error).toBeNull();
  return { brand, thaiCreator, englishCreator };
}

/** A brief of the brand's, which `creators` joined. */
async function briefJoinedBy(brand: TestUser, title: string, ...creators: TestUser[]): Promise<string> {
  const { data, error } = await backend
    .service()
    .from('brand_briefs')
    .insert({ brand_id: brand.id, title, description: `About ${title}`, created_at: hoursAgo(24 * 30).toISOString() })
    .select('id')
    .single();
  if (error) throw new Error(error.message);
  for (const creator of creators) {
    const joined = await creator.client.from('creator_brand_connections').insert({ creator_id: creator.id, brand_brief_id: data.id });
    if (joined.error) throw new Error(joined.error.message);
  }
  return data.id as string;
}

/** The brand rejects a new video of `creator`'s for the brief: the creator's e-mail is queued. */
async function rejectVideoOf(brand: TestUser, creator: TestUser, brief: string) {
  const video = await insertVideo(backend, { creator, n: ++n, postedAt: hoursAgo(2), views: 100, brief, brand: brand.id, author: handles.get(creator.id) });
  const { error } = await brand.client.rpc('review_video', { p_video: video, p_decision: 'reject', p_reason: 'quality' });
  expect(error).toBeNull();
}

/** The scheduler's call, over HTTP with the service role key, as pg_cron makes it (the timer sends the same request in-process). */
const runAsScheduler = () => callSendEmails((request) => fetch(request), backend.url, backend.serviceKey);

const call = (key: string | null, method = 'POST') =>
  fetch(`${backend.url}/functions/v1/send-emails`, { method, headers: key ? { Authorization: `Bearer ${key}`, apikey: backend.anonKey } : { apikey: backend.anonKey } });

const mailsTo = (who: TestUser) => smtp.received.filter((mail) => mail.envelopeTo.includes(who.email));

/** The e-mails of `who` still waiting to be sent: whether each is claimed by a run. */
async function waiting(who: TestUser): Promise<{ claimed: boolean }[]> {
  const { rows } = await backend.server.db.query<{ claimed: boolean }>(
    'select claimed_at is not null as claimed from private.notification_emails where recipient_id = $1',
    [who.id],
  );
  return rows;
}

const thai = /[\u0E00-\u0E7F]/;

describe('send-emails, called by the scheduler', () => {
  it("sends each due e-mail once over SMTP, signed in, to the recipient, in the recipient's language", async () => {
    const { brand, thaiCreator, englishCreator } = await people();
    const brief = await briefJoinedBy(brand, 'Songkran launch', thaiCreator, englishCreator);
    await rejectVideoOf(brand, thaiCreator, brief);
    await rejectVideoOf(brand, englishCreator, brief);
    const before = smtp.received.length;

    const summary = await runAsScheduler();
    const arrived = smtp.received.slice(before);
    expect(summary).toEqual({ sent: arrived.length, failed: 0 });
    // The creators' rejections, and the brand's "review waiting" for the two videos.
    expect(arrived.map((mail) => mail.envelopeTo).sort()).toEqual([[brand.email], [englishCreator.email], [thaiCreator.email]].sort());

    const [toThai] = mailsTo(thaiCreator);
    expect(toThai).toMatchObject<Partial<ReceivedMail>>({ user: login.user, envelopeFrom: 'notify@viewpact.test', from: sender, to: thaiCreator.email, subject: 'วิดีโอไม่ได้รับอนุมัติ' });
    expect(toThai.text).toContain('Songkran launch');
    expect(toThai.text).toMatch(thai);
    expect(toThai.text).toContain(`${backend.url}/dashboard/settings?tab=notifications`);
    expect(toThai.html).toContain('<html lang="th">');

    const [toEnglish] = mailsTo(englishCreator);
    expect(toEnglish).toMatchObject<Partial<ReceivedMail>>({ user: login.user, to: englishCreator.email, subject: 'A video was rejected' });
    expect(toEnglish.text).toContain('Songkran launch');
    expect(toEnglish.text).not.toMatch(thai);
    expect(toEnglish.html).toContain('<html lang="en">');
    expect(await waiting(thaiCreator)).toEqual([]);

    // A second run finds nothing due: nothing goes out again.
    expect(await runAsScheduler()).toEqual({ sent: 0, failed: 0 });
    expect(smtp.received.length).toBe(before + arrived.length);
  });

  it('keeps an e-mail the SMTP server did not take (server down) and sends it at the next run', async () => {
    const { brand, englishCreator } = await people();
    const brief = await briefJoinedBy(brand, 'Rainy season', englishCreator);
    await rejectVideoOf(brand, englishCreator, brief);
    const before = mailsTo(englishCreator).length;

    await smtp.stop();
    let down: { sent: number; failed: number };
    try {
      down = await runAsScheduler();
    } finally {
      await smtp.restart();
    }
    // The creator's e-mail, and the brand's "review waiting" for the video.
    expect(down).toEqual({ sent: 0, failed: 2 });
    expect(await waiting(englishCreator)).toEqual([{ claimed: false }]);

    // The next run does not wait the hour: what failed goes now.
    expect(await runAsScheduler()).toEqual({ sent: 2, failed: 0 });
    const sent = mailsTo(englishCreator).slice(before);
    expect(sent).toHaveLength(1);
    expect(sent[0].text).toContain('Rainy season');
    expect(await waiting(englishCreator)).toEqual([]);
  });
});

describe('send-emails refuses', () => {
  it('a caller without the service key, and changes nothing', async () => {
    const { brand, thaiCreator } = await people();
    const brief = await briefJoinedBy(brand, 'Cool season', thaiCreator);
    await rejectVideoOf(brand, thaiCreator, brief);
    const before = smtp.received.length;

    const anon = await call(backend.anonKey);
    expect([anon.status, await anon.json()]).toEqual([401, { code: 'auth_required', error: 'Authentication required' }]);
    const publishable = await call(backend.publishableKey);
    expect([publishable.status, await publishable.json()]).toEqual([401, { code: 'auth_required', error: 'Authentication required' }]);
    const { data } = await thaiCreator.client.auth.getSession();
    const user = await call(data.session!.access_token);
    expect([user.status, await user.json()]).toEqual([403, { code: 'send_emails_forbidden', error: 'Only the scheduler can send the notification e-mails' }]);
    // The gateway refuses a request without a token before the function runs.
    expect((await call(null)).status).toBe(401);
    const get = await call(backend.serviceKey, 'GET');
    expect([get.status, await get.json()]).toEqual([405, { code: 'method_not_allowed', error: 'Use POST' }]);

    expect(smtp.received.length).toBe(before);
    expect(await waiting(thaiCreator)).toEqual([{ claimed: false }]);
  });

  it('to send without SMTP settings, as hosted Supabase before its secrets are set: 503 email_not_configured, nothing claimed', async () => {
    const { brand, thaiCreator } = await people();
    const brief = await briefJoinedBy(brand, 'Cool season', thaiCreator);
    await rejectVideoOf(brand, thaiCreator, brief);
    const answer = await sendEmails(
      new Request(`${backend.url}/functions/v1/send-emails`, { method: 'POST', headers: { Authorization: `Bearer ${backend.serviceKey}` } }),
      { supabaseUrl: backend.url, publishableKey: backend.publishableKey, secretKey: backend.secretKey, serviceKeys: [backend.secretKey, backend.serviceKey], get: () => undefined, fetch },
    );
    expect(answer.status).toBe(503);
    expect(await answer.json()).toEqual({
      code: 'email_not_configured',
      error: 'Sending e-mail is not configured: set SMTP_HOST, APP_URL (the address of the app, for the links)',
    });
    // The e-mail left waiting is still unclaimed: the scheduler sends it now, with the brand's.
    expect(await waiting(thaiCreator)).toEqual([{ claimed: false }]);
    const before = mailsTo(thaiCreator).length;
    expect(await runAsScheduler()).toEqual({ sent: 2, failed: 0 });
    expect(mailsTo(thaiCreator).length).toBe(before + 1);
    expect(mailsTo(thaiCreator)[before].text).toContain('Cool season');
  });
});

describe("the local server's e-mail timer", () => {
  it('calls send-emails every NOTIFICATION_EMAIL_INTERVAL_SEC; without SMTP the e-mails land in the mailbox (/_mailbox)', async () => {
    const local = await startBackend({ env: { NOTIFICATION_EMAIL_INTERVAL_SEC: '1' } });
    try {
      const creator = await createUser(local, 'creator');
      await local.server.db.query(`select private.notify($1, 'payout_sent', '{"net_satang": 50000, "month": "2026-10-01", "paid_on": "2026-11-05"}'::jsonb)`, [creator.id]);
      await vi.waitFor(() => expect(local.mailbox.messages.filter((mail) => mail.to === creator.email)).toHaveLength(1), { timeout: 15_000, interval: 200 });
      const [mail] = local.mailbox.messages;
      expect(mail.subject).toBe('Payout sent');
      expect(mail.text).toContain(`${local.url}/`);
    } finally {
      await local.stop();
    }
  }, 60_000);
});
