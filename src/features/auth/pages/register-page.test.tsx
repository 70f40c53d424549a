import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { Route, Routes } from 'react-router';
import { describe, expect, it } from 'vitest';
import { apiUrl, server } from '@/testing/msw';
import { renderPage } from '@/testing/render';
import { rpc } from '@/testing/supabase';
import { enter } from '@/testing/user';
import LoginPage from './login-page';
import RegisterPage from './register-page';

const address = () => screen.findByRole('status', { name: 'Current address' });

/** GoTrue's identity list of a new user whose address is still to be confirmed. */
const emailIdentity = (email: string) => [{ identity_id: 'i1', id: 'u1', user_id: 'u1', provider: 'email', identity_data: { sub: 'u1', email, email_verified: false } }];

/** GoTrue's sign-up answer while the e-mail is to be confirmed (a user, no session); it keeps the metadata sent. */
function signUpAnswering() {
  const sent: { email?: string; data?: Record<string, unknown> }[] = [];
  server.use(
    http.post(`${apiUrl}/auth/v1/signup`, async ({ request }) => {
      const body = (await request.json()) as { email: string; data: Record<string, unknown> };
      sent.push(body);
      return HttpResponse.json({ id: 'u1', aud: 'authenticated', role: 'authenticated', email: body.email, user_metadata: body.data, app_metadata: {}, identities: emailIdentity(body.email), created_at: '2026-01-05T08:00:00Z' });
    }),
  );
  return sent;
}

async function fill(fields: Record<string, string>) {
  for (const [label, value] of Object.entries(fields)) {
    const input = screen.getByLabelText(label);
    await userEvent.clear(input);
    await enter(input, value);
  }
}

