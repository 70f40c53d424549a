import { cleanup, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { brief } from '@/testing/data';
import { renderPage } from '@/testing/render';
import { OpportunityCard } from './opportunity-card';

const budgeted = brief({ budget_satang: 500_000, budget_remaining_satang: 320_000, budget_reached: false });
const reached = brief({ budget_satang: 500_000, budget_remaining_satang: 0, budget_reached: true });

describe('OpportunityCard', () => {
  it('tells a creator what they earn per 1,000 counted views and what is left of the budget', async () => {
    const onJoin = vi.fn();
    await renderPage(<OpportunityCard brief={budgeted} viewer="creator" onRead={() => {}} join={{ joined: false, pending: false, onJoin }} />);
    const card = await screen.findByRole('article', { name: 'Skincare Product Review' });
    expect(card).toHaveTextContent('You earn ฿5.00 per 1,000 counted views');
    expect(card).toHaveTextContent('฿3,200.00 left of ฿5,000.00');
    expect(card).not.toHaveTextContent('Budget reached');
    screen.getByRole('button', { name: 'Join: Skincare Product Review' }).click();
    expect(onJoin).toHaveBeenCalledOnce();
  });

  it('opens to the brand that owns it the creators who joined, from "N creators joined"; a creator reads it as text', async () => {
    const joinedTwo = brief({ joined_count: 2 });
    await renderPage(<OpportunityCard brief={joinedTwo} viewer="owner" onRead={() => {}} />);
    const card = await screen.findByRole('article', { name: 'Skincare Product Review' });
    expect(within(card).getByRole('link', { name: '2 creators joined' })).toHaveAttribute('href', `/dashboard/creators?brief=${joinedTwo.id}`);
    cleanup();
    await renderPage(<OpportunityCard brief={joinedTwo} viewer="creator" onRead={() => {}} />);
    const seen = await screen.findByRole('article', { name: 'Skincare Product Review' });
    expect(seen).toHaveTextContent('2 creators joined');
    expect(within(seen).queryByRole('link', { name: '2 creators joined' })).not.toBeInTheDocument();
    // Nobody joined yet: nothing to open.
    cleanup();
    await renderPage(<OpportunityCard brief={brief({ joined_count: 0 })} viewer="owner" onRead={() => {}} />);
    expect(within(await screen.findByRole('article', { name: 'Skincare Product Review' })).queryByRole('link', { name: /creators joined/ })).not.toBeInTheDocument();
  });

  it('shows a brand without a logo by its initials: GL, or a Thai name’s words’ first consonants (แพรวา บิวตี้ → พบ, never พร from inside แพรวา)', async () => {
    await renderPage(<OpportunityCard brief={budgeted} viewer="creator" onRead={() => {}} />);
    expect(within(await screen.findByRole('article', { name: 'Skincare Product Review' })).getByText('GL')).toBeInTheDocument();
    await renderPage(<OpportunityCard brief={brief({ id: 'b1000000-0000-4000-8000-000000000077', title: 'ลองครีมใหม่', brand_name: 'แพรวา บิวตี้' })} viewer="creator" onRead={() => {}} />);
    expect(within(await screen.findByRole('article', { name: 'ลองครีมใหม่' })).getByText('พบ')).toBeInTheDocument();
  });

  it('says Budget reached and keeps a creator from joining, with the reason', async () => {
    const onJoin = vi.fn();
    await renderPage(<OpportunityCard brief={reached} viewer="creator" onRead={() => {}} join={{ joined: false, pending: false, onJoin }} />);
    const card = await screen.findByRole('article', { name: 'Skincare Product Review' });
    expect(card).toHaveTextContent('Budget reached');
    expect(card).not.toHaveTextContent('left of');
    const join = screen.getByRole('button', { name: 'Join: Skincare Product Review' });
    expect(join).toBeDisabled();
    expect(join).toHaveAccessibleDescription('This campaign has used up its budget and takes no new creators.');
  });

  it('after joining, offers the next step at once: add a video to this campaign, and leave', async () => {
    await renderPage(<OpportunityCard brief={reached} viewer="creator" onRead={() => {}} join={{ joined: true, pending: false, onJoin: () => {} }} />);
    const card = await screen.findByRole('article', { name: 'Skincare Product Review' });
    expect(within(card).getByRole('button', { name: 'Joined' })).toBeDisabled();
    expect(within(card).getByRole('link', { name: 'Add your video to this campaign: Skincare Product Review' })).toHaveAttribute(
      'href',
      `/dashboard/videos?tab=campaign&brief=${reached.id}`,
    );
    expect(screen.getByRole('button', { name: 'Leave: Skincare Product Review' })).toBeEnabled();
    expect(screen.queryByRole('button', { name: /^Join:/ })).not.toBeInTheDocument();
    expect(screen.queryByText('This campaign has used up its budget and takes no new creators.')).not.toBeInTheDocument();
  });

  it('shows a joined campaign that is no longer open as Joined, with no video to add', async () => {
    await renderPage(<OpportunityCard brief={brief({ status: 'closed' })} viewer="creator" onRead={() => {}} join={{ joined: true, pending: false, onJoin: () => {} }} />);
    expect(await screen.findByRole('button', { name: 'Joined' })).toBeDisabled();
    expect(screen.queryByRole('link', { name: /Add your video/ })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Leave: Skincare Product Review' })).toBeInTheDocument();
  });

  it('makes the creator’s pay the headline and reads the reward as the brand’s bonus, or Negotiable', async () => {
    const { unmount } = await renderPage(<OpportunityCard brief={brief()} viewer="creator" onRead={() => {}} />);
    const card = await screen.findByRole('article', { name: 'Skincare Product Review' });
    expect(screen.getByText('You earn ฿5.00 per 1,000 counted views')).toHaveClass('font-bold');
    expect(card).toHaveTextContent('Bonus from the brand: ฿2,000 – ฿5,000');
    unmount();
    await renderPage(<OpportunityCard brief={brief({ reward: null })} viewer="creator" onRead={() => {}} />, { language: 'th' });
    const thai = await screen.findByRole('article', { name: 'Skincare Product Review' });
    expect(thai).toHaveTextContent('ต่อรองได้');
    expect(thai).not.toHaveTextContent('โบนัสจากแบรนด์');
  });

  it('says when the brand last changed the brief and what, in both languages', async () => {
    const edited = brief({ edited_at: '2026-12-03T09:00:00Z', edited_fields: ['deadline', 'budget'] });
    const { unmount } = await renderPage(<OpportunityCard brief={edited} viewer="creator" onRead={() => {}} />);
    expect(await screen.findByText('Updated Dec 3, 2026: deadline, budget')).toBeInTheDocument();
    unmount();
    await renderPage(<OpportunityCard brief={edited} viewer="creator" onRead={() => {}} />, { language: 'th' });
    expect(await screen.findByText(/^อัปเดต 3 ธ\.ค\. 2569: กำหนดส่ง.*งบ$/)).toBeInTheDocument();
  });

  it('offers the owning brand Edit beside status and budget', async () => {
    await renderPage(<OpportunityCard brief={brief()} viewer="owner" onRead={() => {}} manage={{ pending: false, onStatus: () => {} }} />);
    expect(await screen.findByRole('button', { name: 'Edit: Skincare Product Review' })).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'Status of Skincare Product Review' })).toHaveValue('open');
  });

  it('tells the owning brand what it pays as well, and shows no budget line without a budget', async () => {
    await renderPage(<OpportunityCard brief={brief()} viewer="owner" onRead={() => {}} />);
    const card = await screen.findByRole('article', { name: 'Skincare Product Review' });
    expect(card).toHaveTextContent('You pay ฿10.00 per 1,000 counted views; creators earn ฿5.00');
    expect(card).not.toHaveTextContent('left of');
  });

  it('another brand sees what creators earn, in Thai too', async () => {
    await renderPage(<OpportunityCard brief={reached} viewer="other" onRead={() => {}} />, { language: 'th' });
    const card = await screen.findByRole('article', { name: 'Skincare Product Review' });
    expect(card).toHaveTextContent('ครีเอเตอร์ได้รับ ฿5.00 ต่อ 1,000 วิวที่นับ');
    expect(card).toHaveTextContent('ใช้งบครบแล้ว');
  });

  it('shows what is left in Thai', async () => {
    await renderPage(<OpportunityCard brief={budgeted} viewer="creator" onRead={() => {}} />, { language: 'th' });
    expect(await screen.findByText('เหลือ ฿3,200.00 จากงบ ฿5,000.00')).toBeInTheDocument();
  });
});
