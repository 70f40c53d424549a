import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { apiUrl, server } from '@/testing/msw';
import { renderPage } from '@/testing/render';
import LoginPage from './login-page';

describe('LoginPage', () => {
  it('asks for both fields before calling the server', async () => {
    await renderPage(<LoginPage />);
    await userEvent.type(await screen.findByLabelText('Email'), 'a@b.test');
    await userEvent.click(screen.getByRole('button', { name: 'Sign In' }));
    expect(await screen.findByText('Please enter both email and password')).toBeInTheDocument();
  });

  it('shows the invalid-credentials message the server answer calls for', async () => {
    server.use(
      http.post(`${apiUrl}/auth/v1/token`, () =>
        HttpResponse.json({ code: 'invalid_credentials', message: 'Invalid login credentials' }, { status: 400, headers: { 'X-Supabase-Api-Version': '2024-01-01' } }),
      ),
    );
    await renderPage(<LoginPage />);
    await userEvent.type(await screen.findByLabelText('Email'), 'a@b.test');
    await userEvent.type(screen.getByLabelText('Password'), 'wrong-pw');
    await userEvent.click(screen.getByRole('button', { name: 'Sign In' }));
    expect(await screen.findByText('Invalid email or password')).toBeInTheDocument();
  });

  it('speaks Thai when Thai is chosen', async () => {
    await renderPage(<LoginPage />, { language: 'th' });
    expect(await screen.findByRole('heading', { name: 'ยินดีต้อนรับกลับมา' })).toBeInTheDocument();
    expect(screen.getByLabelText('อีเมล')).toBeInTheDocument();
  });
});
