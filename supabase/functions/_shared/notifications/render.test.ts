import { describe, expect, it } from 'vitest';
import { emailTypes, notificationTypes, renderEmail, renderNotification, type NotificationLanguage } from './render.ts';
import { sampleParams } from './samples.ts';
import en from './texts.en.json' with { type: 'json' };
import th from './texts.th.json' with { type: 'json' };

const flatten = (value: object, prefix = ''): [string, string][] =>
  Object.entries(value).flatMap(([key, child]) => (child && typeof child === 'object' ? flatten(child, `${prefix}${key}.`) : [[`${prefix}${key}`, String(child)]]));

const placeholders = (text: string) => [...text.matchAll(/\{\{(\w+)\}\}/g)].map((match) => match[1]).sort();

describe('notification texts', () => {
  it('English and Thai have the same keys and the same placeholders in each', () => {
    const english = new Map(flatten(en));
    const thai = new Map(flatten(th));
    expect([...thai.keys()].sort()).toEqual([...english.keys()].sort());
    for (const [key, text] of english) expect(placeholders(thai.get(key)!), key).toEqual(placeholders(text));
  });

  it('every type has its texts, and the Thai ones are Thai', () => {
    for (const type of notificationTypes) {
      expect(en.types[type].title, type).toBeTruthy();
      expect(th.types[type].title, type).toMatch(/[\u0E00-\u0E7F]/);
    }
  });

  it('uses แคมเปญ for a campaign and no ของคุณ', () => {
    const thai = flatten(th).map(([, text]) => text);
    expect(thai.filter((text) => text.includes('ของคุณ') || text.includes('โอกาสร่วมงาน'))).toEqual([]);
  });
});

