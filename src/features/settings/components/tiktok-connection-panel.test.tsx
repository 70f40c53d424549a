import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { adminUser, brandUser, creatorUser, profileOf } from '@/testing/data';
import { apiUrl, server } from '@/testing/msw';
import { renderPage } from '@/testing/render';
import { profileRow, restGet } from '@/testing/supabase';
import { connectionState, type TikTokConnection } from '@/features/tiktok/api/tiktok-connection';
import { TikTokConnectionPanel } from './tiktok-connection-panel';

const tiktokAuth = `${apiUrl}/functions/v1/tiktok-auth`;

const connection = (overrides: Partial<TikTokConnection> = {}): TikTokConnection => ({
  is_connected: true,
  verified_status: 'verified',
  username: 'nok.dances',
  display_name: 'Nok',
  avatar_url: 'https://p16.tiktokcdn.com/nok.jpeg',
  expires_at: '2027-05-20T08:00:00Z',
  connected_at: '2026-11-21T08:00:00Z',
  revoked_at: null,
  revoked_reason: null,
  created_at: '2026-11-21T08:00:00Z',
  updated_at: '2026-11-21T08:00:00Z',
  ...overrides,
});

/** The panel for the creator, whose tiktok_connections read answers `row` (or none). */
async function renderPanel(row: TikTokConnection | null, language: 'en' | 'th' = 'en') {
  server.use(profileRow(profileOf(creatorUser)), restGet('tiktok_connections', row));
  await renderPage(<TikTokConnectionPanel />, { user: creatorUser, language });
}

afterEach(() => vi.restoreAllMocks());

describe('connectionState', () => {
  const now = Date.parse('2026-11-24T00:00:00Z');
  it('is connected while is_connected and unexpired, else lapsed with the reason', () => {
    expect(connectionState(null, now).kind).toBe('none');
    expect(connectionState(connection(), now).kind).toBe('connected');
    expect(connectionState(connection({ expires_at: null }), now).kind).toBe('connected');
    expect(connectionState(connection({ expires_at: '2026-11-23T00:00:00Z' }), now)).toMatchObject({ kind: 'lapsed', reason: 'expired' });
    expect(connectionState(connection({ is_connected: false, revoked_reason: 'deauthorized' }), now)).toMatchObject({ kind: 'lapsed', reason: 'deauthorized' });
    expect(connectionState(connection({ is_connected: false, revoked_reason: 'refresh_failed' }), now)).toMatchObject({ kind: 'lapsed', reason: 'refresh_failed' });
  });
});

