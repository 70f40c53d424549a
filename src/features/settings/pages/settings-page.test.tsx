import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { adminUser, brandUser, creatorUser, profileOf } from '@/testing/data';
import { apiUrl, server } from '@/testing/msw';
import { renderPage } from '@/testing/render';
import { profileRow, restGet } from '@/testing/supabase';
import { enter } from '@/testing/user';
import SettingsPage from './settings-page';

// The profile form says whether the TikTok account is connected: here it is not.
beforeEach(() => server.use(restGet('tiktok_connections', [])));

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

  // Issue 33: brands and creators never see an admin's profile; other admins see the name in the audit log.
  it('tells an admin who sees their profile: other admins, in the audit log; a creator and a brand: brands and creators', async () => {
    server.use(profileRow(profileOf(adminUser, { first_name: 'Ada' })));
    const admin = await renderPage(<SettingsPage />, { user: adminUser });
    expect(await screen.findByText('Your name as other admins see it in the audit log. No field is required.')).toBeInTheDocument();
    expect(screen.queryByText(/How brands and creators see you/)).not.toBeInTheDocument();
    admin.unmount();

    server.use(profileRow(profileOf(brandUser)));
    await renderPage(<SettingsPage />, { user: brandUser });
    expect(await screen.findByText('How brands and creators see you on ViewPact. No field is required.')).toBeInTheDocument();
  });

  it('tells an admin the same in Thai', async () => {
    server.use(profileRow(profileOf(adminUser, { first_name: 'Ada' })));
    await renderPage(<SettingsPage />, { user: adminUser, language: 'th' });
    expect(await screen.findByText('ชื่อที่แอดมินคนอื่นจะเห็นในประวัติการดำเนินการ ไม่มีช่องใดบังคับกรอก')).toBeInTheDocument();
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
  it('asks for the current password, checks the new one, shows Changing..., says it changed and empties the fields', async () => {
    let release = () => {};
    const gate = new Promise<void>((resolve) => (release = resolve));
    const sent: Record<string, unknown>[] = [];
    server.use(
      profileRow(profileOf(creatorUser)),
      http.put(`${apiUrl}/auth/v1/user`, async ({ request }) => {
        sent.push((await request.json()) as Record<string, unknown>);
        await gate;
        return HttpResponse.json({ id: creatorUser.id, aud: 'authenticated', email: creatorUser.email, user_metadata: {}, app_metadata: {} });
      }),
    );
    await renderPage(<SettingsPage />, { user: creatorUser });
    await userEvent.click(await screen.findByRole('tab', { name: 'Account' }));
    expect(screen.getByLabelText('Email')).toHaveValue(creatorUser.email);
    expect(screen.getByText('Creator Account')).toBeInTheDocument();

    await enter(screen.getByLabelText('New password'), 'changed-pw-1');
    await enter(screen.getByLabelText('Confirm new password'), 'changed-pw-1');
    await userEvent.click(screen.getByRole('button', { name: 'Change password' }));
    expect(await screen.findByText('Please enter the current password')).toBeInTheDocument();
    await enter(screen.getByLabelText('Current password'), 'old-pw-1');

    await userEvent.clear(screen.getByLabelText('New password'));
    await enter(screen.getByLabelText('New password'), 'short');
    await userEvent.clear(screen.getByLabelText('Confirm new password'));
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
    expect(screen.getByLabelText('Current password')).toHaveValue('');
    expect(sent).toEqual([expect.objectContaining({ password: 'changed-pw-1', current_password: 'old-pw-1' })]);
  });

  it('shows a wrong current password under its field', async () => {
    server.use(
      profileRow(profileOf(creatorUser)),
      http.put(`${apiUrl}/auth/v1/user`, () => HttpResponse.json({ code: 'current_password_mismatch', error_code: 'current_password_mismatch', msg: 'Current password is incorrect' }, { status: 400 })),
    );
    await renderPage(<SettingsPage />, { user: creatorUser });
    await userEvent.click(await screen.findByRole('tab', { name: 'Account' }));
    await enter(screen.getByLabelText('Current password'), 'not-it-1');
    await enter(screen.getByLabelText('New password'), 'changed-pw-1');
    await enter(screen.getByLabelText('Confirm new password'), 'changed-pw-1');
    await userEvent.click(screen.getByRole('button', { name: 'Change password' }));
    expect(await screen.findByText('The current password is not right.')).toBeInTheDocument();
    expect(screen.getByLabelText('Current password')).toHaveAttribute('aria-invalid', 'true');
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

describe('Settings, personal data', () => {
  afterEach(() => vi.restoreAllMocks());

  it('downloads everything as viewpact-data-<date>.json', async () => {
    const saved: { blob: Blob; name: string }[] = [];
    let last: Blob | undefined;
    vi.spyOn(URL, 'createObjectURL').mockImplementation((blob) => {
      last = blob as Blob;
      return 'blob:data';
    });
    vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => undefined);
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push({ blob: last!, name: this.download });
    });
    server.use(
      profileRow(profileOf(creatorUser)),
      http.post(`${apiUrl}/rest/v1/rpc/export_my_data`, () => HttpResponse.json({ format: 'viewpact-personal-data-1', profile: { id: creatorUser.id } })),
    );
    await renderPage(<SettingsPage />, { user: creatorUser });
    await userEvent.click(await screen.findByRole('tab', { name: 'Account' }));
    await userEvent.click(screen.getByRole('button', { name: 'Download my data' }));
    await waitFor(() => expect(saved).toHaveLength(1));
    expect(saved[0].name).toMatch(/^viewpact-data-\d{4}-\d{2}-\d{2}\.json$/);
    expect(JSON.parse(await saved[0].blob.text())).toEqual({ format: 'viewpact-personal-data-1', profile: { id: creatorUser.id } });
    expect(await screen.findByText('The data was downloaded.')).toBeInTheDocument();
  });

  it('deletes the account with the password, says what tax law keeps, and leaves for the home page', async () => {
    const passwords: unknown[] = [];
    server.use(
      profileRow(profileOf(creatorUser)),
      http.post(`${apiUrl}/rest/v1/rpc/delete_my_account`, async ({ request }) => {
        const { p_password: password } = (await request.json()) as { p_password: string };
        passwords.push(password);
        return HttpResponse.json(password === 'right-pw' ? { deleted: true, tax_records_kept: true } : { deleted: false, code: 'password_incorrect' });
      }),
      http.post(`${apiUrl}/auth/v1/logout`, () => new HttpResponse(null, { status: 204 })),
    );
    await renderPage(<SettingsPage />, { user: creatorUser, url: '/dashboard/settings', path: '/dashboard/settings' });
    await userEvent.click(await screen.findByRole('tab', { name: 'Account' }));
    await userEvent.click(screen.getByRole('button', { name: 'Delete my account' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete this account?' });
    expect(dialog).toHaveTextContent('statements, payouts and withholding tax certificates');
    expect(within(dialog).queryByText(/Open opportunities close/)).not.toBeInTheDocument();

    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete account' }));
    expect(await within(dialog).findByText('Enter the password.')).toBeInTheDocument();
    await enter(within(dialog).getByLabelText('Password'), 'wrong-pw');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete account' }));
    expect(await within(dialog).findByText('That password is not right.')).toBeInTheDocument();

    await userEvent.clear(within(dialog).getByLabelText('Password'));
    await enter(within(dialog).getByLabelText('Password'), 'right-pw');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete account' }));
    expect(await screen.findByRole('status', { name: 'Current address' })).toHaveTextContent(/^\/$/);
    expect(await screen.findByText('The account was deleted.')).toBeInTheDocument();
    expect(passwords).toEqual(['wrong-pw', 'right-pw']);
  });

  it('tells a brand that owes money how much is still open, to the satang, and keeps the account', async () => {
    const details = { open_satang: 1_234_567, invoices_due_satang: 1_200_000, unclosed_satang: 34_567, due_months: [{ month: '2026-10-01', amount_satang: 1_200_000 }] };
    server.use(
      profileRow(profileOf(brandUser)),
      http.post(`${apiUrl}/rest/v1/rpc/delete_my_account`, () =>
        HttpResponse.json({ code: 'brand_owes_money', message: 'This account still owes 1234567 satang', details: JSON.stringify(details), hint: null }, { status: 409 }),
      ),
    );
    await renderPage(<SettingsPage />, { user: brandUser, url: '/dashboard/settings', path: '/dashboard/settings' });
    await userEvent.click(await screen.findByRole('tab', { name: 'Account' }));
    await userEvent.click(screen.getByRole('button', { name: 'Delete my account' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete this account?' });
    await enter(within(dialog).getByLabelText('Password'), 'right-pw');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete account' }));

    const alert = await within(dialog).findByRole('alert');
    expect(alert).toHaveTextContent('This account still owes money');
    expect(alert).toHaveTextContent('Still to pay: ฿12,345.67');
    expect(alert).toHaveTextContent('Invoices not paid yet: ฿12,000.00');
    expect(alert).toHaveTextContent('Counted views not invoiced yet: ฿345.67');
    // Still here: the dialog stays open and the page did not move.
    expect(dialog).toBeInTheDocument();
    expect(screen.queryByRole('status', { name: 'Current address' })).not.toBeInTheDocument();
  });
});
