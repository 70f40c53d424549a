import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import type { BudgetHistory } from '@/features/opportunities/api/get-budget-history';
import { brandUser, brief, budgetHistory, campaignVideo, creatorUser, profileOf, video } from '@/testing/data';
import { apiUrl, server } from '@/testing/msw';
import { renderPage } from '@/testing/render';
import { ledgerRules, payRates, profileRow, restError, restGet, rpc, videoPage } from '@/testing/supabase';
import BrandDashboardPage from './brand-dashboard-page';
import CreatorDashboardPage from './creator-dashboard-page';

const figure = (label: string) => screen.getByRole('group', { name: label });

describe('Creator dashboard', () => {
  const creatorAnswers = ({ videos = [video()], open = [brief()] } = {}) =>
    server.use(
      profileRow(profileOf(creatorUser)),
      payRates(),
      rpc('creator_metrics', {
        totalViews: 12_345,
        totalVideos: 2,
        totalBrands: 1,
        countedViews: 10_000,
        pendingViews: 2_000,
        notCountedViews: 345,
        estEarnings: 50,
        engagementRate: 4,
        pendingReviews: 1,
        unavailableVideos: 0,
        estimatedVideos: 1,
        demoVideos: 0,
      }),
      videoPage(videos),
      restGet('profiles', [{ id: brandUser.id, first_name: 'GlowLab Skincare' }], { when: (query) => query.get('user_type') === 'eq.brand' }),
      restGet('creator_brand_connections', []),
      restGet('brief_listings', open),
    );

  it('shows the figures, the add form, the open opportunities and the latest videos the API answers', async () => {
    creatorAnswers({ videos: [video(), video({ id: 'v2', video_id: '7300000000000000002', title: 'Evening walk', brand_name: 'GlowLab Skincare' })] });
    await renderPage(<CreatorDashboardPage />, { user: creatorUser });

    expect(await within(figure('Total Views')).findByText('12.3K')).toBeInTheDocument();
    expect(figure('Total Views')).toHaveTextContent('Includes 1 estimated video');
    // The ledger's split of the total: counted, pending review, not counted.
    expect(within(figure('Total Views')).getByLabelText('How the views count')).toHaveTextContent('Counted10.0KPending review2.0KNot counted345');
    expect(figure('Total Videos')).toHaveTextContent('2');
    expect(figure('Total Brands')).toHaveTextContent('1');
    expect(figure('Est. Earnings')).toHaveTextContent('฿50.00');
    // The rate comes from pay_rates(), not from the translation.
    expect(await within(figure('Est. Earnings')).findByText('Estimated at ฿5.00 per 1,000 counted views')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Add TikTok Video' })).toBeInTheDocument();

    const details = await screen.findByRole('link', { name: 'View Details: Skincare Product Review' });
    expect(details).toHaveAttribute('href', `/dashboard/opportunities?brief=${brief().id}`);
    expect(screen.getByText('GlowLab Skincare · Bonus from the brand: ฿2,000 – ฿5,000')).toBeInTheDocument();
    // What the creator earns on it, fixed when it was published (brief_listings.creator_rate_satang).
    expect(screen.getByText('You earn ฿5.00 per 1,000 counted views')).toBeInTheDocument();

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
      videoPage([]),
      restGet('profiles', [], { when: (query) => query.get('user_type') === 'eq.brand' }),
      restGet('creator_brand_connections', []),
      restGet('brief_listings', []),
    );
    await renderPage(<CreatorDashboardPage />, { user: creatorUser });
    expect(await screen.findByText('Failed to load your metrics', {}, { timeout: 10_000 })).toBeInTheDocument();
    expect(figure('Total Views')).toHaveTextContent('0');
    expect(figure('Est. Earnings')).toHaveTextContent('฿0.00');
  });
});

