import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { brandUser, brief, creatorUser, profileOf, video } from '@/testing/data';
import { server } from '@/testing/msw';
import { renderPage } from '@/testing/render';
import { payRates, profileRow, restError, restGet, rpc } from '@/testing/supabase';
import BrandDashboardPage from './brand-dashboard-page';
import CreatorDashboardPage from './creator-dashboard-page';

const figure = (label: string) => screen.getByRole('group', { name: label });

describe('Creator dashboard', () => {
  const creatorAnswers = ({ videos = [video()], open = [brief()] } = {}) =>
    server.use(
      profileRow(profileOf(creatorUser)),
      payRates(),
      rpc('creator_metrics', { totalViews: 12_345, totalVideos: 2, totalBrands: 1, estEarnings: 61, engagementRate: 4, estimatedVideos: 1, demoVideos: 0 }),
      restGet('video_listings', videos, { count: videos.length }),
      restGet('profiles', [{ id: brandUser.id, first_name: 'GlowLab Skincare' }], { when: (query) => query.get('user_type') === 'eq.brand' }),
      restGet('creator_brand_connections', []),
      restGet('brief_listings', open),
    );

  it('shows the figures, the add form, the open opportunities and the latest videos the API answers', async () => {
    creatorAnswers({ videos: [video(), video({ id: 'v2', video_id: '7300000000000000002', title: 'Evening walk', brand_name: 'GlowLab Skincare' })] });
    await renderPage(<CreatorDashboardPage />, { user: creatorUser });

    expect(await within(figure('Total Views')).findByText('12.3K')).toBeInTheDocument();
    expect(figure('Total Views')).toHaveTextContent('Includes 1 estimated video');
    expect(figure('Total Videos')).toHaveTextContent('2');
    expect(figure('Total Brands')).toHaveTextContent('1');
    expect(figure('Est. Earnings')).toHaveTextContent('฿61');
    // The rate comes from pay_rates(), not from the translation.
    expect(await within(figure('Est. Earnings')).findByText('Estimated at ฿5 per 1,000 campaign views')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Add TikTok Video' })).toBeInTheDocument();

    const details = await screen.findByRole('link', { name: 'View Details: Skincare Product Review' });
    expect(details).toHaveAttribute('href', `/dashboard/opportunities?brief=${brief().id}`);
    expect(screen.getByText('GlowLab Skincare · ฿2,000 – ฿5,000')).toBeInTheDocument();

    const cards = await screen.findAllByRole('article');
    expect(cards.map((card) => within(card).getByRole('heading').textContent)).toEqual(['Morning routine', 'Evening walk']);
    expect(cards[1]).toHaveTextContent('For GlowLab Skincare');
    expect(screen.getByRole('link', { name: 'View all videos' })).toHaveAttribute('href', '/dashboard/videos');
  });

  it('invites a first video when there is none, and says when nothing is open', async () => {
    creatorAnswers({ videos: [], open: [] });
    await renderPage(<CreatorDashboardPage />, { user: creatorUser });
    expect(await screen.findByText('Add your first TikTok video using the form above.')).toBeInTheDocument();
    expect(await screen.findByText('No open opportunities right now.')).toBeInTheDocument();
  });

  it('says the figures failed and shows zeros instead', async () => {
    server.use(
      profileRow(profileOf(creatorUser)),
      payRates(),
      restError('post', 'rpc/creator_metrics', 'XX000', 500),
      restGet('video_listings', [], { count: 0 }),
      restGet('profiles', [], { when: (query) => query.get('user_type') === 'eq.brand' }),
      restGet('creator_brand_connections', []),
      restGet('brief_listings', []),
    );
    await renderPage(<CreatorDashboardPage />, { user: creatorUser });
    expect(await screen.findByText('Failed to load your metrics', {}, { timeout: 10_000 })).toBeInTheDocument();
    expect(figure('Total Views')).toHaveTextContent('0');
    expect(figure('Est. Earnings')).toHaveTextContent('฿0');
  });
});

describe('Brand dashboard', () => {
  const brandAnswers = ({ first = [{ id: brief().id, title: 'Skincare Product Review', description: 'Show our serum.' }], videos = [video({ brief_title: 'Skincare Product Review' })] } = {}) =>
    server.use(
      profileRow(profileOf(brandUser)),
      payRates(),
      rpc('brand_metrics', { totalViews: 2_500_000, totalVideos: 4, totalCreators: 3, estPay: 25_000, estimatedVideos: 0, demoVideos: 0, pitchVideos: 0 }),
      restGet('video_listings', videos, { count: videos.length }),
      restGet('opportunities', first),
    );

  it('shows the figures, the brief of the first opportunity and the content made for the brand', async () => {
    brandAnswers();
    await renderPage(<BrandDashboardPage />, { user: brandUser });

    expect(await within(figure('Total Views')).findByText('2.5M')).toBeInTheDocument();
    expect(figure('Total Creators')).toHaveTextContent('3');
    expect(figure('Est. Pay')).toHaveTextContent('฿25,000');
    expect(await within(figure('Est. Pay')).findByText('Estimated at ฿10 per 1,000 views, billed at month end')).toBeInTheDocument();
    expect(await screen.findByRole('textbox', { name: 'Brief' })).toHaveValue('Show our serum.');
    expect(screen.getByText('For your opportunity “Skincare Product Review”')).toBeInTheDocument();

    const card = await screen.findByRole('article');
    expect(card).toHaveTextContent('Morning routine');
    expect(card).toHaveTextContent('by Nok');
    expect(card).toHaveTextContent('Skincare Product Review');
    expect(screen.getByRole('link', { name: 'View All Videos' })).toHaveAttribute('href', '/dashboard/videos');
  });

  it('without an opportunity or a video, says so and leads to creating one; the invite link names the brand', async () => {
    brandAnswers({ first: [], videos: [] });
    await renderPage(<BrandDashboardPage />, { user: brandUser });
    expect(await screen.findByText('No opportunities found')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Create an opportunity' })).toHaveAttribute('href', '/dashboard/opportunities');
    expect(await screen.findByText('No videos yet')).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Invite Creators' }));
    expect(await screen.findByLabelText('Sign-up link for creators')).toHaveValue(`${window.location.origin}/signup?type=creator&brand=${brandUser.id}`);
  });
});
