import { describe, expect, it } from 'vitest';
import demoThai from '../demo-texts.th.json' with { type: 'json' };
import { renderEmail, renderNotification, withDemoTexts } from './render.ts';

/**
 * Issue 33 (13): a notification about a demo row (supabase/seed.sql) reads in the reader's
 * language, as the demo rows do on the pages. params.demo (written by private.notify) names the
 * params that hold a demo text; nothing else is ever translated.
 */
const approved = {
  video: 'a2000000-0000-4000-8000-000000000001',
  title: 'Sunscreen test: a full day at the beach',
  brief: 'b1000000-0000-4000-8000-000000000001',
  brief_title: 'Skincare Product Review',
  auto: false,
};

describe('a demo row in a notification', () => {
  it('reads in Thai for a Thai reader, in English for an English one', () => {
    const params = { ...approved, demo: ['title', 'brief_title'] };
    const thai = renderNotification('th', 'video_approved', params);
    expect(thai.body).toContain(demoThai['Sunscreen test: a full day at the beach']);
    expect(thai.body).toContain(demoThai['Skincare Product Review']);
    expect(thai.body).not.toMatch(/Sunscreen|Skincare/);
    const english = renderNotification('en', 'video_approved', params);
    expect(english.body).toContain('Sunscreen test: a full day at the beach');
    expect(english.body).toContain('Skincare Product Review');
  });

  it('translates only the params it names: a real video on a demo campaign keeps its own title', () => {
    const thai = renderNotification('th', 'video_approved', { ...approved, title: 'Sunscreen test: a full day at the beach', demo: ['brief_title'] });
    expect(thai.body).toContain('Sunscreen test: a full day at the beach');
    expect(thai.body).toContain(demoThai['Skincare Product Review']);
  });

  it('never translates what people wrote, even when it reads like a demo text', () => {
    // A real campaign titled as a demo one: no params.demo, so it stays as its brand wrote it.
    const thai = renderNotification('th', 'creator_joined', { brief: approved.brief, brief_title: 'Skincare Product Review', creator_name: 'Mint' });
    expect(thai.body).toContain('Skincare Product Review');
  });

  it('ignores a params.demo that names anything but a title, or is not a list', () => {
    const named = { ...approved, creator_name: 'Skincare Product Review', demo: ['creator_name', 'reason', 42, null] };
    expect(withDemoTexts(named, 'th')).toEqual(named);
    const notAList = { ...approved, demo: 'title' };
    expect(withDemoTexts(notAList, 'th')).toEqual(notAList);
    const review = renderNotification('th', 'review_waiting', { ...approved, creator_name: 'Skincare Product Review', auto_approve_at: '2026-11-30T14:30:35+00:00', demo: ['creator_name'] });
    expect(review.body).toContain('Skincare Product Review');
  });

  it('leaves a title that is no demo text, or an inherited property name, as written', () => {
    for (const title of ['A title nobody translated', 'constructor', 'toString', '__proto__']) {
      const thai = renderNotification('th', 'video_approved', { ...approved, title, demo: ['title'] });
      expect(thai.body).toContain(title);
    }
    expect(withDemoTexts({ title: 12, demo: ['title'] }, 'th')).toEqual({ title: 12, demo: ['title'] });
  });

  it('reads in Thai in a Thai e-mail, and in English in an English one', () => {
    const item = { params: { ...approved, creator_name: 'Nalinee Chaiyaporn', auto_approve_at: '2026-11-30T14:30:35+00:00', demo: ['title', 'brief_title'] }, created_at: '2026-11-27T14:30:35Z' };
    const thai = renderEmail('th', 'review_waiting', [item], 'http://127.0.0.1:3000');
    expect(thai.text).toContain(demoThai['Sunscreen test: a full day at the beach']);
    expect(thai.html).toContain(demoThai['Skincare Product Review']);
    expect(thai.text).not.toContain('Skincare Product Review');
    const english = renderEmail('en', 'review_waiting', [item], 'http://127.0.0.1:3000');
    expect(english.text).toContain('Skincare Product Review');
  });
});
