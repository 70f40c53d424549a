import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { creatorUser, profileOf } from '@/testing/data';
import { apiUrl, server } from '@/testing/msw';
import { renderPage } from '@/testing/render';
import { profileRow } from '@/testing/supabase';
import { enter } from '@/testing/user';
import ForgotPasswordPage from './forgot-password-page';
import ResetPasswordPage from './reset-password-page';

describe('ForgotPasswordPage', () => {
  it('asks for an e-mail address, then a valid one', async () => {
    await renderPage(<ForgotPasswordPage />);
    await userEvent.click(await screen.findByRole('button', { name: 'Send reset link' }));
    expect(await screen.findByText('Please enter your e-mail address')).toBeInTheDocument();
    await enter(screen.getByLabelText('Email'), 'not-an-address');
    await userEvent.click(screen.getByRole('button', { name: 'Send reset link' }));
    expect(await screen.findByText('Please enter a valid e-mail address')).toBeInTheDocument();
  });

  it('shows Sending... and then where the link went', async () => {
    let release = () => {};
    const gate = new Promise<void>((resolve) => (release = resolve));
    const sent: unknown[] = [];
    server.use(
      http.post(`${apiUrl}/auth/v1/recover`, async ({ request }) => {
        sent.push(await request.json());
        await gate;
        return HttpResponse.json({});
      }),
    );
    await renderPage(<ForgotPasswordPage />);
    await enter(await screen.findByLabelText('Email'), '  nok@example.test ');
    await userEvent.click(screen.getByRole('button', { name: 'Send reset link' }));
    expect(await screen.findByRole('button', { name: 'Sending...' })).toBeDisabled();
    release();
    expect(await screen.findByRole('heading', { name: 'Check your e-mail' })).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('If an account exists for nok@example.test, a link to reset the password is on its way.');
    expect(sent).toEqual([expect.objectContaining({ email: 'nok@example.test' })]);
  });

  it('says to wait when an e-mail was just sent', async () => {
    server.use(
      http.post(`${apiUrl}/auth/v1/recover`, () =>
        HttpResponse.json({ code: 'over_email_send_rate_limit', message: 'rate limit' }, { status: 429, headers: { 'X-Supabase-Api-Version': '2024-01-01' } }),
      ),
    );
    await renderPage(<ForgotPasswordPage />);
    await enter(await screen.findByLabelText('Email'), 'nok@example.test');
    await userEvent.click(screen.getByRole('button', { name: 'Send reset link' }));
    expect(await screen.findByText('We just sent an e-mail. Please wait a minute before asking again.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Send reset link' })).toBeEnabled();
  });
});

describe('ResetPasswordPage', () => {
  it('without a recovery session, offers a new link', async () => {
    await renderPage(<ResetPasswordPage />);
    expect(await screen.findByRole('heading', { name: 'This link no longer works' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Request a new link' })).toHaveAttribute('href', '/forgot-password');
  });

  it('checks length and match, then saves, signs out and sends the person to sign in', async () => {
    server.use(
      profileRow(profileOf(creatorUser)),
      http.put(`${apiUrl}/auth/v1/user`, () => HttpResponse.json({ id: creatorUser.id, aud: 'authenticated', email: creatorUser.email, user_metadata: {}, app_metadata: {} })),
      http.post(`${apiUrl}/auth/v1/logout`, () => new HttpResponse(null, { status: 204 })),
    );
    await renderPage(<ResetPasswordPage />, { user: creatorUser, url: '/reset-password', path: '/reset-password' });
    const save = await screen.findByRole('button', { name: 'Save new password' });
    await enter(screen.getByLabelText('New password'), 'short');
    await userEvent.click(save);
    expect(await screen.findByText('Password must be at least 6 characters')).toBeInTheDocument();

    await userEvent.clear(screen.getByLabelText('New password'));
    await enter(screen.getByLabelText('New password'), 'brand-new-pw');
    await enter(screen.getByLabelText('Confirm new password'), 'brand-new-pX');
    await userEvent.click(save);
    expect(await screen.findByText('The two passwords do not match')).toBeInTheDocument();

    await userEvent.clear(screen.getByLabelText('Confirm new password'));
    await enter(screen.getByLabelText('Confirm new password'), 'brand-new-pw');
    await userEvent.click(save);
    expect(await screen.findByText('Your password was changed. Please sign in with it.')).toBeInTheDocument();
    expect(await screen.findByRole('status', { name: 'Current address' })).toHaveTextContent(/^\/login$/);
  });
});
