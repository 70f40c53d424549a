import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { setRuntimeConfig } from './config';
import { authAnswerInUrl, authStorageKey, sessionMayExist } from './session';

const supabaseUrl = 'http://127.0.0.1:3000';
const verifierKey = `${authStorageKey(supabaseUrl)}-code-verifier`;
const visit = (path: string) => window.history.replaceState(null, '', path);

describe('authAnswerInUrl', () => {
  beforeEach(() => setRuntimeConfig({ supabaseUrl, supabasePublishableKey: 'sb_publishable_key-of-twenty-chars', tiktokSandbox: false, tiktokPlayerUrl: '' }));
  afterEach(() => visit('/'));

  it('sees a PKCE e-mail link (?code=) when this browser holds the verifier of the flow it began', () => {
    visit('/reset-password?code=0b6f2d4e-2c1a-4c1e-9a55-5f3e0c1d2b3a');
    expect(authAnswerInUrl()).toBe(false);
    localStorage.setItem(verifierKey, JSON.stringify('verifier/PASSWORD_RECOVERY'));
    expect(authAnswerInUrl()).toBe(true);
    expect(sessionMayExist()).toBe(true);
  });

  it('sees a session or an error in the fragment, and nothing in a plain address', () => {
    visit('/#access_token=a&refresh_token=b&type=recovery');
    expect(authAnswerInUrl()).toBe(true);
    visit('/reset-password#error=access_denied&error_code=otp_expired&error_description=Email+link+is+invalid');
    expect(authAnswerInUrl()).toBe(true);
    visit('/dashboard?status=open');
    expect(authAnswerInUrl()).toBe(false);
  });
});
