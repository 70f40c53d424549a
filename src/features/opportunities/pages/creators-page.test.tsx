import { screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { brandUser, brief, profileOf } from '@/testing/data';
import { apiUrl, server } from '@/testing/msw';
import { renderPage } from '@/testing/render';
import { profileRow } from '@/testing/supabase';
import CreatorsPage from './creators-page';

const nok = 'c1000000-0000-4000-8000-000000000011';
const ploy = 'c1000000-0000-4000-8000-000000000012';

/** brand_creators as the database answers it; each request's body is kept. */
function creators(rows: object[]) {
  const asked: Record<string, unknown>[] = [];
  server.use(
    profileRow(profileOf(brandUser)),
    http.post(`${apiUrl}/rest/v1/rpc/brand_creators`, async ({ request }) => {
      asked.push((await request.json()) as Record<string, unknown>);
      return HttpResponse.json(rows);
    }),
  );
  return asked;
}

const row = (overrides: object) => ({
  creator_id: nok,
  name: 'Nok Wongsa',
  tiktok_username: 'nok.cooks',
  follower_count: 12_500,
  briefs: ['Skincare Product Review'],
  last_joined_at: '2026-11-20T03:00:00Z',
  tiktok_verified: true,
  videos: 3,
  counted_views: 48_250,
  charged_satang: 48_250,
  ...overrides,
});

describe('CreatorsPage', () => {
  it('shows each creator’s videos, counted views and spend for the brand, and opens to their videos', async () => {
    creators([row({}), row({ creator_id: ploy, name: null, tiktok_username: null, follower_count: null, videos: 0, counted_views: 0, charged_satang: 0 })]);
    await renderPage(<CreatorsPage />, { user: brandUser, url: '/dashboard/creators' });
    const cards = await screen.findAllByRole('listitem');
    expect(cards).toHaveLength(2);
    expect(cards[0]).toHaveTextContent('3 videos');
    expect(cards[0]).toHaveTextContent('48.2K counted views');
    // The brand's charge to the satang: 48,250 views at ฿10.00 per 1,000.
    expect(cards[0]).toHaveTextContent('Spent ฿482.50');
    expect(within(cards[0]).getByRole('link', { name: 'See videos of Nok Wongsa' })).toHaveAttribute('href', `/dashboard/videos?creator=${nok}`);
    expect(cards[1]).toHaveTextContent('0 videos');
    expect(cards[1]).toHaveTextContent('Spent ฿0.00');
    expect(within(cards[1]).getByRole('link', { name: 'See videos of Unknown Creator' })).toHaveAttribute('href', `/dashboard/videos?creator=${ploy}`);
  });

  it('from a campaign card (?brief=): asks for that campaign’s creators only, says which, and each card opens to their videos of it', async () => {
    const briefId = brief().id;
    const asked = creators([row({})]);
    await renderPage(<CreatorsPage />, { user: brandUser, url: `/dashboard/creators?brief=${briefId}` });
    expect(await screen.findByRole('heading', { name: 'Creators who joined Skincare Product Review' })).toBeInTheDocument();
    expect(asked[0]).toMatchObject({ p_brand: brandUser.id, p_brief: briefId });
    expect(screen.getByRole('link', { name: 'See videos of Nok Wongsa' })).toHaveAttribute('href', `/dashboard/videos?creator=${nok}&brief=${briefId}`);
    expect(screen.getByRole('link', { name: 'All creators' })).toHaveAttribute('href', '/dashboard/creators');
  });

  it('in Thai: the same figures in Thai words', async () => {
    creators([row({})]);
    await renderPage(<CreatorsPage />, { user: brandUser, url: '/dashboard/creators', language: 'th' });
    const card = (await screen.findAllByRole('listitem'))[0];
    expect(card).toHaveTextContent('3 วิดีโอ');
    expect(card).toHaveTextContent('วิวที่นับ 48.2K');
    expect(card).toHaveTextContent('ใช้ไป ฿482.50');
    expect(within(card).getByRole('link', { name: 'ดูวิดีโอของ Nok Wongsa' })).toBeInTheDocument();
  });
});
