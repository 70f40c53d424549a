import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { supabase } from '@/lib/supabase';
import { creatorUser } from '@/testing/data';
import { apiUrl, server } from '@/testing/msw';
import { renderPage } from '@/testing/render';
import { storeSession } from '@/testing/session';
import { signOut } from './sign-out';

const storedSessions = () => Object.keys(localStorage).filter((key) => key.endsWith('-auth-token'));

/** A signed-in device, with the app's Supabase client (renderPage sets it up). */
async function signedIn() {
  await renderPage(<p>page</p>);
  storeSession(creatorUser);
  expect(storedSessions()).toHaveLength(1);
}

describe('signOut', () => {
  it('ends the session on the server and on the device', async () => {
    await signedIn();
    const calls: string[] = [];
    server.use(http.post(`${apiUrl}/auth/v1/logout`, ({ request }) => (calls.push(new URL(request.url).search), new HttpResponse(null, { status: 204 }))));
    await signOut();
    expect(calls).toEqual(['?scope=global']);
    expect(storedSessions()).toEqual([]);
    expect((await supabase().auth.getSession()).data.session).toBeNull();
  });

  it('still ends the session on the device when the server cannot be reached', async () => {
    await signedIn();
    server.use(http.post(`${apiUrl}/auth/v1/logout`, () => HttpResponse.error()));
    await signOut();
    expect(storedSessions()).toEqual([]);
    expect((await supabase().auth.getSession()).data.session).toBeNull();
  });

  it('still ends the session on the device when the server fails', async () => {
    await signedIn();
    server.use(http.post(`${apiUrl}/auth/v1/logout`, () => HttpResponse.json({ message: 'down' }, { status: 503 })));
    await signOut();
    expect(storedSessions()).toEqual([]);
  });
});