describe('Brand dashboard', () => {
  const pendingVideo = campaignVideo({
    id: 'v2000000-0000-4000-8000-000000000002',
    video_id: '7300000000000000002',
    title: 'Serum first look',
    review_status: 'pending',
    counted_views: 0,
    pending_views: 5_000,
    excluded_reason: 'pending_review',
    auto_approve_at: new Date(Date.now() + 31 * 3_600_000 - 60_000).toISOString(),
  });
  const brandAnswers = ({
    first = [{ id: brief().id, title: 'Skincare Product Review', brief: 'Show our serum.' }],
    videos = [campaignVideo()],
    pending = [pendingVideo],
    budgeted = [] as { id: string; title: string; budget_satang: number }[],
  } = {}) =>
    server.use(
      profileRow(profileOf(brandUser)),
      payRates(),
      ledgerRules(),
      rpc('brand_metrics', {
        totalViews: 2_500_000,
        totalVideos: 4,
        totalCreators: 3,
        countedViews: 2_000_000,
        pendingViews: 300_000,
        notCountedViews: 200_000,
        estPay: 20_000,
        pendingReviews: pending.length,
        estimatedVideos: 0,
        demoVideos: 0,
        pitchVideos: 0,
      }),
      rpc('review_queue_page', { total: pending.length, rows: pending }),
      videoPage(videos),
      restGet('opportunities', first),
      // The budget cards' briefs: only the brand's budgeted ones (the test below checks the filter).
      restGet('brief_listings', budgeted),
    );

  it('shows the figures and how the views count, what awaits review, the brief of the first opportunity and the content made for the brand', async () => {
    brandAnswers();
    await renderPage(<BrandDashboardPage />, { user: brandUser });

    expect(await within(figure('Total Views')).findByText('2.5M')).toBeInTheDocument();
    expect(within(figure('Total Views')).getByLabelText('How the views count')).toHaveTextContent('Counted2.0MPending review300.0KNot counted200.0K');
    expect(figure('Total Creators')).toHaveTextContent('3');
    expect(figure('Est. Pay')).toHaveTextContent('฿20,000.00');
    expect(await within(figure('Est. Pay')).findByText('Estimated at ฿10.00 per 1,000 counted views, billed at month end')).toBeInTheDocument();

    const toReview = await screen.findByRole('region', { name: 'To review (1)' });
    // The auto-approval delay is quoted from ledger_rules.
    expect(await within(toReview).findByText(/approved automatically 72 hours after it was sent/)).toBeInTheDocument();
    expect(within(toReview).getByRole('article', { name: 'Serum first look' })).toHaveTextContent('Approved automatically in 31 h');

    expect(await screen.findByRole('textbox', { name: 'Brief' })).toHaveValue('Show our serum.');
    expect(screen.getByText('For your opportunity “Skincare Product Review”')).toBeInTheDocument();

    const content = screen.getByRole('region', { name: 'Content' });
    const card = await within(content).findByRole('article');
    expect(card).toHaveTextContent('Morning routine');
    expect(card).toHaveTextContent('by Nok');
    expect(card).toHaveTextContent('Skincare Product Review');
    expect(card).toHaveTextContent('Approved');
    expect(card).toHaveTextContent('12.3K counted of 12.3K');
    expect(within(card).getByRole('button', { name: 'Details: Morning routine' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'View All Videos' })).toHaveAttribute('href', '/dashboard/videos');
  });

  it('without an opportunity, a video or one to review, says so and leads to creating one; the invite link names the brand', async () => {
    brandAnswers({ first: [], videos: [], pending: [] });
    await renderPage(<BrandDashboardPage />, { user: brandUser });
    expect(await screen.findByText('No opportunities found')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Create an opportunity' })).toHaveAttribute('href', '/dashboard/opportunities');
    expect(await screen.findByText('No videos yet')).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'To review (0)' })).toBeInTheDocument();
    expect(screen.getByText('Nothing to review')).toBeInTheDocument();

    // No budgeted campaign: no budget cards.
    expect(screen.queryByRole('region', { name: 'Campaign budgets' })).not.toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Invite Creators' }));
    expect(await screen.findByLabelText('Sign-up link for creators')).toHaveValue(`${window.location.origin}/signup?type=creator&brand=${brandUser.id}`);
  });

  it('shows a budget card per budgeted campaign: spent, held, left, the runway and the last 30 days', async () => {
    const serum = { id: brief().id, title: 'Skincare Product Review', budget_satang: 500_000 };
    const mask = { id: 'b1000000-0000-4000-8000-000000000002', title: 'Sheet mask week', budget_satang: 200_000 };
    const histories: Record<string, BudgetHistory> = {
      [serum.id]: budgetHistory(),
      [mask.id]: budgetHistory({
        budgetSatang: 200_000,
        spentSatang: 50_000,
        committedSatang: 50_000,
        remainingSatang: 150_000,
        last7DaysSatang: 0,
        runwayDays: null,
        // Spent before the last 30 days.
        days: budgetHistory().days.map(({ day }) => ({ day, satang: 0 })),
      }),
    };
    const listed: URLSearchParams[] = [];
    const asked: string[] = [];
    brandAnswers();
    server.use(
      http.get(`${apiUrl}/rest/v1/brief_listings`, ({ request }) => {
        listed.push(new URL(request.url).searchParams);
        return HttpResponse.json([serum, mask]);
      }),
      http.post(`${apiUrl}/rest/v1/rpc/brief_budget_history`, async ({ request }) => {
        const { p_brief: id } = (await request.json()) as { p_brief: string };
        asked.push(id);
        return HttpResponse.json(histories[id]);
      }),
    );
    await renderPage(<BrandDashboardPage />, { user: brandUser });

    const budgets = await screen.findByRole('region', { name: 'Campaign budgets' });
    const serumCard = await within(budgets).findByRole('article', { name: 'Skincare Product Review' });
    expect(await within(serumCard).findByText('About 33 days left at the last 7 days\' pace')).toBeInTheDocument();
    expect(serumCard).toHaveTextContent('Budget ฿5,000.00');
    expect(serumCard).toHaveTextContent('Spent฿1,200.00Pending review฿500.00Left฿3,300.00');
    expect(await within(serumCard).findByRole('img', { name: 'Daily spend over the last 30 days: ฿1,700.00 in all' })).toBeInTheDocument();
    expect(within(serumCard).getByRole('button', { name: 'Change budget: Skincare Product Review' })).toBeInTheDocument();

    const maskCard = within(budgets).getByRole('article', { name: 'Sheet mask week' });
    expect(await within(maskCard).findByText('No spend in the last 7 days')).toBeInTheDocument();
    expect(maskCard).toHaveTextContent('Left฿1,500.00');
    expect(within(maskCard).getByText('No spend in the last 30 days')).toBeInTheDocument();
    expect(within(maskCard).queryByRole('img')).not.toBeInTheDocument();

    // Only the brand's budgeted briefs, a handful at most, and one history each.
    expect(Object.fromEntries(listed[0])).toMatchObject({ brand_id: `eq.${brandUser.id}`, budget_satang: 'not.is.null', limit: '4' });
    expect(asked.sort()).toEqual([serum.id, mask.id].sort());
  });

  it('says when a budget is reached, in Thai', async () => {
    const serum = { id: brief().id, title: 'Skincare Product Review', budget_satang: 500_000 };
    brandAnswers({ budgeted: [serum] });
    server.use(rpc('brief_budget_history', budgetHistory({ spentSatang: 500_000, committedSatang: 500_000, remainingSatang: 0, budgetReached: true, runwayDays: 0 })));
    await renderPage(<BrandDashboardPage />, { user: brandUser, language: 'th' });
    const card = await screen.findByRole('article', { name: 'Skincare Product Review' });
    expect(await within(card).findByText('ใช้งบครบแล้ว วิวหลังจากนี้ของแคมเปญจะไม่นับ')).toBeInTheDocument();
    expect(within(card).getByText('ใช้งบครบแล้ว')).toBeInTheDocument();
  });
});
