import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { useLocation } from 'react-router';
import { beforeEach, describe, expect, it } from 'vitest';
import type { AdminUserRow } from '@/lib/database';
import { payoutsTabHandlers } from '@/features/payments/testing/handlers';
import { adminUser, campaignVideo, profileOf } from '@/testing/data';
import { apiUrl, server } from '@/testing/msw';
import { renderPage } from '@/testing/render';
import { payRates, profileRow, restGet, rpc } from '@/testing/supabase';
import AdminDashboardPage from './admin-dashboard-page';

/** The page, and the address it keeps its state in. */
function PageWithAddress() {
  const location = useLocation();
  return (
    <>
      <AdminDashboardPage />
      <output aria-label="Address">{`${location.pathname}${location.search}`}</output>
    </>
  );
}

const metrics = {
  totalBrands: 3,
  totalCreators: 1_204,
  totalVideos: 5_310,
  totalViews: 12_400_000,
  countedViews: 2_000_000,
  pendingViews: 0,
  estPay: 20_000,
  estEarnings: 10_000,
  pendingReviews: 0,
  estimatedVideos: 2,
  demoVideos: 0,
};

const userRow = (overrides: Partial<AdminUserRow> = {}): AdminUserRow => ({
  id: 'u1000000-0000-4000-8000-000000000001',
  user_type: 'creator',
  first_name: 'Mali',
  last_name: 'Srisuk',
  tiktok_username: 'mali.creates',
  company_name: null,
  tiktok_avatar_url: null,
  created_at: '2026-11-01T08:00:00Z',
  email: 'mali@example.test',
  suspended_at: null,
  ...overrides,
});

/** Every body admin_list_users() was called with. */
let userSearches: Record<string, unknown>[] = [];

beforeEach(() => {
  userSearches = [];
  server.use(
    profileRow(profileOf(adminUser)),
    payRates(),
    rpc('admin_metrics', metrics),
    http.post(`${apiUrl}/rest/v1/rpc/admin_list_users`, async ({ request }) => {
      const body = (await request.json()) as Record<string, unknown>;
      userSearches.push(body);
      const rows = body.p_search === 'zap' ? [userRow({ id: 'u2', first_name: 'Quentin', last_name: 'Zapp', suspended_at: '2026-11-20T08:00:00Z' })] : [userRow(), userRow({ id: 'u3', user_type: 'brand', first_name: 'GlowLab', last_name: 'Pim' })];
      const total = body.p_search === 'zap' ? 1 : 23;
      return HttpResponse.json({ total, exact: true, searched: body.p_search === 'zap', has_previous: false, has_next: total > 10, rows });
    }),
  );
});