describe('renderNotification', () => {
  it.each(notificationTypes.flatMap((type) => (['en', 'th'] as NotificationLanguage[]).map((lang) => [type, lang] as const)))(
    '%s renders in %s with nothing left to fill',
    (type, lang) => {
      const rendered = renderNotification(lang, type, sampleParams[type]);
      expect(rendered.title).toBe((lang === 'en' ? en : th).types[type].title);
      expect(rendered.body).not.toMatch(/\{\{|\}\}|undefined|null|NaN/);
      expect(rendered.link).toMatch(/^\/dashboard/);
    },
  );

  it('formats money, dates, timestamps and months in each language', () => {
    expect(renderNotification('en', 'payout_sent', sampleParams.payout_sent).body).toBe('We sent you ฿1,607.89 for November 2026 on Dec 3, 2026. Reference: KB-0042');
    expect(renderNotification('th', 'payout_sent', sampleParams.payout_sent).body).toBe('ยอด ฿1,607.89 ของเดือนพฤศจิกายน 2569 เข้าบัญชีรับเงินแล้วเมื่อ 3 ธ.ค. 2569 เลขอ้างอิง: KB-0042');
    expect(renderNotification('en', 'brief_deadline_near', sampleParams.brief_deadline_near).body).toContain('Nov 25, 2026');
    expect(renderNotification('th', 'brief_deadline_near', sampleParams.brief_deadline_near).body).toContain('25 พ.ย. 2569');
    // 10:05 UTC is 17:05 in Bangkok, wherever this runs.
    expect(renderNotification('en', 'review_waiting', sampleParams.review_waiting).body).toContain('Nov 25, 2026, 5:05 PM');
    expect(renderNotification('th', 'review_waiting', sampleParams.review_waiting).body).toContain('25 พ.ย. 2569 17:05 น.');
    expect(renderNotification('th', 'statement_ready', sampleParams.statement_ready).body).toBe('ใบสรุปยอดเดือนพฤศจิกายน 2569 พร้อมแล้ว รายได้ ฿1,607.89');
  });

  it('translates the review reason and shows the brand’s note as given', () => {
    const params = { ...sampleParams.video_rejected, reason: 'missing_disclosure', note: 'Add #ad please' };
    expect(renderNotification('en', 'video_rejected', params).body).toBe('“Morning routine” was rejected for Skincare Review. Reason: Missing ad disclosure. The brand\'s note: “Add #ad please”');
    expect(renderNotification('th', 'video_rejected', params).body).toBe('“Morning routine” (แคมเปญ Skincare Review) ไม่ได้รับอนุมัติ เหตุผล: ไม่ได้ระบุว่าเป็นโฆษณา หมายเหตุจากแบรนด์: “Add #ad please”');
    expect(renderNotification('en', 'video_rejected', sampleParams.video_rejected).body).toBe('“Morning routine” was rejected for Skincare Review. Reason: Off brief.');
  });

  it('translates fraud signals, and picks the variant a param asks for', () => {
    expect(renderNotification('en', 'fraud_signal', sampleParams.fraud_signal).body).toBe('“Morning routine” by Nok: View jump, Low engagement.');
    expect(renderNotification('th', 'fraud_signal', sampleParams.fraud_signal).body).toContain('วิวพุ่งผิดปกติ');
    expect(renderNotification('en', 'video_approved', { ...sampleParams.video_approved, auto: true }).body).toContain('approved automatically');
    expect(renderNotification('en', 'tiktok_revoked', { reason: 'refresh_failed' }).body).toContain('no longer accepts');
  });

  it('links to the thing it is about', () => {
    expect(renderNotification('en', 'creator_joined', sampleParams.creator_joined).link).toBe('/dashboard/opportunities?brief=b1');
    expect(renderNotification('en', 'review_waiting', sampleParams.review_waiting).link).toBe('/dashboard/brand');
    expect(renderNotification('en', 'tiktok_expiring', sampleParams.tiktok_expiring).link).toBe('/dashboard/settings?tab=integrations');
  });

  it('never throws: an unknown type or missing params read as "Something changed"', () => {
    const generic = { title: 'Something changed', body: "Open your dashboard to see what's new.", link: '/dashboard' };
    expect(renderNotification('en', 'new_kind_of_event', {})).toEqual(generic);
    expect(renderNotification('en', 'payout_sent', {})).toEqual(generic);
    expect(renderNotification('en', 'statement_ready', { month: 'soon', earning_satang: 1 })).toEqual(generic);
    expect(renderNotification('en', 'review_waiting', { ...sampleParams.review_waiting, auto_approve_at: 'not a time' })).toEqual(generic);
    expect(renderNotification('en', 'fraud_signal', { ...sampleParams.fraud_signal, signals: 'view_jump' })).toEqual(generic);
    expect(renderNotification('en', 'video_unavailable', null)).toEqual(generic);
    expect(renderNotification('th', 'video_unavailable', []).title).toBe('มีความเคลื่อนไหวใหม่');
  });

  it('names a video without a title and a pitch (no campaign) instead of giving up', () => {
    const pitch = { ...sampleParams.review_waiting, title: null, brief: null, brief_title: null };
    expect(renderNotification('en', 'review_waiting', pitch).body).toMatch(/sent “Untitled video” for a pitch\./);
    expect(renderNotification('th', 'review_waiting', pitch).body).toContain('“วิดีโอไม่มีชื่อ”');
    expect(renderNotification('th', 'review_waiting', pitch).body).toContain('“วิดีโอไม่มีชื่อ” (วิดีโอเสนอ) มาให้ตรวจ');
    expect(renderNotification('th', 'review_waiting', pitch).body).not.toContain('แคมเปญ');
  });

  it('says an approved pitch earns nothing, never that its views now count', () => {
    const pitch = { ...sampleParams.video_approved, brief: null, brief_title: null };
    for (const language of ['en', 'th'] as const) {
      const campaign = renderNotification(language, 'video_approved', sampleParams.video_approved).body;
      const approvedPitch = renderNotification(language, 'video_approved', { ...pitch, auto: true }).body;
      expect(approvedPitch, language).not.toBe(campaign);
      expect(approvedPitch, language).not.toMatch(/now count|เริ่มนับ/);
    }
    expect(renderNotification('en', 'video_approved', pitch).body).toContain('A pitch earns nothing');
    expect(renderNotification('th', 'video_approved', pitch).body).toContain('วิดีโอเสนอไม่มีรายได้');
    expect(renderNotification('th', 'video_approved', sampleParams.video_approved).body).toMatch(/^“.+” \(แคมเปญ .+\) ได้รับอนุมัติแล้ว ยอดวิวเริ่มนับแล้ว$/);
  });
});

