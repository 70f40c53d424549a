import { act, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '@/i18n';
import { startSignedOut } from '@/testing/render';
import { backOnlineMs, noticeHeightVariable, OfflineNotice } from './offline-notice';

function setConnection(online: boolean) {
  vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(online);
  act(() => void window.dispatchEvent(new Event(online ? 'online' : 'offline')));
}

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
  window.dispatchEvent(new Event('online'));
});

const status = () => screen.getByRole('status');

describe('the offline notice (issue 33)', () => {
  it('says nothing while online', async () => {
    await startSignedOut('en');
    render(<OfflineNotice />);
    expect(status()).toBeEmptyDOMElement();
    expect(document.documentElement.style.getPropertyValue(noticeHeightVariable)).toBe('');
  });

  it('says the browser is offline and that nothing is sent, then "Back online." for a few seconds', async () => {
    await startSignedOut('en');
    render(<OfflineNotice />);
    setConnection(false);
    expect(status()).toHaveTextContent(
      'You are offline. What is on screen stays and you can move between pages you have opened, but nothing is sent until you are back online.',
    );
    // The toasts and the page's end make room for it.
    expect(document.documentElement.style.getPropertyValue(noticeHeightVariable)).toMatch(/^\d+px$/);

    vi.useFakeTimers();
    setConnection(true);
    expect(status()).toHaveTextContent(/^Back online\.$/);
    act(() => vi.advanceTimersByTime(backOnlineMs - 100));
    expect(status()).toHaveTextContent('Back online.');
    act(() => vi.advanceTimersByTime(200));
    expect(status()).toBeEmptyDOMElement();
    expect(document.documentElement.style.getPropertyValue(noticeHeightVariable)).toBe('');
  });

  it('goes back to saying offline when the connection drops again before "Back online." is gone', async () => {
    await startSignedOut('en');
    render(<OfflineNotice />);
    setConnection(false);
    setConnection(true);
    setConnection(false);
    expect(status()).toHaveTextContent(/^You are offline\./);
    expect(status()).not.toHaveTextContent('Back online.');
  });

  it('speaks Thai', async () => {
    await startSignedOut('th');
    render(<OfflineNotice />);
    setConnection(false);
    expect(status()).toHaveTextContent(i18n.t('common:offline.title'));
    expect(status()).toHaveTextContent('ตอนนี้ไม่มีอินเทอร์เน็ต ข้อมูลบนหน้าจอยังอยู่');
    setConnection(true);
    expect(status()).toHaveTextContent('กลับมาออนไลน์แล้ว');
  });
});