describe('Admin dashboard', () => {
  it('shows the three cards from admin_metrics, saying that some figures are estimated', async () => {
    await renderPage(<AdminDashboardPage />, { user: adminUser });
    const users = await screen.findByRole('group', { name: 'Total Users' });
    await waitFor(() => expect(users).toHaveTextContent('1,207'));
    expect(users).toHaveTextContent('3 brands · 1,204 creators');
    expect(screen.getByRole('group', { name: 'Total Content' })).toHaveTextContent(/5,310.*12\.4M views.*Includes 2 estimated videos/);
    // Issue 33: what brands are billed, not the platform's revenue (its margin is the difference).
    expect(screen.getByRole('group', { name: 'Billed to Brands' })).toHaveTextContent(/฿20,000\.00.*Creators' payout: ฿10,000\.00/);
    expect(screen.queryByText('Platform Revenue')).not.toBeInTheDocument();
  });

  it('names the card of what brands are billed in Thai as billed, not as revenue', async () => {
    await renderPage(<AdminDashboardPage />, { user: adminUser, language: 'th' });
    expect(await screen.findByRole('group', { name: 'ยอดเรียกเก็บจากแบรนด์' })).toBeInTheDocument();
    expect(screen.queryByText('รายได้แพลตฟอร์ม')).not.toBeInTheDocument();
  });

  it('lists users with their type and date, and searches only from 3 characters', async () => {
    const user = userEvent.setup();
    await renderPage(<PageWithAddress />, { user: adminUser, url: '/dashboard/admin' });
    const table = await screen.findByRole('table');
    expect(within(table).getByRole('rowheader', { name: /Mali Srisuk/ })).toBeInTheDocument();
    // A brand shows by its brand name.
    expect(within(table).getByRole('rowheader', { name: /^GlowLab/ })).toHaveTextContent(/^GlowLabmali@example\.test/);
    expect(screen.getByText('Page 1 of 3')).toBeInTheDocument();

    await user.type(screen.getByRole('searchbox', { name: 'Search users' }), 'za');
    // Nothing can be awaited for a search that must not run: wait out the 300 ms typing pause.
    // eslint-disable-next-line no-restricted-syntax
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(userSearches.map((body) => body.p_search)).toEqual(['']);
    await user.type(screen.getByRole('searchbox', { name: 'Search users' }), 'p');
    expect(await screen.findByRole('rowheader', { name: /Quentin Zapp/ })).toHaveTextContent('Suspended');
    expect(userSearches.at(-1)).toMatchObject({ p_search: 'zap', p_type: 'all', p_page: 1, p_limit: 10 });
    // The search lives in the address.
    expect(screen.getByRole('status', { name: 'Address' })).toHaveTextContent('/dashboard/admin?q=zap');

    await user.click(screen.getByRole('button', { name: 'Brands' }));
    await waitFor(() => expect(userSearches.at(-1)).toMatchObject({ p_search: 'zap', p_type: 'brand' }));
    expect(screen.getByRole('button', { name: 'Brands' })).toHaveAttribute('aria-pressed', 'true');
  });

  it('searches by e-mail too: the box says so, and an address or part of one is sent as typed', async () => {
    const user = userEvent.setup();
    await renderPage(<PageWithAddress />, { user: adminUser, url: '/dashboard/admin' });
    const box = await screen.findByRole('searchbox', { name: 'Search users' });
    expect(box).toHaveAttribute('placeholder', 'First name, last name, TikTok username or e-mail');
    await user.type(box, 'Somchai@SiamTea');
    await waitFor(() => expect(userSearches.at(-1)).toMatchObject({ p_search: 'Somchai@SiamTea', p_type: 'all', p_page: 1 }));
    expect(screen.getByRole('status', { name: 'Address' })).toHaveTextContent('/dashboard/admin?q=Somchai%40SiamTea');
  });

  it("says 'No users found.' as the spec words it", async () => {
    server.use(rpc('admin_list_users', { total: 0, searched: true, rows: [] }));
    await renderPage(<AdminDashboardPage />, { user: adminUser });
    expect(await screen.findByText('No users found.')).toBeInTheDocument();
  });

  it("says 'Failed to load users' when the list fails", async () => {
    server.use(http.post(`${apiUrl}/rest/v1/rpc/admin_list_users`, () => HttpResponse.json({ code: 'XX000', message: 'boom' }, { status: 500 })));
    await renderPage(<AdminDashboardPage />, { user: adminUser });
    expect(await screen.findByText('Failed to load users', {}, { timeout: 10_000 })).toBeInTheDocument();
  });

  it('keeps the tab in the address, and shows the payouts due on the Payments tab', async () => {
    const user = userEvent.setup();
    server.use(...payoutsTabHandlers(), restGet('month_closes', [], { count: 0 }));
    await renderPage(<PageWithAddress />, { user: adminUser, url: '/dashboard/admin' });
    await user.click(await screen.findByRole('tab', { name: 'Payments' }));
    const due = await screen.findByRole('table', { name: 'Payouts due' });
    expect(within(due).getByRole('row', { name: /Mali Srisuk/ })).toHaveTextContent('฿9,700.00');
    expect(screen.getByRole('status', { name: 'Address' })).toHaveTextContent('/dashboard/admin?tab=payments');

    // The part of the Payments tab is in the address too.
    await user.click(screen.getByRole('tab', { name: 'Month close & tax' }));
    expect(screen.getByRole('status', { name: 'Address' })).toHaveTextContent('/dashboard/admin?tab=payments&pay=months');
    expect(await screen.findByText('No month is closed yet.')).toBeInTheDocument();
  });

  it('lists content with engagement, Est. Amount and signals, searches on Search, and excludes a video with a reason', async () => {
    const user = userEvent.setup();
    const flagged = {
      ...campaignVideo({ id: 'v9', title: 'Suspicious dance', view_count: 200_000, like_count: 100, comment_count: 0, share_count: 0, counted_views: 150_000, charged_satang: 150_000 }),
      signals: ['low_engagement'],
      signal_details: [{ code: 'low_engagement', engagementPercent: 0.05, views: 200_000 }],
    };
    const searches: Record<string, unknown>[] = [];
    const moderations: Record<string, unknown>[] = [];
    server.use(
      http.post(`${apiUrl}/rest/v1/rpc/admin_list_videos`, async ({ request }) => {
        searches.push((await request.json()) as Record<string, unknown>);
        return HttpResponse.json({ total: 31, exact: true, searched: false, has_previous: false, has_next: true, rows: [flagged] });
      }),
      http.post(`${apiUrl}/rest/v1/rpc/admin_exclude_video`, async ({ request }) => {
        moderations.push((await request.json()) as Record<string, unknown>);
        return HttpResponse.json({ ...flagged, counted_views: 0, excluded_reason: 'admin_excluded' });
      }),
    );
    await renderPage(<AdminDashboardPage />, { user: adminUser, url: '/dashboard/admin?tab=content' });
    const row = await screen.findByRole('row', { name: /Suspicious dance/ });
    // What the brand pays for its counted views, as SQL gives it (charged_satang: 150,000 × ฿10 per 1,000); engagement rounds 0.05% to 0%.
    await waitFor(() => expect(row).toHaveTextContent('฿1,500.00'));
    expect(row).toHaveTextContent('0%');
    expect(row).toHaveTextContent('Low engagement 0.05% engagement on 200,000 views');
    expect(screen.getByText('Showing 1 to 1 of 31 videos')).toBeInTheDocument();
    expect(screen.getByRole('navigation', { name: 'Pages' }).querySelectorAll('[aria-label^="Page "]')).toHaveLength(3);

    await user.type(screen.getByRole('searchbox', { name: 'Search videos' }), 'dance{Enter}');
    await waitFor(() => expect(searches.at(-1)).toMatchObject({ p_search: 'dance', p_page: 1 }));

    await user.click(within(row).getByRole('button', { name: 'Exclude from pay: Suspicious dance' }));
    const dialog = await screen.findByRole('dialog', { name: 'Exclude from pay' });
    await user.click(within(dialog).getByRole('button', { name: 'Exclude' }));
    expect(await within(dialog).findByText('Give a reason of at least 3 characters')).toBeInTheDocument();
    expect(moderations).toEqual([]);
    await user.type(within(dialog).getByRole('textbox', { name: 'Reason' }), 'Bought views');
    await user.click(within(dialog).getByRole('button', { name: 'Exclude' }));
    expect(await screen.findByText('Video excluded from pay')).toBeInTheDocument();
    expect(moderations).toEqual([{ p_video: 'v9', p_reason: 'Bought views' }]);
  });
});
