import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { brandUser, creatorUser, profileOf } from '@/testing/data';
import { apiUrl, server } from '@/testing/msw';
import { renderPage } from '@/testing/render';
import { profileRow } from '@/testing/supabase';
import { enter } from '@/testing/user';
import SettingsPage from './settings-page';

/** The profile update: answers the row the database stored, and keeps what was sent. */
function profileUpdateAnswering(stored: Record<string, unknown>) {
  const sent: Record<string, unknown>[] = [];
  let release = () => {};
  const gate = new Promise<void>((resolve) => (release = resolve));
  server.use(
    http.patch(`${apiUrl}/rest/v1/profiles`, async ({ request }) => {
      sent.push((await request.json()) as Record<string, unknown>);
      await gate;
      return HttpResponse.json(stored);
    }),
  );
  return { sent, release };
}

describe('Settings, profile form', () => {
  it('starts from the saved profile and sends the follower count as a number, or null when emptied', async () => {
    const saved = profileOf(creatorUser, { last_name: 'Sukjai', tiktok_username: 'nok.dances', follower_count: 12_500 });
    server.use(profileRow(saved));
    const update = profileUpdateAnswering({ ...saved, follower_count: null, updated_at: '2026-02-01T08:00:00Z' });
    await renderPage(<SettingsPage />, { user: creatorUser });

    expect(await screen.findByLabelText('First name')).toHaveValue('Nok');
    expect(screen.getByLabelText('TikTok username')).toHaveValue('nok.dances');
    const followers = screen.getByLabelText('TikTok followers');
    expect(followers).toHaveValue(12_500);
    expect(followers).toHaveAttribute('type', 'number');
    expect(screen.queryByLabelText('Website')).not.toBeInTheDocument();

    await userEvent.clear(followers);
    await userEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByRole('button', { name: 'Saving...' })).toBeDisabled();
    update.release();
    expect(await screen.findByText('Profile updated successfully')).toBeInTheDocument();
    expect(update.sent).toEqual([expect.objectContaining({ first_name: 'Nok', last_name: 'Sukjai', follower_count: null })]);

    await enter(screen.getByLabelText('TikTok followers'), '9800');
    await userEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findAllByText('Profile updated successfully')).toHaveLength(2);
    expect(update.sent[1]).toEqual(expect.objectContaining({ follower_count: 9800 }));
  });

  it('shows the database’s reason when it refuses a username', async () => {
    server.use(
      profileRow(profileOf(creatorUser)),
      http.patch(`${apiUrl}/rest/v1/profiles`, () => HttpResponse.json({ code: 'invalid_tiktok_username', message: 'invalid_tiktok_username', details: null, hint: null }, { status: 400 })),
    );
    await renderPage(<SettingsPage />, { user: creatorUser });
    await enter(await screen.findByLabelText('TikTok username'), 'not valid!');
    await userEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText('A TikTok username has only letters, numbers, dots and underscores (up to 24)')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Save changes' })).toBeEnabled();
  });

  it('gives brands their own fields and sends them', async () => {
    const saved = profileOf(brandUser, { website: 'https://glowlab.example', industry: 'Beauty' });
    server.use(profileRow(saved));
    const update = profileUpdateAnswering(saved);
    update.release();
    await renderPage(<SettingsPage />, { user: brandUser });
    expect(await screen.findByLabelText('Brand name')).toHaveValue('GlowLab Skincare');
    expect(screen.getByLabelText('Website')).toHaveValue('https://glowlab.example');
    expect(screen.queryByLabelText('TikTok followers')).not.toBeInTheDocument();
    await userEvent.clear(screen.getByLabelText('Industry'));
    await enter(screen.getByLabelText('Industry'), 'Skincare');
    await userEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText('Profile updated successfully')).toBeInTheDocument();
    expect(update.sent).toEqual([expect.objectContaining({ website: 'https://glowlab.example', industry: 'Skincare', company_name: '' })]);
    expect(update.sent[0]).not.toHaveProperty('follower_count');
  });
});

describe('Settings, account tab', () => {
  it('checks the new password, shows Changing..., says it changed and empties the fields', async () => {
    let release = () => {};
    const gate = new Promise<void>((resolve) => (release = resolve));
    server.use(
      profileRow(profileOf(creatorUser)),
      http.put(`${apiUrl}/auth/v1/user`, async () => {
        await gate;
        return HttpResponse.json({ id: creatorUser.id, aud: 'authenticated', email: creatorUser.email, user_metadata: {}, app_metadata: {} });
      }),
    );
    await renderPage(<SettingsPage />, { user: creatorUser });
    await userEvent.click(await screen.findByRole('tab', { name: 'Account' }));
    expect(screen.getByLabelText('Email')).toHaveValue(creatorUser.email);
    expect(screen.getByText('Creator Account')).toBeInTheDocument();

    await enter(screen.getByLabelText('New password'), 'short');
    await enter(screen.getByLabelText('Confirm new password'), 'short');
    await userEvent.click(screen.getByRole('button', { name: 'Change password' }));
    expect(await screen.findByText('Password must be at least 6 characters')).toBeInTheDocument();

    await userEvent.clear(screen.getByLabelText('New password'));
    await enter(screen.getByLabelText('New password'), 'changed-pw-1');
    await userEvent.clear(screen.getByLabelText('Confirm new password'));
    await enter(screen.getByLabelText('Confirm new password'), 'changed-pw-1');
    await userEvent.click(screen.getByRole('button', { name: 'Change password' }));
    expect(await screen.findByRole('button', { name: 'Changing...' })).toBeDisabled();
    release();
    expect(await screen.findByText('Your password was changed.')).toBeInTheDocument();
    expect(screen.getByLabelText('New password')).toHaveValue('');
  });

  it('gives brands API key and secret fields that are password inputs', async () => {
    server.use(profileRow(profileOf(brandUser)));
    await renderPage(<SettingsPage />, { user: brandUser });
    await userEvent.click(await screen.findByRole('tab', { name: 'Account' }));
    expect(screen.getByText('Brand Account')).toBeInTheDocument();
    expect(screen.getByLabelText('TikTok API key')).toHaveAttribute('type', 'password');
    expect(screen.getByLabelText('TikTok API secret')).toHaveAttribute('type', 'password');
  });
});
