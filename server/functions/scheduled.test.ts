import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { callRefresh, callSendEmails, startTimer } from './scheduled';

describe('startTimer', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('runs one interval after the start, then one interval after each run ends, never two at once', async () => {
    let running = 0;
    let overlapped = false;
    const finish: (() => void)[] = [];
    const run = vi.fn(async () => {
      running += 1;
      overlapped ||= running > 1;
      await new Promise<void>((done) => finish.push(done));
      running -= 1;
    });
    const timer = startTimer(60_000, run);
    await vi.advanceTimersByTimeAsync(59_999);
    expect(run).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(run).toHaveBeenCalledTimes(1);
    // A slow run: no second one starts while it lasts.
    await vi.advanceTimersByTimeAsync(300_000);
    expect(run).toHaveBeenCalledTimes(1);
    finish.shift()!();
    await vi.advanceTimersByTimeAsync(60_000);
    expect(run).toHaveBeenCalledTimes(2);
    finish.shift()!();
    timer.stop();
    await vi.advanceTimersByTimeAsync(600_000);
    expect(run).toHaveBeenCalledTimes(2);
    expect(overlapped).toBe(false);
  });

  it('keeps going after a failed run, and does not hold the process open', async () => {
    const errors = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const run = vi.fn().mockRejectedValueOnce(new Error('TikTok is down')).mockResolvedValue(undefined);
    const unref = vi.fn();
    const realSetTimeout = globalThis.setTimeout;
    const spy = vi.spyOn(globalThis, 'setTimeout').mockImplementation(((...args: Parameters<typeof setTimeout>) => {
      const handle = realSetTimeout(...args);
      return Object.assign(handle, { unref: () => (unref(), handle) });
    }) as typeof setTimeout);
    const timer = startTimer(1000, run, 'test');
    await vi.advanceTimersByTimeAsync(2000);
    expect(run).toHaveBeenCalledTimes(2);
    expect(errors).toHaveBeenCalledWith('[test] run failed:', 'TikTok is down');
    expect(unref).toHaveBeenCalled();
    timer.stop();
    spy.mockRestore();
    errors.mockRestore();
  });
});

describe('callRefresh', () => {
  it('posts to tiktok-refresh with the secret key, as pg_cron does', async () => {
    const seen: Request[] = [];
    const summary = await callRefresh(
      (request) => {
        seen.push(request);
        return Response.json({ refreshed: 2, unavailable: 1, failed: 0, skipped: 0 });
      },
      'http://127.0.0.1:3000',
      'sb_secret_for-this-test',
    );
    expect(summary).toEqual({ refreshed: 2, unavailable: 1, failed: 0, skipped: 0 });
    expect(seen[0].method).toBe('POST');
    expect(seen[0].url).toBe('http://127.0.0.1:3000/functions/v1/tiktok-refresh');
    expect(seen[0].headers.get('apikey')).toBe('sb_secret_for-this-test');
    expect(seen[0].headers.get('authorization')).toBe('Bearer sb_secret_for-this-test');
    expect(await seen[0].json()).toEqual({});
  });

  it('fails with the status and code of a refusal', async () => {
    await expect(callRefresh(() => Response.json({ code: 'refresh_forbidden' }, { status: 403 }), 'http://x', 'k')).rejects.toThrow('403 (refresh_forbidden)');
  });
});

describe('callSendEmails', () => {
  it('posts to send-emails with the service role key, and fails with the code of a refusal', async () => {
    const seen: Request[] = [];
    const summary = await callSendEmails(
      (request) => {
        seen.push(request);
        return Response.json({ sent: 3, failed: 1 });
      },
      'http://127.0.0.1:3000',
      'service-key',
    );
    expect(summary).toEqual({ sent: 3, failed: 1 });
    expect([seen[0].method, seen[0].url, seen[0].headers.get('authorization')]).toEqual(['POST', 'http://127.0.0.1:3000/functions/v1/send-emails', 'Bearer service-key']);
    await expect(callSendEmails(() => Response.json({ code: 'email_not_configured' }, { status: 503 }), 'http://x', 'k')).rejects.toThrow('send-emails answered 503 (email_not_configured)');
  });
});
