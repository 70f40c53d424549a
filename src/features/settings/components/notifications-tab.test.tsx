import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { adminUser, brandUser, creatorUser, profileOf } from '@/testing/data';
import { apiUrl, server } from '@/testing/msw';
import { renderPage } from '@/testing/render';
import type { TestUser } from '@/testing/session';
import { profileRow, restGet, rpc } from '@/testing/supabase';
import SettingsPage from '../pages/settings-page';

type Answer = { status: number; body: object };

/** Settings → Notifications for `user`: the e-mails the database says apply, the stored row (or none), and the save rpc, which keeps what was sent. */
async function renderTab(user: TestUser, { types = [] as string[], stored = null as object | null, answer = null as Answer | null, language = 'en' as 'en' | 'th' } = {}) {
  const sent: Record<string, unknown>[] = [];
  server.use(
    profileRow(profileOf(user)),
    rpc('notification_email_types', types),
    restGet('notification_settings', stored ? [stored] : [], { when: (query) => query.get('user_id') === `eq.${user.id}` }),
    http.post(`${apiUrl}/rest/v1/rpc/save_notification_settings`, async ({ request }) => {
      const body = (await request.json()) as Record<string, unknown>;
      sent.push(body);
      if (answer) return HttpResponse.json(answer.body, { status: answer.status });
      return HttpResponse.json({ user_id: user.id, language: body.p_language ?? 'en', email_off: body.p_email_off ?? [], updated_at: '2026-11-25T08:00:00Z' });
    }),
  );
  await renderPage(<SettingsPage />, { user, url: '/dashboard/settings?tab=notifications', language });
  return { sent };
}

const creatorTypes = ['video_rejected', 'statement_ready', 'payout_sent', 'brief_budget_reached'];

describe('Settings → Notifications', () => {
  it('gives a creator a switch per e-mail, on unless switched off, and saves a toggle with a toast', async () => {
    const { sent } = await renderTab(creatorUser, { types: creatorTypes, stored: { language: 'en', email_off: ['payout_sent'] } });
    expect(await screen.findByRole('tab', { name: 'Notifications', selected: true })).toBeInTheDocument();
    const rejected = await screen.findByRole('switch', { name: 'Video rejected' });
    expect(rejected).toHaveAttribute('aria-checked', 'true');
    expect(rejected).toHaveAccessibleDescription('When a brand rejects one of your videos.');
    expect(screen.getByRole('switch', { name: 'Payout sent' })).toHaveAttribute('aria-checked', 'false');
    expect(screen.getAllByRole('switch')).toHaveLength(4);
    expect(screen.getByText('In-app notifications are always on.')).toBeInTheDocument();

    await userEvent.click(rejected);
    expect(await screen.findByText('Notification settings saved')).toBeInTheDocument();
    expect(sent).toEqual([{ p_language: null, p_email_off: ['payout_sent', 'video_rejected'] }]);
    expect(screen.getByRole('switch', { name: 'Video rejected' })).toHaveAttribute('aria-checked', 'false');

    await userEvent.click(screen.getByRole('switch', { name: 'Payout sent' }));
    await waitFor(() => expect(sent[1]).toEqual({ p_language: null, p_email_off: ['video_rejected'] }));
    await waitFor(() => expect(screen.getByRole('switch', { name: 'Payout sent' })).toHaveAttribute('aria-checked', 'true'));
  });

  it('gives a brand its own e-mails, all on when nothing is stored', async () => {
    await renderTab(brandUser, { types: ['review_waiting', 'budget_reached'] });
    expect(await screen.findByRole('switch', { name: 'Videos to review' })).toHaveAttribute('aria-checked', 'true');
    expect(screen.getByRole('switch', { name: 'Budget reached' })).toHaveAttribute('aria-checked', 'true');
    expect(screen.queryByRole('switch', { name: 'Payout sent' })).not.toBeInTheDocument();
  });

  it('tells admins that no e-mails are sent to them', async () => {
    await renderTab(adminUser, { types: [] });
    expect(await screen.findByText('No e-mails are sent to admins for now.')).toBeInTheDocument();
    expect(screen.queryByRole('switch')).not.toBeInTheDocument();
    expect(screen.getByText('In-app notifications are always on.')).toBeInTheDocument();
  });

  it('shows the database’s refusal in a toast and keeps the switch as it was', async () => {
    await renderTab(creatorUser, { types: creatorTypes, answer: { status: 400, body: { code: 'notification_type_invalid', message: 'notification_type_invalid', details: null, hint: null } } });
    await userEvent.click(await screen.findByRole('switch', { name: 'Monthly statement' }));
    expect(await screen.findByText('That is not a notification e-mail you can switch.')).toBeInTheDocument();
    expect(screen.getByRole('switch', { name: 'Monthly statement' })).toHaveAttribute('aria-checked', 'true');
  });

  it('speaks Thai', async () => {
    await renderTab(creatorUser, { types: creatorTypes, language: 'th' });
    expect(await screen.findByRole('switch', { name: 'ได้รับยอดโอนแล้ว' })).toHaveAccessibleDescription('เมื่อได้รับยอดโอนจาก ViewPact');
    expect(screen.getByText('การแจ้งเตือนในแอปเปิดอยู่เสมอ')).toBeInTheDocument();
  });
});
