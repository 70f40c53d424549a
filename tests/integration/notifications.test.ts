/**
 * Notifications (issue 16): each event is written by the action that causes it, for the right
 * recipient only; nobody reads or marks another's; the clock's events come once; e-mails go at
 * most once per type and recipient an hour, the rest batched, in the recipient's language.
 */
import type { SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { callSendEmails } from '../../server/functions/scheduled';
import { startBackend, type TestBackend } from './helpers/backend';
import { createUser, type TestUser } from './helpers/users';
import { addSnapshot, hoursAgo, insertVideo, updateReview } from './helpers/videos';
import { closeMonth } from './helpers/close-month';

let backend: TestBackend;
let service: SupabaseClient;
let brand: TestUser, otherBrand: TestUser, creator: TestUser, otherCreator: TestUser, admin: TestUser;
/** The TikTok username `creator` proved, which its videos are posted under. */
let creatorHandle: string;
let n = 0;

type Row = { id: number; type: string; params: Record<string, unknown>; read_at: string | null };

/** What `who` reads of their notifications, newest first, as the app lists them. */
async function inbox(who: TestUser): Promise<Row[]> {
  const { data, error } = await who.client
    .from('notifications')
    .select('id, type, params, created_at, read_at')
    .order('created_at', { ascending: false })
    .order('id', { ascending: false });
  if (error) throw new Error(error.message);
  return data as Row[];
}

/** The notifications of `type` that `who` got since `after` (an id). */
const got = async (who: TestUser, type: string, after = 0) => (await inbox(who)).filter((row) => row.type === type && row.id > after);

/** Every notification, as the service role sees them: for asserting who did not get one. */
async function everyone(type: string, after = 0) {
  const { data } = await service.from('notifications').select('id, recipient_id, type, params').eq('type', type).gt('id', after).order('id');
  return (data ?? []) as (Row & { recipient_id: string })[];
}

const lastId = async () => {
  const { data } = await service.from('notifications').select('id').order('id', { ascending: false }).limit(1);
  return (data?.[0]?.id as number | undefined) ?? 0;
};

const inDays = (days: number) => new Date(Date.now() + days * 86_400_000 + 7 * 3_600_000).toISOString().slice(0, 10);

async function newBrief(title: string, extra: Record<string, unknown> = {}): Promise<string> {
  const { data, error } = await service
    .from('brand_briefs')
    .insert({ brand_id: brand.id, title, description: `About ${title}`, created_at: hoursAgo(24 * 60).toISOString(), ...extra })
    .select('id')
    .single();
  if (error) throw new Error(error.message);
  return data.id as string;
}

async function join(who: TestUser, brief: string) {
  const { error } = await who.client.from('creator_brand_connections').insert({ creator_id: who.id, brand_brief_id: brief });
  if (error) throw new Error(error.message);
}

const linkedVideo = (brief: string, views = 1_000, extra: { postedAt?: Date; who?: TestUser; author?: string } = {}) =>
  insertVideo(backend, { creator: extra.who ?? creator, n: ++n, postedAt: extra.postedAt ?? hoursAgo(2), views, brief, brand: brand.id, author: extra.author ?? creatorHandle });

beforeAll(async () => {
  backend = await startBackend();
  service = backend.service();
  [otherBrand, otherCreator, admin] = await Promise.all([createUser(backend, 'brand'), createUser(backend, 'creator'), createUser(backend, 'admin')]);
}, 60_000);
// Each test's own brand and creator, whose inboxes, settings and TikTok connection it changes.
beforeEach(async () => {
  creatorHandle = `notify.creator${++n}`;
  [brand, creator] = await Promise.all([createUser(backend, 'brand'), createUser(backend, 'creator', { tiktok_username: creatorHandle })]);
});
afterAll(() => backend?.stop());

describe('reviews', () => {
  it('tells the brand a video waits for review, and the creator the decision with the reason', async () => {
    const before = await lastId();
    const brief = await newBrief('Noodle week');
    await join(creator, brief);
    const video = await linkedVideo(brief);

    const waiting = await got(brand, 'review_waiting', before);
    expect(waiting).toHaveLength(1);
    expect(waiting[0].params).toMatchObject({ video, brief, brief_title: 'Noodle week', title: null, auto_approve_at: expect.any(String) });
    expect(waiting[0].params.creator_name).toBeTruthy();
    expect(waiting[0].read_at).toBeNull();

    const { error } = await brand.client.rpc('review_video', { p_video: video, p_decision: 'reject', p_reason: 'missing_disclosure', p_note: 'Turn on the branded content switch' });
    expect(error).toBeNull();
    const rejected = await got(creator, 'video_rejected', before);
    expect(rejected).toHaveLength(1);
    expect(rejected[0].params).toMatchObject({ video, brief, brief_title: 'Noodle week', reason: 'missing_disclosure', note: 'Turn on the branded content switch' });
    // Nobody else heard of it.
    expect((await everyone('video_rejected', before)).map((row) => row.recipient_id)).toEqual([creator.id]);
    expect((await everyone('review_waiting', before)).map((row) => row.recipient_id)).toEqual([brand.id]);
  });

  it('tells the creator of an approval, by the brand or by the 72-hour clock', async () => {
    const before = await lastId();
    const brief = await newBrief('Curry launch');
    await join(creator, brief);
    const byBrand = await linkedVideo(brief);
    const byClock = await linkedVideo(brief);
    expect((await brand.client.rpc('review_video', { p_video: byBrand, p_decision: 'approve' })).error).toBeNull();
    await updateReview(backend, byClock, { submitted_at: hoursAgo(73).toISOString() });
    expect((await service.rpc('settle_reviews')).data).toBeGreaterThanOrEqual(1);

    const approved = await got(creator, 'video_approved', before);
    expect(approved.map((row) => [row.params.video, row.params.auto])).toEqual(
      expect.arrayContaining([
        [byBrand, false],
        [byClock, true],
      ]),
    );
    expect(approved).toHaveLength(2);
    expect(await everyone('video_approved', before)).toHaveLength(2);
  });
});

describe('who reads and marks what', () => {
  it('shows a person only their own notifications, through any filter', async () => {
    await join(creator, await newBrief('Read me'));
    const theirs = await inbox(brand);
    expect(theirs.length).toBeGreaterThan(0);
    const { data } = await creator.client.from('notifications').select('id, recipient_id').eq('recipient_id', brand.id);
    expect(data).toEqual([]);
    expect((await creator.client.from('notifications').select('id').in('id', theirs.map((row) => row.id))).data).toEqual([]);
    const anon = await backend.client().from('notifications').select('id');
    // Nobody signed in holds no grant on the table at all.
    expect(anon.error).toMatchObject({ code: '42501' });
    expect(anon.data).toBeNull();
    // The once_key column is not the client's to read.
    expect((await brand.client.from('notifications').select('once_key')).error).not.toBeNull();
  });

  it("writes nothing from a client: no insert, update or delete, not even one's own", async () => {
    await backend.server.db.query(`select private.notify($1, 'payout_sent', '{"net_satang": 50000, "month": "2026-10-01", "paid_on": "2026-11-05"}'::jsonb)`, [creator.id]);
    const mine = (await inbox(creator))[0];
    const insert = await creator.client.from('notifications').insert({ recipient_id: creator.id, type: 'payout_sent', params: { net_satang: 1 } });
    expect(insert.error).not.toBeNull();
    const update = await creator.client.from('notifications').update({ read_at: new Date().toISOString() }).eq('id', mine.id).select();
    expect(update.error).toMatchObject({ code: '42501' });
    expect(update.data).toBeNull();
    await creator.client.from('notifications').delete().eq('id', mine.id);
    expect((await inbox(creator)).find((row) => row.id === mine.id)?.read_at).toBeNull();
  });

  it("counts unread up to 10, and marks read only the caller's own", async () => {
    const count = async (who: TestUser) => (await who.client.rpc('unread_notification_count')).data as number;
    await join(creator, await newBrief('Unread'));
    const brandUnread = await count(brand);
    expect(brandUnread).toBeGreaterThan(0);
    const theirs = (await inbox(brand)).map((row) => row.id);
    // Another's ids mark nothing.
    expect((await creator.client.rpc('mark_notifications_read', { p_ids: theirs })).data).toBe(0);
    expect(await count(brand)).toBe(brandUnread);

    // Twelve joins: the count stops at 10 (the header shows "9+").
    const brief = await newBrief('Many joins');
    for (let i = 0; i < 12; i += 1) {
      const who = await createUser(backend, 'creator');
      await join(who, brief);
    }
    expect(await count(brand)).toBe(10);

    const [first] = await inbox(brand);
    expect((await brand.client.rpc('mark_notifications_read', { p_ids: [first.id] })).data).toBe(1);
    expect((await inbox(brand)).find((row) => row.id === first.id)?.read_at).not.toBeNull();
    expect((await brand.client.rpc('mark_notifications_read', { p_ids: [first.id] })).data).toBe(0);
    expect((await brand.client.rpc('mark_notifications_read', { p_ids: null })).data).toBeGreaterThan(10);
    expect(await count(brand)).toBe(0);
    expect((await inbox(brand)).every((row) => row.read_at !== null)).toBe(true);
    expect((await backend.client().rpc('unread_notification_count')).error).not.toBeNull();
    expect((await creator.client.rpc('mark_notifications_read', { p_ids: Array.from({ length: 1001 }, (_, i) => i) })).error).toMatchObject({ code: 'too_many_notifications' });
  });
});

describe('videos, briefs and budgets', () => {
  it('tells the creator when an admin stops counting a video, with the reason, and when TikTok stops showing it', async () => {
    const before = await lastId();
    const brief = await newBrief('Excluded');
    await join(creator, brief);
    const excluded = await linkedVideo(brief);
    expect((await admin.client.rpc('admin_exclude_video', { p_video: excluded, p_reason: 'Bought views' })).error).toBeNull();
    expect((await got(creator, 'video_not_counted', before)).map((row) => row.params)).toEqual([expect.objectContaining({ video: excluded, reason: 'Bought views' })]);

    const gone = await insertVideo(backend, { creator, n: ++n, postedAt: hoursAgo(3), views: 500, brief, brand: brand.id, author: creatorHandle, measuredAt: hoursAgo(2) });
    await addSnapshot(backend, gone, { at: hoursAgo(1), available: false });
    await addSnapshot(backend, gone, { at: new Date(), available: false });
    expect((await got(creator, 'video_unavailable', before)).map((row) => row.params.video)).toEqual([gone]);
    expect((await everyone('video_not_counted', before)).length + (await everyone('video_unavailable', before)).length).toBe(2);
  });

  it('tells the brand who joined, and the creators who joined when the brief closes', async () => {
    const before = await lastId();
    const brief = await newBrief('Closing soon');
    await join(creator, brief);
    await join(otherCreator, brief);
    expect((await got(brand, 'creator_joined', before)).map((row) => row.params.brief)).toEqual([brief, brief]);
    expect(await got(otherBrand, 'creator_joined', before)).toEqual([]);

    expect((await brand.client.from('brand_briefs').update({ status: 'closed' }).eq('id', brief)).error).toBeNull();
    const closed = await everyone('brief_closed', before);
    expect(closed.map((row) => row.recipient_id).sort()).toEqual([creator.id, otherCreator.id].sort());
    expect(closed[0].params).toMatchObject({ brief, brief_title: 'Closing soon' });
  });

  it('tells the brand at 80% and at 100% of the budget, and the creators at 100%, each once', async () => {
    const before = await lastId();
    // 100 baht at 10 baht per 1,000 views: 10,000 views fill it.
    const brief = await newBrief('Small budget', { budget_satang: 10_000 });
    await join(creator, brief);
    const first = await linkedVideo(brief, 8_400);
    expect((await brand.client.rpc('review_video', { p_video: first, p_decision: 'approve' })).error).toBeNull();
    const at80 = await got(brand, 'budget_80', before);
    expect(at80.map((row) => row.params)).toEqual([expect.objectContaining({ brief, budget_satang: 10_000, committed_satang: 8_400 })]);
    expect(await got(brand, 'budget_reached', before)).toEqual([]);

    await linkedVideo(brief, 5_000);
    await linkedVideo(brief, 100);
    expect((await got(brand, 'budget_reached', before)).map((row) => row.params)).toEqual([expect.objectContaining({ brief, budget_satang: 10_000 })]);
    expect((await got(creator, 'brief_budget_reached', before)).map((row) => row.params.brief)).toEqual([brief]);
    expect(await got(brand, 'budget_80', before)).toHaveLength(1);
    expect(await everyone('brief_budget_reached', before)).toHaveLength(1);
  });
});

describe('the clock', () => {
  it('writes deadline, auto-approval and TikTok expiry notices once, however often it runs', async () => {
    const before = await lastId();
    const brief = await newBrief('Ends soon', { deadline: inDays(1) });
    await newBrief('Ends later', { deadline: inDays(5) });
    await join(creator, brief);
    const video = await linkedVideo(brief);
    await updateReview(backend, video, { submitted_at: hoursAgo(61).toISOString() });
    const expires = new Date(Date.now() + 2 * 86_400_000).toISOString();
    expect((await service.from('tiktok_connections').upsert({ user_id: creator.id, is_connected: true, expires_at: expires }, { onConflict: 'user_id' })).error).toBeNull();

    expect((await creator.client.rpc('notify_due')).error).not.toBeNull();
    expect((await service.rpc('notify_due')).data).toBeGreaterThanOrEqual(3);
    expect((await service.rpc('notify_due')).data).toBe(0);

    expect((await got(creator, 'brief_deadline_near', before)).map((row) => row.params)).toEqual([expect.objectContaining({ brief, brief_title: 'Ends soon', deadline: inDays(1) })]);
    expect((await got(brand, 'review_auto_approve_soon', before)).map((row) => row.params)).toEqual([expect.objectContaining({ video, brief })]);
    expect((await got(creator, 'tiktok_expiring', before)).map((row) => new Date(row.params.expires_at as string).toISOString())).toEqual([expires]);
    expect((await everyone('brief_deadline_near', before)).map((row) => row.recipient_id)).toEqual([creator.id]);
  });

  it('tells the creator when TikTok ends the connection', async () => {
    expect((await service.from('tiktok_connections').upsert({ user_id: creator.id, is_connected: true }, { onConflict: 'user_id' })).error).toBeNull();
    const before = await lastId();
    expect((await service.rpc('tiktok_mark_revoked', { p_user: creator.id })).error).toBeNull();
    expect((await got(creator, 'tiktok_revoked', before)).map((row) => row.params)).toEqual([{ reason: 'refresh_failed' }]);
  });
});

describe('fraud signals', () => {
  it('tells every admin of a signal a video did not have before, once', async () => {
    const before = await lastId();
    // Their own account, so that the only signal is the burst of five posts in ten minutes.
    const burst = await createUser(backend, 'creator', { tiktok_username: 'ledger.creator' });
    const at = hoursAgo(3);
    for (let i = 0; i < 5; i += 1) await insertVideo(backend, { creator: burst, n: ++n, postedAt: at, views: 10 });
    const signals = await everyone('fraud_signal', before);
    // The fifth post makes a burst of all five.
    expect(signals).toHaveLength(5);
    expect(new Set(signals.map((row) => row.recipient_id))).toEqual(new Set([admin.id]));
    expect(signals[0].params).toMatchObject({ signals: ['burst_posting'], creator_name: 'First Last' });
    // Measuring again keeps the signal: no new notice.
    const count = signals.length;
    await addSnapshot(backend, signals[0].params.video as string, { at: new Date(), views: 11 });
    expect(await everyone('fraud_signal', before)).toHaveLength(count);
  });
});

describe('the monthly close and payouts', () => {
  it('tells the creator the statement is ready, the brand the invoice, the admins the payouts, and the creator the payout sent', async () => {
    const before = await lastId();
    const { data } = await service.from('brand_briefs').insert({ brand_id: brand.id, title: 'Paid', description: 'x', created_at: '2026-01-01T00:00:00Z' }).select('id').single();
    const brief = data!.id as string;
    await join(creator, brief);
    const posted = '2026-06-05T00:00:00Z';
    const video = await insertVideo(backend, { creator, n: ++n, brief, brand: brand.id, author: creatorHandle, postedAt: new Date(posted), views: 200_000, measuredAt: new Date(posted) });
    await updateReview(backend, video, { submitted_at: posted, status: 'approved', decided_at: posted });
    expect((await closeMonth(admin.client, '2026-06-01')).error).toBeNull();

    expect((await got(creator, 'statement_ready', before)).map((row) => row.params)).toEqual([{ month: '2026-06-01', earning_satang: 100_000 }]);
    expect((await got(brand, 'invoice_issued', before)).map((row) => row.params)).toEqual([{ month: '2026-06-01', charge_satang: 200_000 }]);
    expect((await got(admin, 'payouts_due', before)).map((row) => row.params)).toEqual([{ month: '2026-06-01', payouts: 1, net_satang: 97_000 }]);
    expect(await got(otherCreator, 'statement_ready', before)).toEqual([]);

    const save = await creator.client.rpc('save_payout_account', { p_method: 'promptpay', p_promptpay_id: '0812345678' });
    expect(save.error).toBeNull();
    const { data: payout } = await admin.client.from('payouts').select('id').eq('creator_id', creator.id).single();
    expect((await admin.client.rpc('mark_payout_paid', { p_payout_id: payout!.id, p_reference: 'KB555', p_paid_on: '2026-07-03' })).error).toBeNull();
    expect((await got(creator, 'payout_sent', before)).map((row) => row.params)).toEqual([
      { payout: payout!.id, month: '2026-06-01', net_satang: 97_000, reference: 'KB555', paid_on: '2026-07-03' },
    ]);
  });
});

describe('settings', () => {
  it("saves the e-mail language and switches, refusing what is not the caller's to switch", async () => {
    expect((await creator.client.rpc('notification_email_types')).data).toEqual(['video_rejected', 'statement_ready', 'payout_sent', 'brief_budget_reached']);
    expect((await brand.client.rpc('notification_email_types')).data).toEqual(['review_waiting', 'budget_reached']);
    expect((await admin.client.rpc('notification_email_types')).data).toEqual([]);

    expect((await creator.client.from('notification_settings').select('*')).data).toEqual([]);
    const saved = await creator.client.rpc('save_notification_settings', { p_language: 'th', p_email_off: ['payout_sent'] });
    expect(saved.data).toMatchObject({ user_id: creator.id, language: 'th', email_off: ['payout_sent'] });
    expect((await creator.client.rpc('save_notification_settings', { p_language: null, p_email_off: [] })).data).toMatchObject({ language: 'th', email_off: [] });

    expect((await creator.client.rpc('save_notification_settings', { p_language: 'fr', p_email_off: null })).error).toMatchObject({ code: 'language_invalid' });
    expect((await creator.client.rpc('save_notification_settings', { p_language: null, p_email_off: ['review_waiting'] })).error).toMatchObject({ code: 'notification_type_invalid' });
    expect((await creator.client.from('notification_settings').select('language, email_off')).data).toEqual([{ language: 'th', email_off: [] }]);
    // Nobody reads another's settings or writes them directly.
    expect((await brand.client.from('notification_settings').select('*').eq('user_id', creator.id)).data).toEqual([]);
    expect((await brand.client.from('notification_settings').insert({ user_id: brand.id, language: 'th' })).error).not.toBeNull();
  });
});

describe('e-mails', () => {
  let reader: TestUser, readerHandle: string;
  /** send-emails as the scheduler calls it; without SMTP the backend's mailbox receives. Answers how many went out. */
  const send = async () => (await callSendEmails((request) => fetch(request), backend.url, backend.serviceKey)).sent;
  const mailsTo = (who: TestUser) => backend.mailbox.messages.filter((mail) => mail.to === who.email);
  const rejectOne = async (brief: string) => {
    const video = await linkedVideo(brief, 100, { who: reader, author: readerHandle });
    const { error } = await brand.client.rpc('review_video', { p_video: video, p_decision: 'reject', p_reason: 'quality' });
    expect(error).toBeNull();
  };
  const anHourPasses = () => backend.server.db.query("update private.email_throttle set last_sent_at = last_sent_at - interval '61 minutes'");

  // Each test's own reader, whose settings and e-mail hours it changes.
  beforeEach(async () => {
    readerHandle = `notify.reader${++n}`;
    reader = await createUser(backend, 'creator', { tiktok_username: readerHandle });
    await reader.client.rpc('save_notification_settings', { p_language: 'th', p_email_off: null });
  });

  it("sends the first rejection at once, in the reader's language, and batches the next ones into one e-mail an hour later", async () => {
    const brief = await newBrief('Mail week');
    await join(reader, brief);
    await send();
    const before = mailsTo(reader).length;

    await rejectOne(brief);
    expect(await send()).toBeGreaterThanOrEqual(1);
    const first = mailsTo(reader).slice(0, mailsTo(reader).length - before);
    expect(first).toHaveLength(1);
    expect(first[0].text).toContain('Mail week');
    expect(first[0].text).toMatch(/[\u0E00-\u0E7F]/);
    expect(first[0].text).toContain(`${backend.url}/dashboard/settings?tab=notifications`);

    await rejectOne(brief);
    await rejectOne(brief);
    await send();
    expect(mailsTo(reader).length - before).toBe(1);

    await anHourPasses();
    await send();
    expect(mailsTo(reader).length - before).toBe(2);
    const batch = mailsTo(reader)[0];
    expect(batch.text.match(/Mail week/g)).toHaveLength(2);
    // Approvals are in-app only.
    expect(mailsTo(reader).every((mail) => mail.subject !== first[0].subject || mail.text.includes('Mail week'))).toBe(true);
  });

  it('sends nothing of a type switched off, and the next one in the language switched to', async () => {
    const brief = await newBrief('Quiet week');
    await join(reader, brief);
    await anHourPasses();
    await send();
    const before = mailsTo(reader).length;

    await reader.client.rpc('save_notification_settings', { p_language: null, p_email_off: ['video_rejected'] });
    await rejectOne(brief);
    await anHourPasses();
    await send();
    expect(mailsTo(reader).length).toBe(before);
    // In the app it is there all the same.
    expect((await got(reader, 'video_rejected')).some((row) => row.params.brief_title === 'Quiet week')).toBe(true);

    await reader.client.rpc('save_notification_settings', { p_language: 'en', p_email_off: [] });
    await rejectOne(brief);
    expect(await send()).toBe(1);
    expect(mailsTo(reader)[0].text).toContain('Quiet week');
    expect(mailsTo(reader)[0].text).not.toMatch(/[\u0E00-\u0E7F]{3}/);
  });
});
