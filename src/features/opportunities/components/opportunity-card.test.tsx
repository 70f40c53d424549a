import { screen } from '@testing-library/react';
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
    expect(card).toHaveTextContent('You earn ฿5 per 1,000 counted views');
    expect(card).toHaveTextContent('฿3,200 left of ฿5,000');
    expect(card).not.toHaveTextContent('Budget reached');
    screen.getByRole('button', { name: 'Join: Skincare Product Review' }).click();
    expect(onJoin).toHaveBeenCalledOnce();
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

  it('shows a creator who already joined as Joined, budget reached or not', async () => {
    await renderPage(<OpportunityCard brief={reached} viewer="creator" onRead={() => {}} join={{ joined: true, pending: false, onJoin: () => {} }} />);
    expect(await screen.findByRole('button', { name: 'Joined' })).toBeDisabled();
    expect(screen.queryByText('This campaign has used up its budget and takes no new creators.')).not.toBeInTheDocument();
  });

  it('tells the owning brand what it pays as well, and shows no budget line without a budget', async () => {
    await renderPage(<OpportunityCard brief={brief()} viewer="owner" onRead={() => {}} />);
    const card = await screen.findByRole('article', { name: 'Skincare Product Review' });
    expect(card).toHaveTextContent('You pay ฿10 per 1,000 counted views; creators earn ฿5');
    expect(card).not.toHaveTextContent('left of');
  });

  it('another brand sees what creators earn, in Thai too', async () => {
    await renderPage(<OpportunityCard brief={reached} viewer="other" onRead={() => {}} />, { language: 'th' });
    const card = await screen.findByRole('article', { name: 'Skincare Product Review' });
    expect(card).toHaveTextContent('ครีเอเตอร์ได้รับ ฿5 ต่อ 1,000 วิวที่นับ');
    expect(card).toHaveTextContent('ใช้งบครบแล้ว');
  });

  it('shows what is left in Thai', async () => {
    await renderPage(<OpportunityCard brief={budgeted} viewer="creator" onRead={() => {}} />, { language: 'th' });
    expect(await screen.findByText('เหลือ ฿3,200 จากงบ ฿5,000')).toBeInTheDocument();
  });
});
