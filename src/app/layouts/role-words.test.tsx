import { render, screen, within } from '@testing-library/react';
import { createMemoryRouter, matchRoutes, RouterProvider } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { AppProviders, createQueryClient } from '@/app/providers';
import { i18n, type Language } from '@/i18n';
import { startSignedOut } from '@/testing/render';
import { adminUser, brandUser, creatorUser, profileOf } from '@/testing/data';
import { server } from '@/testing/msw';
import { storeSession, type TestUser } from '@/testing/session';
import { profileRow, restGet, rpc } from '@/testing/supabase';
import { RequireRole } from '../guards';
import { createRoutes } from '../router';
import { DashboardLayout, type DashboardHandle } from './dashboard-layout';

// The QR code is an SVG the build makes (vite.config.ts): not this test's business.
vi.mock('./chat-qr', () => ({ ChatQr: () => null }));

const routes = createRoutes(createQueryClient());
/** The title and subtitle the app's own route table declares for `path`. */
const handleOf = (path: string) => matchRoutes(routes, path)?.at(-1)?.route.handle as DashboardHandle;

/**
 * The dashboard frame (sidebar and header) for `user` at `path`, with the route's real handle
 * and a stand-in page: the words under test are the frame's.
 */
async function renderFrame(user: TestUser, path: string, language: Language = 'en') {
  await startSignedOut(language);
  server.use(
    profileRow(profileOf(user)),
    rpc('unread_notification_count', 0),
    restGet('notification_settings', { language, email_off: [] }),
    rpc('my_changes', { money: 0, money_at: null, auto_approved_at: null, news: 0, unread: 0, now: '2026-11-29T10:00:00Z' }),
  );
  storeSession(user);
  const router = createMemoryRouter(
    [{ element: <RequireRole role="any" />, children: [{ element: <DashboardLayout />, children: [{ path, handle: handleOf(path), element: <p>The page</p> }] }] }],
    { initialEntries: [path] },
  );
  render(
    <AppProviders queryClient={createQueryClient()}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  await screen.findByText('The page');
  // The sidebar's role badge: the profile is in.
  await within(screen.getByRole('complementary')).findByText(i18n.t(`common:userTypes.${user.userType}`));
}

const header = () => screen.getByRole('banner');
const sidebar = () => screen.getByRole('complementary');

describe('the dashboard frame speaks to each role (issue 33)', () => {
  it('Videos, to a brand: the creators’ videos linked to its campaigns, not “My Videos”; the sidebar is the brand’s', async () => {
    await renderFrame(brandUser, '/dashboard/videos');
    expect(within(header()).getByRole('heading', { level: 1 })).toHaveTextContent(/^Creators' Videos$/);
    expect(header()).toHaveTextContent("The TikTok videos creators linked to your campaigns or sent you, and how they perform");
    expect(header()).not.toHaveTextContent(/My Videos|you added/);
    expect(sidebar()).toHaveTextContent('Brand Platform');
    expect(sidebar()).not.toHaveTextContent('Creator Platform');
  });

  it('Videos, to a brand in Thai', async () => {
    await renderFrame(brandUser, '/dashboard/videos', 'th');
    expect(within(header()).getByRole('heading', { level: 1 })).toHaveTextContent(/^วิดีโอจากครีเอเตอร์$/);
    expect(header()).toHaveTextContent('วิดีโอ TikTok ที่ครีเอเตอร์ลิงก์กับแคมเปญหรือส่งถึงแบรนด์');
    expect(header()).not.toHaveTextContent('วิดีโอของฉัน');
    expect(sidebar()).toHaveTextContent('แพลตฟอร์มสำหรับแบรนด์');
  });

  it('Videos, to a creator: still My Videos (the spec’s words), and the Creator Platform', async () => {
    await renderFrame(creatorUser, '/dashboard/videos');
    expect(within(header()).getByRole('heading', { level: 1 })).toHaveTextContent(/^My Videos$/);
    expect(header()).toHaveTextContent('The TikTok videos you added and how they perform');
    expect(sidebar()).toHaveTextContent('Creator Platform');
  });

  it('Opportunities and Notifications, to an admin: every brand’s campaigns and the platform, not “Discover” or “your campaigns”', async () => {
    await renderFrame(adminUser, '/dashboard/opportunities');
    expect(header()).toHaveTextContent("Every brand's opportunities on the platform");
    expect(header()).not.toHaveTextContent('Discover brand collaboration opportunities');
    expect(sidebar()).toHaveTextContent('Admin Console');
    expect(sidebar()).not.toHaveTextContent('Creator Platform');
  });

  it('Notifications, to an admin: the platform, not campaigns', async () => {
    await renderFrame(adminUser, '/dashboard/notifications');
    expect(header()).toHaveTextContent('Updates about your account and the platform');
    expect(header()).not.toHaveTextContent('campaigns');
  });

  it('Notifications, to an admin in Thai', async () => {
    await renderFrame(adminUser, '/dashboard/notifications', 'th');
    expect(header()).toHaveTextContent('ความเคลื่อนไหวของบัญชีและแพลตฟอร์ม');
    expect(sidebar()).toHaveTextContent('หลังบ้านสำหรับแอดมิน');
  });

  it('Notifications, to a brand: its account and campaigns', async () => {
    await renderFrame(brandUser, '/dashboard/notifications');
    expect(header()).toHaveTextContent('Updates about your account and campaigns');
  });

  it('Opportunities, to a brand: the spec’s subtitle', async () => {
    await renderFrame(brandUser, '/dashboard/opportunities');
    expect(header()).toHaveTextContent('Create and manage your brand opportunities');
  });

  it('Opportunities, to a creator: the spec’s subtitle', async () => {
    await renderFrame(creatorUser, '/dashboard/opportunities');
    expect(header()).toHaveTextContent('Discover brand collaboration opportunities');
  });

  it('Admin Dashboard: what brands are billed, not revenue', async () => {
    await renderFrame(adminUser, '/dashboard/admin');
    expect(header()).toHaveTextContent('Users, content and what brands are billed across the platform');
  });
});
