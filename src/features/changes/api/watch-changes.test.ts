import { QueryClient, QueryObserver, type QueryKey } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { adminKeys } from '@/features/admin/api/keys';
import { earningsKeys } from '@/features/earnings/api/keys';
import { metricsKeys } from '@/features/metrics/api/keys';
import { notificationKeys } from '@/features/notifications/api/keys';
import { opportunityKeys } from '@/features/opportunities/api/keys';
import { paymentsKeys } from '@/features/payments/api/keys';
import { firstPage } from '@/lib/paging';
import { reviewKeys } from '@/features/reviews/api/keys';
import { videoKeys } from '@/features/videos/api/keys';
import type { Changes } from './get-my-changes';
import { changesIntervalMs, watchChanges, type ChangeWatcher } from './watch-changes';

const userId = 'user-1';
const minute = 60_000;

/** A tab whose visibility the test sets. */
function fakeDocument() {
  const target = new EventTarget();
  const doc = Object.assign(target, { visibilityState: 'visible' as DocumentVisibilityState });
  return {
    doc: doc as unknown as Document,
    show(state: DocumentVisibilityState) {
      doc.visibilityState = state;
      target.dispatchEvent(new Event('visibilitychange'));
    },
  };
}

/** What my_changes answers, changed by the test between questions. */
function fakeServer(initial: Partial<Changes> = {}) {
  let state: Changes = { money: 1, moneyAt: null, autoApprovedAt: null, news: 1, unread: 0, now: new Date(Date.now()).toISOString(), ...initial };
  const fetchChanges = vi.fn(async () => ({ ...state, now: new Date(Date.now()).toISOString() }));
  return { fetchChanges, set: (change: Partial<Changes>) => (state = { ...state, ...change }) };
}

let queryClient: QueryClient;
let watcher: ChangeWatcher | undefined;
const unsubscribers: (() => void)[] = [];

/** A query on screen (observed), counting its reads; `gate` holds a read until the test opens it. */
function onScreen(queryKey: QueryKey, options: { gate?: () => Promise<void>; initial?: { data: number; at: number } } = {}) {
  const reads = { count: 0 };
  const observer = new QueryObserver(queryClient, {
    queryKey,
    queryFn: async () => {
      reads.count += 1;
      await options.gate?.();
      return reads.count;
    },
    staleTime: Infinity,
    ...(options.initial ? { initialData: options.initial.data, initialDataUpdatedAt: options.initial.at } : {}),
  });
  unsubscribers.push(observer.subscribe(() => undefined));
  return reads;
}

const unread = () => queryClient.getQueryData<number>(notificationKeys.unread(userId));

beforeEach(() => {
  vi.useFakeTimers({ now: new Date('2026-11-27T10:00:00Z') });
  queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
});
afterEach(() => {
  watcher?.stop();
  watcher = undefined;
  unsubscribers.splice(0).forEach((unsubscribe) => unsubscribe());
  queryClient.clear();
  vi.useRealTimers();
});

