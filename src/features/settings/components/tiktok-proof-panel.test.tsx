import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { creatorUser, profileOf } from '@/testing/data';
import { apiUrl, server } from '@/testing/msw';
import { renderPage } from '@/testing/render';
import { profileRow, rpc } from '@/testing/supabase';
import type { Profile } from '@/features/auth/api/get-profile';
import { TikTokProofPanel } from './tiktok-proof-panel';

const tiktokAuth = `${apiUrl}/functions/v1/tiktok-auth`;

async function renderPanel(profile: Partial<Profile>, language: 'en' | 'th' = 'en') {
  server.use(profileRow(profileOf(creatorUser, profile)));
  await renderPage(<TikTokProofPanel />, { user: creatorUser, language });
}

describe('Settings → Integrations: TikTok account ownership', () => {
  it('says a proven account is verified, and how', async () => {
    await renderPanel({ tiktok_username: 'nok.dances', tiktok_proof: 'bio', tiktok_verified_at: '2026-11-20T08:00:00Z' });
    expect(await screen.findByText('@nok.dances is verified as yours')).toBeInTheDocument();
    expect(screen.getByText(/by the code in your bio\. Keep the code in your bio/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Verify with a bio code' })).not.toBeInTheDocument();
  });

  it('asks for a username first', async () => {
    await renderPanel({ tiktok_username: null });
    expect(await screen.findByText('Add your TikTok username in Profile first.')).toBeInTheDocument();
  });

  it('gives the code, says when it is not in the bio yet, and verifies once it is', async () => {
    let bioHasCode = false;
    const actions: unknown[] = [];
    server.use(
      rpc('tiktok_bio_code', { code: 'VP-7K2M9Q', username: 'nok.dances', proof: null }),
      http.post(tiktokAuth, async ({ request }) => {
        actions.push(((await request.json()) as { action: string }).action);
        return bioHasCode
          ? HttpResponse.json({ proof: 'bio', verified: true })
          : HttpResponse.json({ code: 'bio_code_missing', error: 'Your code is not in this account’s TikTok bio yet' }, { status: 422 });
      }),
    );
    await renderPanel({ tiktok_username: 'nok.dances' });
    expect(await screen.findByText('@nok.dances is not verified yet: its views do not count.')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Verify with a bio code' }));
    expect(await screen.findByText('VP-7K2M9Q')).toBeInTheDocument();
    expect(screen.getByText(/Put this code anywhere in the bio of @nok\.dances/)).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Check my bio' }));
    expect(await screen.findByText(/Your code is not in this account's TikTok bio yet/)).toBeInTheDocument();

    bioHasCode = true;
    server.use(profileRow(profileOf(creatorUser, { tiktok_username: 'nok.dances', tiktok_proof: 'bio', tiktok_verified_at: '2026-11-27T08:00:00Z' })));
    await userEvent.click(screen.getByRole('button', { name: 'Check my bio' }));
    expect(await screen.findByText('Your TikTok account is verified')).toBeInTheDocument();
    expect(await screen.findByText('@nok.dances is verified as yours')).toBeInTheDocument();
    expect(actions).toEqual(['verify-bio', 'verify-bio']);
  });

  it('tells a lapsed proof apart, in Thai too', async () => {
    await renderPanel({ tiktok_username: 'nok.dances', tiktok_lapsed_at: '2026-11-25T08:00:00Z' }, 'th');
    expect(await screen.findByText(/การยืนยัน @nok\.dances สิ้นสุดเมื่อ 25 พ\.ย\. 2569/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'ยืนยันด้วยโค้ดในไบโอ' })).toBeEnabled();
  });
});
