import { screen } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { brandUser, brief, creatorUser, profileOf } from '@/testing/data';
import { apiUrl, server } from '@/testing/msw';
import { renderPage } from '@/testing/render';
import { profileRow } from '@/testing/supabase';
import { CreatorSummary } from './creator-summary';

describe('CreatorSummary', () => {
  it('heads a brand’s list of one creator’s videos with what they did for this campaign: videos, counted views, spend', async () => {
    const asked: Record<string, unknown>[] = [];
    server.use(
      profileRow(profileOf(brandUser)),
      http.post(`${apiUrl}/rest/v1/rpc/brand_creators`, async ({ request }) => {
        asked.push((await request.json()) as Record<string, unknown>);
        return HttpResponse.json([
          { creator_id: creatorUser.id, name: 'Nok Wongsa', tiktok_username: null, follower_count: null, briefs: ['Skincare Product Review'], last_joined_at: '2026-11-20T03:00:00Z', tiktok_verified: false, videos: 1, counted_views: 1_234, charged_satang: 1_234 },
        ]);
      }),
    );
    await renderPage(<CreatorSummary brandId={brandUser.id} creatorId={creatorUser.id} briefId={brief().id} />, { user: brandUser });
    const summary = await screen.findByRole('region', { name: 'Videos by Nok Wongsa' });
    expect(summary).toHaveTextContent('For Skincare Product Review');
    expect(summary).toHaveTextContent('1 video');
    expect(summary).toHaveTextContent('1.2K counted views');
    expect(summary).toHaveTextContent('Spent ฿12.34');
    expect(asked[0]).toMatchObject({ p_brand: brandUser.id, p_creator: creatorUser.id, p_brief: brief().id });
    expect(screen.getByRole('link', { name: 'All videos' })).toHaveAttribute('href', '/dashboard/videos');
  });

  it('names nobody and shows no figures when the database gives no row (another brand’s creator)', async () => {
    server.use(profileRow(profileOf(brandUser)), http.post(`${apiUrl}/rest/v1/rpc/brand_creators`, () => HttpResponse.json([])));
    await renderPage(<CreatorSummary brandId={brandUser.id} creatorId={creatorUser.id} />, { user: brandUser });
    const summary = await screen.findByRole('region', { name: 'Videos by Unknown Creator' });
    expect(summary).not.toHaveTextContent('Spent');
  });
});
