import { screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import type { ReactElement } from 'react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createQueryClient } from '@/app/providers';
import { adminUser, brandUser, brief, budgetHistory, creatorUser, profileOf } from '@/testing/data';
import { apiUrl, server } from '@/testing/msw';
import { renderPage } from '@/testing/render';
import { ledgerRules, payRates, profileRow, restGet, rpc, videoPage } from '@/testing/supabase';
import type { TestUser } from '@/testing/session';
import BrandDashboardPage from './brand-dashboard-page';
import { prefetch as prefetchBrand } from './brand-dashboard-data';
import CreatorDashboardPage from './creator-dashboard-page';
import { prefetch as prefetchCreator } from './creator-dashboard-data';
import AdminDashboardPage from './admin-dashboard-page';
import { prefetch as prefetchAdmin } from './admin-dashboard-data';
import VideosPage from '@/features/videos/pages/videos-page';
import { prefetch as prefetchVideos } from '@/features/videos/pages/videos-page-data';

/** Every request sent to the API, as "METHOD /path?query" (and a POST's body), and how many are unanswered. */
let sent: string[] = [];
let pending = 0;
const record = ({ request }: { request: Request }) => {
  const url = new URL(request.url);
  const line = `${request.method} ${url.pathname}${url.search}`;
  const index = sent.push(line) - 1;
  pending += 1;
  if (request.method === 'POST') void request.clone().text().then((body) => (sent[index] = `${line} ${body}`));
};
const answered = () => {
  pending -= 1;
};

beforeEach(() => {
  sent = [];
  pending = 0;
  server.events.on('request:start', record);
  server.events.on('request:end', answered);
  // Whatever a card asks for beyond the answers below reads as empty.
  server.use(
    videoPage([]),
    http.get(`${apiUrl}/rest/v1/*`, () => HttpResponse.json([])),
    http.post(`${apiUrl}/rest/v1/rpc/*`, () => HttpResponse.json([])),
  );
});
afterEach(() => {
  server.events.removeListener('request:start', record);
  server.events.removeListener('request:end', answered);
});

const metrics = { totalViews: 0, totalVideos: 0, totalBrands: 0, totalCreators: 0, countedViews: 0, pendingViews: 0, notCountedViews: 0, estEarnings: 0, estPay: 0 };

type Prefetch = (queryClient: ReturnType<typeof createQueryClient>, userId: string, search: URLSearchParams) => Promise<void>;

/** What the page at `url` sends until it shows `loaded`, and what its route's prefetch sends on its own. */
async function requestsOf(page: ReactElement, user: TestUser, loaded: string[], prefetch: Prefetch, url = '/') {
  await renderPage(page, { user, url });
  for (const text of loaded) expect(await screen.findByText(text)).toBeInTheDocument();
  await waitFor(() => expect(pending).toBe(0));
  const byPage = new Set(sent);
  sent = [];
  await prefetch(createQueryClient(), user.id, new URL(url, 'http://localhost').searchParams);
  return { byPage, byPrefetch: new Set(sent) };
}

describe('a dashboard route starts the requests its page will make', () => {
  it('creator: every prefetched request is one the page makes, and its figures are among them', async () => {
    server.use(profileRow(profileOf(creatorUser)), payRates(), rpc('creator_metrics', metrics));
    const { byPage, byPrefetch } = await requestsOf(<CreatorDashboardPage />, creatorUser, ['Add your first TikTok video using the form above.', 'No open opportunities right now.'], prefetchCreator);
    expect(byPrefetch.size).toBeGreaterThan(0);
    for (const request of byPrefetch) expect(byPage, `${request} is not a request of the page`).toContain(request);
    expect([...byPrefetch].some((request) => request.startsWith('POST /rest/v1/rpc/creator_metrics'))).toBe(true);
    expect([...byPrefetch].some((request) => request.startsWith('POST /rest/v1/rpc/video_listing_page'))).toBe(true);
    expect(byPrefetch.size).toBeGreaterThanOrEqual(4);
  });

  it('brand: every prefetched request is one the page makes, and its figures are among them', async () => {
    server.use(
      profileRow(profileOf(brandUser)),
      payRates(),
      ledgerRules(),
      rpc('brand_metrics', metrics),
      // One budgeted brief: its budget card asks for its history.
      restGet('brief_listings', [{ id: brief().id, title: 'Skincare Product Review', budget_satang: 500_000 }]),
      rpc('brief_budget_history', budgetHistory()),
    );
    const { byPage, byPrefetch } = await requestsOf(
      <BrandDashboardPage />,
      brandUser,
      ['No videos yet', 'Nothing to review', 'No opportunities found', "About 33 days left at the last 7 days' pace"],
      prefetchBrand,
    );
    expect(byPrefetch.size).toBeGreaterThan(0);
    for (const request of byPrefetch) expect(byPage, `${request} is not a request of the page`).toContain(request);
    expect([...byPrefetch].some((request) => request.startsWith('POST /rest/v1/rpc/brand_metrics'))).toBe(true);
    expect([...byPrefetch].some((request) => request.startsWith('GET /rest/v1/ledger_rules'))).toBe(true);
    expect([...byPrefetch].some((request) => request.startsWith('POST /rest/v1/rpc/brief_budget_history') && request.includes(brief().id))).toBe(true);
    expect(byPrefetch.size).toBeGreaterThanOrEqual(7);
  });

  it('My Videos: the page of the address, the view split and the creator\'s campaigns, as the page asks for them', async () => {
    server.use(profileRow(profileOf(creatorUser)), rpc('creator_metrics', metrics));
    const { byPage, byPrefetch } = await requestsOf(<VideosPage />, creatorUser, ['No videos found'], prefetchVideos, '/dashboard/videos?page=3.after.9d1c0000-0000-4000-8000-000000000002');
    for (const request of byPrefetch) expect(byPage, `${request} is not a request of the page`).toContain(request);
    expect([...byPrefetch].some((request) => request.startsWith('POST /rest/v1/rpc/creator_metrics'))).toBe(true);
    expect([...byPrefetch].some((request) => request.startsWith('GET /rest/v1/creator_brand_connections'))).toBe(true);
    // Page 3, reached from the last video of page 2 (keyset): the 10 after it.
    expect(
      [...byPrefetch].some(
        (request) =>
          request.startsWith('POST /rest/v1/rpc/video_listing_page') && request.includes('"p_page":3') && request.includes('"p_after":"9d1c0000-0000-4000-8000-000000000002"') && request.includes('"p_limit":10'),
      ),
    ).toBe(true);
  });

  it('My Videos of a brand: the brand\'s videos and figures, no campaigns', async () => {
    server.use(profileRow(profileOf(brandUser)), rpc('brand_metrics', metrics));
    const { byPage, byPrefetch } = await requestsOf(<VideosPage />, brandUser, ['No videos found'], prefetchVideos, '/dashboard/videos');
    for (const request of byPrefetch) expect(byPage, `${request} is not a request of the page`).toContain(request);
    expect([...byPrefetch].some((request) => request.startsWith('POST /rest/v1/rpc/brand_metrics'))).toBe(true);
    expect([...byPrefetch].some((request) => request.startsWith('POST /rest/v1/rpc/video_listing_page') && request.includes('"p_owner":"brand"'))).toBe(true);
    expect(byPrefetch.size).toBe(2);
  });

  it('My Videos of a brand, one creator\'s (from a Creators card): that creator\'s videos and figures for the brand, not the brand\'s totals', async () => {
    const creatorId = creatorUser.id;
    const briefId = brief().id;
    server.use(profileRow(profileOf(brandUser)), rpc('brand_metrics', metrics));
    const { byPage, byPrefetch } = await requestsOf(<VideosPage />, brandUser, ['No videos found'], prefetchVideos, `/dashboard/videos?creator=${creatorId}&brief=${briefId}`);
    for (const request of byPrefetch) expect(byPage, `${request} is not a request of the page`).toContain(request);
    const listing = [...byPrefetch].find((request) => request.startsWith('POST /rest/v1/rpc/video_listing_page'));
    expect(listing).toContain(`"p_creator":"${creatorId}"`);
    expect(listing).toContain(`"p_brief":"${briefId}"`);
    expect([...byPrefetch].some((request) => request.startsWith('POST /rest/v1/rpc/brand_creators') && request.includes(`"p_creator":"${creatorId}"`))).toBe(true);
    expect([...byPage].some((request) => request.startsWith('POST /rest/v1/rpc/brand_metrics'))).toBe(false);
    expect(byPrefetch.size).toBe(2);
  });

  it('admin: the cards and the open tab\'s list, as the page asks for them', async () => {
    server.use(
      profileRow(profileOf(adminUser)),
      rpc('admin_metrics', { ...metrics, pendingReviews: 0, estimatedVideos: 0, demoVideos: 0 }),
      rpc('admin_list_users', { total: 0, searched: false, rows: [] }),
      rpc('admin_list_videos', { total: 0, searched: false, rows: [] }),
    );
    const users = await requestsOf(<AdminDashboardPage />, adminUser, ['No users found.'], prefetchAdmin, '/dashboard/admin?q=mali&page=2');
    for (const request of users.byPrefetch) expect(users.byPage, `${request} is not a request of the page`).toContain(request);
    expect([...users.byPrefetch].some((request) => request.startsWith('POST /rest/v1/rpc/admin_metrics'))).toBe(true);
    expect([...users.byPrefetch].some((request) => request.startsWith('POST /rest/v1/rpc/admin_list_users') && request.includes('"p_search":"mali"') && request.includes('"p_page":2'))).toBe(true);
  });
});