describe('RegisterPage', () => {
  it('checks the form with the spec’s messages, one at a time, and keeps what was typed across tabs', async () => {
    await renderPage(<RegisterPage />, { url: '/register' });
    await userEvent.click(await screen.findByRole('button', { name: 'Create account' }));
    expect(await screen.findByText('Email and password are required')).toBeInTheDocument();
    expect(screen.getByLabelText('Email')).toHaveFocus();

    await fill({ Email: 'nok@example.test', Password: '12345' });
    await userEvent.click(screen.getByRole('button', { name: 'Create account' }));
    expect(await screen.findByText('Password must be at least 6 characters')).toBeInTheDocument();

    await fill({ Password: '123456' });
    await userEvent.click(screen.getByRole('button', { name: 'Create account' }));
    expect(await screen.findByText('First name is required for creators')).toBeInTheDocument();
    expect(screen.getByLabelText('First name')).toHaveFocus();

    await userEvent.click(screen.getByRole('tab', { name: 'Brand' }));
    expect(screen.queryByText('First name is required for creators')).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Create account' }));
    expect(await screen.findByText('Brand name is required')).toBeInTheDocument();
    expect(screen.getByLabelText('Email')).toHaveValue('nok@example.test');
  });

  it('signs a creator up with the fields as typed, says so, and goes to /login', async () => {
    const sent = signUpAnswering();
    await renderPage(<RegisterPage />, { url: '/register', path: '/register' });
    await screen.findByRole('tab', { name: 'Creator', selected: true });
    await fill({ 'First name': 'Nok', 'TikTok username (optional)': '@nok.dances', 'TikTok followers (optional)': '12500', Email: 'nok@example.test', Password: 'creator-pw-1' });
    await userEvent.click(screen.getByRole('button', { name: 'Create account' }));

    expect(await screen.findByText('User account created successfully! Please sign in.')).toBeInTheDocument();
    expect(await address()).toHaveTextContent(/^\/login$/);
    expect(sent).toEqual([
      expect.objectContaining({
        email: 'nok@example.test',
        data: expect.objectContaining({ user_type: 'creator', first_name: 'Nok', tiktok_username: '@nok.dances', follower_count: '12500' }),
      }),
    ]);
  });

  it('shows Creating account... while it works', async () => {
    let release = () => {};
    const gate = new Promise<void>((resolve) => (release = resolve));
    server.use(
      http.post(`${apiUrl}/auth/v1/signup`, async () => {
        await gate;
        return HttpResponse.json({ id: 'u2', aud: 'authenticated', email: 'tea@example.test', user_metadata: {}, app_metadata: {}, identities: emailIdentity('tea@example.test'), created_at: '2026-01-05T08:00:00Z' });
      }),
    );
    await renderPage(<RegisterPage />, { url: '/signup?type=brand', path: '/signup' });
    await fill({ 'Brand name': 'Siam Tea House', 'Website (optional)': 'siamtea.example', Email: 'tea@example.test', Password: 'brand-pw-1' });
    await userEvent.click(screen.getByRole('button', { name: 'Create account' }));
    expect(await screen.findByRole('button', { name: 'Creating account...' })).toBeDisabled();
    release();
    expect(await screen.findByText('Brand account created successfully! Please sign in.')).toBeInTheDocument();
  });

  it('sends a creator invited by a brand to that brand’s open opportunities after signing in', async () => {
    signUpAnswering();
    const brand = 'a1000000-0000-4000-8000-000000000002';
    await renderPage(<RegisterPage />, { url: `/signup?type=creator&brand=${brand}`, path: '/signup' });
    await fill({ 'First name': 'Invited', Email: 'fan@example.test', Password: 'creator-pw-1' });
    await userEvent.click(screen.getByRole('button', { name: 'Create account' }));
    expect(await address()).toHaveTextContent(`/login?from=${encodeURIComponent(`/dashboard/opportunities?status=open&brand=${brand}`)}`);
  });

  // Issue 33: a new person was welcomed back ("ยินดีต้อนรับกลับมา") on the sign-in page that follows sign-up.
  it('greets a brand who just signed up as new on the sign-in page that follows, with the e-mail filled in', async () => {
    signUpAnswering();
    await renderPage(
      <Routes>
        <Route path="/signup" element={<RegisterPage />} />
        <Route path="/login" element={<LoginPage />} />
      </Routes>,
      { url: '/signup?type=brand' },
    );
    await fill({ 'Brand name': 'Siam Tea House', Email: 'tea@example.test', Password: 'brand-pw-1' });
    await userEvent.click(screen.getByRole('button', { name: 'Create account' }));
    expect(await screen.findByRole('heading', { name: 'Welcome to ViewPact' })).toBeInTheDocument();
    expect(screen.getByText('Your account is ready. Sign in with the password you just chose.')).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Welcome back' })).not.toBeInTheDocument();
    expect(screen.getByLabelText('Email')).toHaveValue('tea@example.test');
  });

  it('greets a creator who just signed up in Thai as new, not welcomed back', async () => {
    signUpAnswering();
    await renderPage(
      <Routes>
        <Route path="/register" element={<RegisterPage />} />
        <Route path="/login" element={<LoginPage />} />
      </Routes>,
      { url: '/register', language: 'th' },
    );
    await screen.findByRole('tab', { name: 'ครีเอเตอร์', selected: true });
    await fill({ ชื่อ: 'นก', อีเมล: 'nok@example.test', รหัสผ่าน: 'creator-pw-1' });
    await userEvent.click(screen.getByRole('button', { name: 'สร้างบัญชี' }));
    expect(await screen.findByRole('heading', { name: 'ยินดีต้อนรับสู่ ViewPact' })).toBeInTheDocument();
    expect(screen.getByText('บัญชีพร้อมแล้ว เข้าสู่ระบบด้วยรหัสผ่านที่เพิ่งตั้งได้เลย')).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'ยินดีต้อนรับกลับมา' })).not.toBeInTheDocument();
  });

  it('says the address has an account when GoTrue answers a confirmed address with a user without identities', async () => {
    const sent: { code_challenge?: string; redirectTo: string | null }[] = [];
    server.use(
      http.post(`${apiUrl}/auth/v1/signup`, async ({ request }) => {
        sent.push({ ...((await request.json()) as { code_challenge?: string }), redirectTo: new URL(request.url).searchParams.get('redirect_to') });
        return HttpResponse.json({ id: 'fresh-id', aud: 'authenticated', role: '', email: 'taken@example.test', user_metadata: {}, app_metadata: {}, identities: [], created_at: '2026-01-05T08:00:00Z' });
      }),
    );
    await renderPage(<RegisterPage />, { url: '/register', path: '/register' });
    await screen.findByRole('tab', { name: 'Creator', selected: true });
    await fill({ 'First name': 'Again', Email: 'taken@example.test', Password: 'creator-pw-1' });
    await userEvent.click(screen.getByRole('button', { name: 'Create account' }));
    expect((await screen.findAllByText('An account with this e-mail already exists. Please sign in instead.')).length).toBeGreaterThan(0);
    expect(screen.getByRole('button', { name: 'Create account' })).toBeEnabled();
    // The app's auth flow is PKCE, as on hosted Supabase with @supabase/ssr.
    expect(sent[0].code_challenge).toMatch(/^[A-Za-z0-9_-]{43}$/);
    // While addresses are confirmed, the e-mailed link leads to the sign-in page.
    expect(sent[0].redirectTo).toBe(`${window.location.origin}/login`);
  });

  it('refuses an admin invite code the database does not know, beside the field and in a toast', async () => {
    server.use(rpc('admin_invite_is_valid', false));
    await renderPage(<RegisterPage />, { url: '/signup?type=admin' });
    expect(await screen.findByText('Manage the platform, users, and monitor content.')).toBeInTheDocument();
    await fill({ 'Admin invite code': 'not-a-code', Email: 'ada@example.test', Password: 'admin-pw-1' });
    await userEvent.click(screen.getByRole('button', { name: 'Create account' }));
    const message = 'This admin invite code is not valid: it may have expired or been used already.';
    expect(await screen.findAllByText(message)).toHaveLength(2);
    expect(screen.getByLabelText('Admin invite code')).toHaveAccessibleDescription(expect.stringContaining(message));
    expect(screen.getByLabelText('Admin invite code')).toHaveAttribute('aria-invalid', 'true');
  });
});