describe('Settings → Integrations', () => {
  // The panel is read on a fixed day, before the fixture's access ends (2027-05-20): the test
  // would otherwise show it lapsed from that day on.
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-11-24T00:00:00Z'));
  });
  afterEach(() => vi.useRealTimers());

  it('prompts to connect when there is no connection', async () => {
    await renderPanel(null);
    expect(await screen.findByText('Not connected')).toBeInTheDocument();
    expect(screen.getByText(/ViewPact then reads your videos' official counts/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Connect TikTok' })).toBeEnabled();
    expect(screen.queryByRole('button', { name: 'Sync videos' })).not.toBeInTheDocument();
  });

  // Issue 33: only a creator's videos come into ViewPact; a brand or an admin connects to be verified.
  it('prompts a brand, and an admin, to connect for the Verified mark, not to have videos added', async () => {
    for (const user of [brandUser, adminUser]) {
      server.use(profileRow(profileOf(user)), restGet('tiktok_connections', null));
      const { unmount } = await renderPage(<TikTokConnectionPanel />, { user });
      expect(await screen.findByText("Connect your TikTok account: your profile then shows as verified when its TikTok username is this account's.")).toBeInTheDocument();
      expect(screen.queryByText(/adds your videos for you/)).not.toBeInTheDocument();
      unmount();
    }
  });

  it('prompts a brand in Thai', async () => {
    server.use(profileRow(profileOf(brandUser)), restGet('tiktok_connections', null));
    await renderPage(<TikTokConnectionPanel />, { user: brandUser, language: 'th' });
    expect(await screen.findByText('เชื่อมบัญชี TikTok แล้วโปรไฟล์จะแสดงเครื่องหมายยืนยันตัวตน เมื่อชื่อผู้ใช้ TikTok ในโปรไฟล์ตรงกับบัญชีนี้')).toBeInTheDocument();
    expect(screen.queryByText(/เพิ่มวิดีโอให้อัตโนมัติ/)).not.toBeInTheDocument();
  });

  it('reads a lookup error as not connected, and logs it', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    server.use(profileRow(profileOf(creatorUser)), http.get(`${apiUrl}/rest/v1/tiktok_connections`, () => HttpResponse.json({ code: 'XX000', message: 'boom' }, { status: 500 })));
    await renderPage(<TikTokConnectionPanel />, { user: creatorUser });
    expect(await screen.findByRole('button', { name: 'Connect TikTok' })).toBeInTheDocument();
    expect(logged).toHaveBeenCalledWith('Looking up the TikTok connection failed:', 'boom');
  });

  it('shows the connected account with its avatar, the verified mark, since when and until when', async () => {
    await renderPanel(connection());
    expect(await screen.findByText('Connected as @nok.dances')).toBeInTheDocument();
    expect(screen.getByText('Connected')).toBeInTheDocument();
    expect(screen.getByText('Verified')).toBeInTheDocument();
    expect(screen.getByText('Connected since Nov 21, 2026 · Access valid until May 20, 2027')).toBeInTheDocument();
    expect(document.body.querySelector('img[src="https://p16.tiktokcdn.com/nok.jpeg"]')).not.toBeNull();
    for (const name of ['Sync videos', 'Reconnect', 'Disconnect']) expect(screen.getByRole('button', { name })).toBeEnabled();
  });

  it('says so when the profile names another account than the connected one', async () => {
    await renderPanel(connection({ verified_status: 'unverified' }));
    expect(await screen.findByText('Not verified: your profile names another TikTok username than @nok.dances.')).toBeInTheDocument();
    expect(screen.queryByText('Verified')).not.toBeInTheDocument();
  });

  it('asks to reconnect, with the reason, when TikTok ended the connection', async () => {
    await renderPanel(connection({ is_connected: false, revoked_reason: 'deauthorized', revoked_at: '2026-11-22T08:00:00Z' }));
    expect(await screen.findByText('Reconnect needed')).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('You removed ViewPact in your TikTok settings. Connect again to keep official counts.');
    expect(screen.getByRole('button', { name: 'Reconnect' })).toBeEnabled();
    expect(screen.queryByRole('button', { name: 'Sync videos' })).not.toBeInTheDocument();
  });

  it('shows Thai dates in the Buddhist year', async () => {
    await renderPanel(connection(), 'th');
    expect(await screen.findByText('เชื่อมต่อกับ @nok.dances')).toBeInTheDocument();
    expect(screen.getByText(/เชื่อมต่อตั้งแต่ 21 พ\.ย\. 2569 · ใช้งานได้ถึง 20 พ\.ค\. 2570/)).toBeInTheDocument();
  });

  it('syncs: "Syncing TikTok videos..." then the count, or the failure', async () => {
    const sent: unknown[] = [];
    let answer: () => Response = () => HttpResponse.json({ synced: 3, updated: 2 });
    server.use(
      http.post(tiktokAuth, async ({ request }) => {
        sent.push(await request.json());
        return answer();
      }),
    );
    await renderPanel(connection());
    await userEvent.click(await screen.findByRole('button', { name: 'Sync videos' }));
    expect(await screen.findByText('Successfully synced 3 TikTok videos')).toBeInTheDocument();
    expect(sent).toEqual([{ action: 'sync', userId: creatorUser.id }]);

    answer = () => HttpResponse.json({ code: 'internal_error', error: 'x' }, { status: 500 });
    await userEvent.click(screen.getByRole('button', { name: 'Sync videos' }));
    expect(await screen.findByText('Failed to sync TikTok videos')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByText('Syncing TikTok videos...')).not.toBeInTheDocument());
  });

  it('disconnects after a confirmation', async () => {
    const sent: unknown[] = [];
    server.use(
      http.post(tiktokAuth, async ({ request }) => {
        sent.push(await request.json());
        return HttpResponse.json({ disconnected: true });
      }),
    );
    await renderPanel(connection());
    await userEvent.click(await screen.findByRole('button', { name: 'Disconnect' }));
    const dialog = await screen.findByRole('dialog', { name: 'Disconnect TikTok?' });
    expect(sent).toEqual([]);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Disconnect' }));
    expect(await screen.findByText('TikTok account disconnected')).toBeInTheDocument();
    expect(sent).toEqual([{ action: 'disconnect', userId: creatorUser.id }]);
  });
});
