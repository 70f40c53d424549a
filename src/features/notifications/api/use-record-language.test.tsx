import { act, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { useAuth } from '@/features/auth/api/use-auth';
import { i18n } from '@/i18n';
import { creatorUser, profileOf } from '@/testing/data';
import { apiUrl, server } from '@/testing/msw';
import { renderPage } from '@/testing/render';
import { profileRow, restGet } from '@/testing/supabase';
import { useRecordLanguage } from './use-record-language';

function Recorder() {
  const { user } = useAuth();
  useRecordLanguage(user?.id);
  return null;
}

/** The stored settings row (or none), and save_notification_settings keeping what was sent. */
function settingsBackend(stored: { language: string; email_off: string[] } | null) {
  const sent: Record<string, unknown>[] = [];
  let loaded = 0;
  server.use(
    profileRow(profileOf(creatorUser)),
    restGet('notification_settings', stored ? [stored] : [], {
      when: () => {
        loaded += 1;
        return true;
      },
    }),
    http.post(`${apiUrl}/rest/v1/rpc/save_notification_settings`, async ({ request }) => {
      const body = (await request.json()) as Record<string, unknown>;
      sent.push(body);
      return HttpResponse.json({ user_id: creatorUser.id, language: body.p_language, email_off: [], updated_at: '2026-11-25T08:00:00Z' });
    }),
  );
  return { sent, loaded: () => loaded };
}

describe('useRecordLanguage', () => {
  it('records the app language when none is stored, and again when the reader switches', async () => {
    const backend = settingsBackend(null);
    await renderPage(<Recorder />, { user: creatorUser, language: 'en' });
    await waitFor(() => expect(backend.sent).toEqual([{ p_language: 'en', p_email_off: null }]));
    await act(() => i18n.changeLanguage('th'));
    await waitFor(() => expect(backend.sent).toEqual([{ p_language: 'en', p_email_off: null }, { p_language: 'th', p_email_off: null }]));
  });

  it('saves nothing while the stored language is the app’s', async () => {
    const backend = settingsBackend({ language: 'th', email_off: [] });
    await renderPage(<Recorder />, { user: creatorUser, language: 'th' });
    await waitFor(() => expect(backend.loaded()).toBeGreaterThan(0));
    // The first save is the switch to English: none was made for Thai, the stored one.
    await act(() => i18n.changeLanguage('en'));
    await waitFor(() => expect(backend.sent).toHaveLength(1));
    expect(backend.sent).toEqual([{ p_language: 'en', p_email_off: null }]);
  });
});