describe('renderEmail', () => {
  const appUrl = 'https://app.viewpact.test/';
  const one = (type: (typeof emailTypes)[number]) => [{ params: sampleParams[type], created_at: '2026-11-22T03:00:00Z' }];

  it.each(emailTypes.flatMap((type) => (['en', 'th'] as NotificationLanguage[]).map((lang) => [type, lang] as const)))('%s e-mails in %s', (type, lang) => {
    const email = renderEmail(lang, type, one(type), appUrl);
    expect(email.subject).toBe((lang === 'en' ? en : th).email.subjects[type].one);
    for (const part of [email.subject, email.text, email.html]) expect(part).not.toMatch(/\{\{|undefined/);
    expect(email.text).toContain(renderNotification(lang, type, sampleParams[type]).body);
    expect(email.text).toContain(`https://app.viewpact.test${renderNotification(lang, type, sampleParams[type]).link}`);
    expect(email.text).toContain('https://app.viewpact.test/dashboard/settings?tab=notifications');
    expect(email.html).toContain('href="https://app.viewpact.test/dashboard/settings?tab=notifications"');
  });

  it('gives a batch one subject with the count, and every item', () => {
    const items = [
      { params: { ...sampleParams.review_waiting, title: 'First' }, created_at: '2026-11-22T03:00:00Z' },
      { params: { ...sampleParams.review_waiting, title: 'Second' }, created_at: '2026-11-22T04:00:00Z' },
      { params: { ...sampleParams.review_waiting, title: 'Third' }, created_at: '2026-11-22T05:00:00Z' },
    ];
    const english = renderEmail('en', 'review_waiting', items, appUrl);
    expect(english.subject).toBe('3 videos are waiting for your review');
    expect(english.text).toContain('“First”');
    expect(english.text).toContain('“Third”');
    expect(english.text.match(/Open in ViewPact: /g)).toHaveLength(3);
    expect(english.text).toContain('You can switch these e-mails off in Settings → Notifications: https://app.viewpact.test/dashboard/settings?tab=notifications');
    expect(renderEmail('th', 'review_waiting', items, appUrl).subject).toBe('มีวิดีโอรอตรวจ 3 รายการ');
  });

  it('greets and signs off in Thai, as Thai services write; the English e-mail has neither', () => {
    const thai = renderEmail('th', 'payout_sent', one('payout_sent'), appUrl);
    expect(thai.text.split('\n').slice(0, 3)).toEqual(['ได้รับยอดโอนแล้ว', '', 'สวัสดี']);
    expect(thai.text).toContain('\nทีมงาน ViewPact\n\n--\n');
    expect(thai.html).toContain('<h1 style="margin:0 0 16px;font-size:20px">ได้รับยอดโอนแล้ว</h1>\n<p style="margin:0 0 16px">สวัสดี</p>');
    expect(thai.html).toContain('<p style="margin:16px 0 0">ทีมงาน ViewPact</p>');
    const english = renderEmail('en', 'payout_sent', one('payout_sent'), appUrl);
    expect(english.text.split('\n').slice(0, 3)).toEqual(['Payout sent', '', 'Payout sent']);
    expect(english.text).toContain('\n\n--\nYou can switch these e-mails off');
    expect(english.html).not.toContain('<p style="margin:0 0 16px">');
  });

  it('escapes what users wrote in the HTML, and keeps it as written in the text', () => {
    const params = { ...sampleParams.video_rejected, title: '<script>alert(1)</script>', brief_title: 'Tom & Jerry "live"', note: "<img src=x onerror='x'>" };
    const email = renderEmail('en', 'video_rejected', [{ params, created_at: '2026-11-22T03:00:00Z' }], appUrl);
    expect(email.html).not.toContain('<script>');
    expect(email.html).not.toContain('<img');
    expect(email.html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(email.html).toContain('Tom &amp; Jerry &quot;live&quot;');
    expect(email.html).toContain('&lt;img src=x onerror=&#39;x&#39;&gt;');
    expect(email.text).toContain('<script>alert(1)</script>');
  });
});
