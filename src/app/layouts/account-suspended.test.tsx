import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { AppProviders, createQueryClient } from '@/app/providers';
import type { Language } from '@/i18n';
import { startSignedOut } from '@/testing/render';
import { accountSuspended, setAccountSuspended } from '@/lib/suspension';
import { creatorUser, profileOf } from '@/testing/data';
import { apiUrl, server } from '@/testing/msw';
import { storeSession } from '@/testing/session';
import { profileRow, restGet, rpc } from '@/testing/supabase';
import { RequireRole } from '../guards';
import { DashboardLayout } from './dashboard-layout';

afterEach(() => setAccountSuspended(false));

/**
 * A dashboard page inside the app's real guard and frame (a data router: the frame reads its
 * route's title), with the app's providers and a Supabase client aimed at msw.
 */
async function renderDashboard({ language = 'en', expiresIn }: { language?: Language; expiresIn?: number } = {}) {
  await startSignedOut(language);
  storeSession(creatorUser, { expiresIn });
  const router = createMemoryRouter(
    [
      { element: <RequireRole role="any" />, children: [{ element: <DashboardLayout />, children: [{ path: '/dashboard/videos', element: <p>My videos</p> }] }] },
      { path: '/login', element: <p>Sign-in page</p> },
    ],
    { initialEntries: ['/dashboard/videos'] },
  );
  return render(
    <AppProviders queryClient={createQueryClient()}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
}

/** What the dashboard frame asks for: the profile, the unread count, the e-mail settings (stored in Thai, so the English app records English). */
const dashboardRequests = () => [
  profileRow(profileOf(creatorUser)),
  rpc('unread_notification_count', 0),
  restGet('notification_settings', { language: 'th', email_off: [] }),
];

const refusedRefresh = (code: string) =>
  http.post(`${apiUrl}/auth/v1/token`, () => HttpResponse.json({ code, error_code: code, msg: 'Invalid Refresh Token' }, { status: 400 }));

describe('the suspended notice', () => {
  it('shows above the dashboard once a write is refused with account_suspended; reading goes on, and Sign out leaves', async () => {
    const recorded: unknown[] = [];
    server.use(
      ...dashboardRequests(),
      // The first write of the open dashboard: recording the language the person reads in.
      http.post(`${apiUrl}/rest/v1/rpc/save_notification_settings`, async ({ request }) => {
        recorded.push(await request.json());
        return HttpResponse.json({ code: 'account_suspended', message: 'This account is suspended', details: null, hint: null }, { status: 403 });
      }),
      http.post(`${apiUrl}/auth/v1/logout`, () => new HttpResponse(null, { status: 204 })),
    );
    await renderDashboard();

    const notice = await screen.findByRole('alert');
    expect(recorded).toEqual([{ p_language: 'en', p_email_off: null }]);
    expect(notice).toHaveTextContent('This account is suspended');
    expect(notice).toHaveTextContent('While it is suspended, nothing can be changed: you can still look at your data until you sign out.');
    expect(screen.getByText('My videos')).toBeInTheDocument();

    await userEvent.click(within(notice).getByRole('button', { name: 'Sign out' }));
    expect(await screen.findByText('Sign-in page')).toBeInTheDocument();
    expect(accountSuspended()).toBe(false);
  });

  it('takes the whole page, in Thai too, when the refresh is refused with user_banned, instead of sending to sign-in', async () => {
    server.use(...dashboardRequests(), refusedRefresh('user_banned'));
    await renderDashboard({ language: 'th', expiresIn: -60 });

    const notice = await screen.findByRole('alert');
    expect(notice).toHaveTextContent('บัญชีนี้ถูกระงับ');
    expect(notice).toHaveTextContent('ใช้งานบัญชีนี้ไม่ได้ระหว่างถูกระงับ');
    expect(within(notice).getByRole('button', { name: 'ออกจากระบบ' })).toBeEnabled();
    expect(screen.queryByText('My videos')).not.toBeInTheDocument();
    expect(screen.queryByText('Sign-in page')).not.toBeInTheDocument();
  });

  it('is not shown when the session ends for another reason: that still goes to sign-in', async () => {
    server.use(...dashboardRequests(), refusedRefresh('refresh_token_not_found'));
    await renderDashboard({ expiresIn: -60 });

    expect(await screen.findByText('Sign-in page')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });
});
