import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { creatorUser, profileOf } from '@/testing/data';
import { apiUrl, server } from '@/testing/msw';
import { renderPage } from '@/testing/render';
import { profileRow } from '@/testing/supabase';
import { enter } from '@/testing/user';
import LoginPage from './login-page';

describe('LoginPage', () => {
  it('asks for both fields before calling the server', async () => {
    await renderPage(<LoginPage />);
    await enter(await screen.findByLabelText('Email'), 'a@b.test');
    await userEvent.click(screen.getByRole('button', { name: 'Sign In' }));
    expect(await screen.findByText('Please enter both email and password')).toBeInTheDocument();
    expect(screen.getByLabelText('Password')).toHaveFocus();
  });

  it('shows the invalid-credentials message the server answer calls for, and marks both fields', async () => {
    server.use(
      http.post(`${apiUrl}/auth/v1/token`, () =>
        HttpResponse.json({ code: 'invalid_credentials', message: 'Invalid login credentials' }, { status: 400, headers: { 'X-Supabase-Api-Version': '2024-01-01' } }),
      ),
    );
    await renderPage(<LoginPage />);
    await enter(await screen.findByLabelText('Email'), 'a@b.test');
    await enter(screen.getByLabelText('Password'), 'wrong-pw');
    await userEvent.click(screen.getByRole('button', { name: 'Sign In' }));
    expect(await screen.findByText('Invalid email or password')).toBeInTheDocument();
    expect(screen.getByLabelText('Email')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByLabelText('Password')).toHaveAttribute('aria-invalid', 'true');
  });

  it('shows Signing in..., then says so and goes where the user came from', async () => {
    let release = () => {};
    const gate = new Promise<void>((resolve) => (release = resolve));
    const now = Math.floor(Date.now() / 1000);
    server.use(
      http.post(`${apiUrl}/auth/v1/token`, async () => {
        await gate;
        return HttpResponse.json({
          access_token: 'token',
          refresh_token: 'refresh',
          token_type: 'bearer',
          expires_in: 3600,
          expires_at: now + 3600,
          user: { id: creatorUser.id, aud: 'authenticated', email: creatorUser.email, user_metadata: { user_type: 'creator' }, app_metadata: {}, created_at: '2026-01-05T08:00:00Z' },
        });
      }),
      profileRow(profileOf(creatorUser)),
    );
    await renderPage(<LoginPage />, { url: '/login?from=%2Fdashboard%2Fvideos', path: '/login' });
    await enter(await screen.findByLabelText('Email'), creatorUser.email);
    await enter(screen.getByLabelText('Password'), 'creator-pw-1');
    await userEvent.click(screen.getByRole('button', { name: 'Sign In' }));
    expect(await screen.findByRole('button', { name: 'Signing in...' })).toBeDisabled();
    release();
    expect(await screen.findByText('Login successful!')).toBeInTheDocument();
    expect(await screen.findByRole('status', { name: 'Current address' })).toHaveTextContent(/^\/dashboard\/videos$/);
  });

  it('welcomes back anyone who did not just sign up', async () => {
    await renderPage(<LoginPage />, { url: '/login?from=%2Fdashboard%2Fvideos', path: '/login' });
    expect(await screen.findByRole('heading', { name: 'Welcome back' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Welcome to ViewPact' })).not.toBeInTheDocument();
    expect(screen.getByLabelText('Email')).toHaveValue('');
  });

  it('speaks Thai when Thai is chosen', async () => {
    await renderPage(<LoginPage />, { language: 'th' });
    expect(await screen.findByRole('heading', { name: 'ยินดีต้อนรับกลับมา' })).toBeInTheDocument();
    expect(screen.getByLabelText('อีเมล')).toBeInTheDocument();
  });
});