describe('the change watcher', () => {
  it('asks at once, then every 3 seconds, one question at a time', async () => {
    const server = fakeServer();
    const { doc } = fakeDocument();
    let answer!: () => void;
    server.fetchChanges.mockImplementationOnce(async () => {
      await new Promise<void>((resolve) => (answer = resolve));
      return { money: 1, moneyAt: null, autoApprovedAt: null, news: 1, unread: 2, now: new Date().toISOString() };
    });
    watcher = watchChanges({ queryClient, userId, fetchChanges: server.fetchChanges, document: doc });
    expect(server.fetchChanges).toHaveBeenCalledTimes(1);
    // A slow answer: no second question meanwhile, however long it takes.
    await vi.advanceTimersByTimeAsync(10_000);
    void watcher.check();
    expect(server.fetchChanges).toHaveBeenCalledTimes(1);
    answer();
    await vi.advanceTimersByTimeAsync(0);
    expect(unread()).toBe(2);
    await vi.advanceTimersByTimeAsync(changesIntervalMs - 1);
    expect(server.fetchChanges).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(server.fetchChanges).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(3 * changesIntervalMs);
    expect(server.fetchChanges).toHaveBeenCalledTimes(5);

    watcher.stop();
    await vi.advanceTimersByTimeAsync(10 * changesIntervalMs);
    expect(server.fetchChanges).toHaveBeenCalledTimes(5);
  });

  it('pauses while the tab is hidden, and asks at once when it shows again', async () => {
    const server = fakeServer();
    const tab = fakeDocument();
    tab.show('hidden');
    watcher = watchChanges({ queryClient, userId, fetchChanges: server.fetchChanges, document: tab.doc });
    await vi.advanceTimersByTimeAsync(minute);
    expect(server.fetchChanges).not.toHaveBeenCalled();

    tab.show('visible');
    expect(server.fetchChanges).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(changesIntervalMs);
    expect(server.fetchChanges).toHaveBeenCalledTimes(2);

    tab.show('hidden');
    await vi.advanceTimersByTimeAsync(minute);
    expect(server.fetchChanges).toHaveBeenCalledTimes(2);
    server.set({ unread: 4 });
    tab.show('visible');
    await vi.advanceTimersByTimeAsync(0);
    expect(server.fetchChanges).toHaveBeenCalledTimes(3);
    expect(unread()).toBe(4);

    // Hidden while a question is out: its answer is used, and no other question follows.
    let answer!: () => void;
    server.fetchChanges.mockImplementationOnce(async () => {
      await new Promise<void>((resolve) => (answer = resolve));
      return { money: 1, moneyAt: null, autoApprovedAt: null, news: 1, unread: 5, now: new Date().toISOString() };
    });
    await vi.advanceTimersByTimeAsync(changesIntervalMs);
    tab.show('hidden');
    answer();
    await vi.advanceTimersByTimeAsync(minute);
    expect(unread()).toBe(5);
    expect(server.fetchChanges).toHaveBeenCalledTimes(4);
  });

  it('when the money stamp moves, reads every money query again, and only then shows the bell’s new count', async () => {
    const server = fakeServer();
    let open: () => void = () => undefined;
    const metrics = onScreen(metricsKeys.creator(userId), { gate: () => new Promise<void>((resolve) => (open = resolve)) });
    const others = [
      earningsKeys.thisMonth(userId),
      videoKeys.latest('creator', userId),
      reviewKeys.pending(userId),
      opportunityKeys.budget('brief-1'),
      opportunityKeys.creators(userId, { briefId: 'brief-1' }),
      opportunityKeys.list({ status: 'open', limit: 3 }),
      paymentsKeys.duePayouts(1),
      paymentsKeys.brandInvoices(userId, 1),
      adminKeys.videos({ search: '', signal: 'all', sort: 'newest', page: firstPage }),
    ].map((key) => onScreen(key));
    open();
    watcher = watchChanges({ queryClient, userId, fetchChanges: server.fetchChanges, document: fakeDocument().doc });
    await vi.advanceTimersByTimeAsync(0);
    expect(unread()).toBe(0);
    expect(metrics.count).toBe(1);

    // The brand approved a video: the money stamp moved, and the creator has a notification.
    server.set({ money: 2, moneyAt: new Date().toISOString(), news: 2, unread: 1 });
    await vi.advanceTimersByTimeAsync(changesIntervalMs);
    expect(metrics.count).toBe(2);
    expect(others.map((reads) => reads.count)).toEqual(others.map(() => 2));
    // The figures are being read: the bell waits for them.
    expect(unread()).toBe(0);
    open();
    await vi.advanceTimersByTimeAsync(0);
    expect(unread()).toBe(1);

    // Nothing moved: nothing is read again.
    await vi.advanceTimersByTimeAsync(changesIntervalMs);
    expect(metrics.count).toBe(2);
  });

  it('reads the money again when the 72-hour clock approves a review, which writes nothing', async () => {
    const server = fakeServer();
    const metrics = onScreen(metricsKeys.brand(userId));
    watcher = watchChanges({ queryClient, userId, fetchChanges: server.fetchChanges, document: fakeDocument().doc });
    await vi.advanceTimersByTimeAsync(0);
    server.set({ autoApprovedAt: new Date().toISOString() });
    await vi.advanceTimersByTimeAsync(changesIntervalMs);
    expect(metrics.count).toBe(2);
  });

  it('on a new notification, or one read elsewhere, refreshes the lists and the count, not the money', async () => {
    const server = fakeServer({ unread: 3 });
    const metrics = onScreen(metricsKeys.creator(userId));
    const latest = onScreen(notificationKeys.latest(userId));
    watcher = watchChanges({ queryClient, userId, fetchChanges: server.fetchChanges, document: fakeDocument().doc });
    await vi.advanceTimersByTimeAsync(0);

    server.set({ news: 2, unread: 4 });
    await vi.advanceTimersByTimeAsync(changesIntervalMs);
    expect(latest.count).toBe(2);
    expect(unread()).toBe(4);
    server.set({ unread: 0 });
    await vi.advanceTimersByTimeAsync(changesIntervalMs);
    expect(latest.count).toBe(3);
    expect(unread()).toBe(0);
    expect(metrics.count).toBe(1);
  });

  it('on its first answer, reads again the figures read before the last change (a device copy among them), not those read after', async () => {
    const server = fakeServer({ money: 7, moneyAt: new Date(Date.now() - minute).toISOString() });
    // A copy from 3 minutes ago (the creator's figures in local storage), and figures read 10 seconds ago.
    const copied = onScreen(metricsKeys.creator(userId), { initial: { data: 0, at: Date.now() - 3 * minute } });
    const recent = onScreen(earningsKeys.thisMonth(userId), { initial: { data: 0, at: Date.now() - 10_000 } });
    watcher = watchChanges({ queryClient, userId, fetchChanges: server.fetchChanges, document: fakeDocument().doc });
    await vi.advanceTimersByTimeAsync(0);
    expect(copied.count).toBe(1);
    expect(recent.count).toBe(0);
  });

  it('on its first answer, reads nothing again when money last changed before the figures were read', async () => {
    const server = fakeServer({ money: 7, moneyAt: new Date(Date.now() - 60 * minute).toISOString() });
    const figures = onScreen(metricsKeys.creator(userId), { initial: { data: 0, at: Date.now() - 3 * minute } });
    watcher = watchChanges({ queryClient, userId, fetchChanges: server.fetchChanges, document: fakeDocument().doc });
    await vi.advanceTimersByTimeAsync(0);
    expect(figures.count).toBe(0);
    expect(unread()).toBe(0);
  });

  it('leaves alone the queries that show no money', async () => {
    const server = fakeServer();
    const untouched = [
      metricsKeys.payRates(),
      earningsKeys.payoutAccount(userId),
      paymentsKeys.banks(),
      videoKeys.preview('https://www.tiktok.com/@a/video/1'),
      adminKeys.invites(),
      notificationKeys.settings(userId),
    ].map((key) => onScreen(key));
    await vi.advanceTimersByTimeAsync(0);
    watcher = watchChanges({ queryClient, userId, fetchChanges: server.fetchChanges, document: fakeDocument().doc });
    await vi.advanceTimersByTimeAsync(0);
    server.set({ money: 2, moneyAt: new Date().toISOString() });
    await vi.advanceTimersByTimeAsync(changesIntervalMs);
    expect(untouched.map((reads) => reads.count)).toEqual(untouched.map(() => 1));
  });

  it('keeps what is shown when a question fails, and asks again at the next turn', async () => {
    const server = fakeServer({ unread: 2 });
    watcher = watchChanges({ queryClient, userId, fetchChanges: server.fetchChanges, document: fakeDocument().doc });
    await vi.advanceTimersByTimeAsync(0);
    expect(unread()).toBe(2);
    server.fetchChanges.mockRejectedValueOnce(new Error('offline'));
    server.set({ unread: 3 });
    await vi.advanceTimersByTimeAsync(changesIntervalMs);
    expect(unread()).toBe(2);
    await vi.advanceTimersByTimeAsync(changesIntervalMs);
    expect(unread()).toBe(3);
  });
});
