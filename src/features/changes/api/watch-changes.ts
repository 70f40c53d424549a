import type { Query, QueryClient, QueryFilters } from '@tanstack/react-query';
import { notificationKeys } from '@/features/notifications/api/keys';
import type { Changes } from './get-my-changes';
import { moneyQueryFilters } from './money-queries';

/** How often a visible tab asks what changed (issue 29: new figures on screen within 5 seconds). */
export const changesIntervalMs = 3_000;

/**
 * How long a read of figures may take. On the first answer there is nothing to compare with: the
 * figures read (or still being read) less than this after the last change may predate it.
 */
export const readAllowanceMs = 5_000;

export type ChangeWatcher = {
  /** Asks now (or joins the question already asked), and answers when its consequences are on screen. */
  check(): Promise<void>;
  stop(): void;
};

export type WatchOptions = {
  queryClient: QueryClient;
  userId: string;
  fetchChanges: () => Promise<Changes>;
  intervalMs?: number;
  document?: Document;
  now?: () => number;
};

const latest = (...times: (string | null)[]) => {
  const parsed = times.filter((time): time is string => time !== null).map((time) => Date.parse(time));
  return parsed.length ? Math.max(...parsed) : null;
};

/**
 * The money queries whose figures may be older than the change `next` reports, on a first answer.
 * The change happened, on this device's clock, at the latest at `answeredAt` minus its age on the
 * server's clock (so no clock needs to agree with the other).
 */
function mayPredate(next: Changes, answeredAt: number): QueryFilters[] {
  const changedAt = latest(next.moneyAt, next.autoApprovedAt);
  if (changedAt === null) return [];
  const change = answeredAt - (Date.parse(next.now) - changedAt);
  const older = (query: Query) =>
    (query.state.dataUpdatedAt > 0 && query.state.dataUpdatedAt < change + readAllowanceMs) ||
    (query.state.fetchStatus === 'fetching' && change > answeredAt - readAllowanceMs);
  return moneyQueryFilters().map((filter) => ({ ...filter, predicate: (query: Query) => (filter.predicate?.(query) ?? true) && older(query) }));
}

/**
 * Keeps the open screens of `userId` fresh (issue 29): asks public.my_changes() every
 * `intervalMs` while the tab is visible (paused while hidden, asked at once when it shows again).
 * When the money stamp moves (or, on the first answer, when money changed after the figures on
 * screen were read), every money query is read again; only once those reads are done does the
 * bell show the new unread count, so the figures are never older than what the bell announces.
 * A new notification, or one read elsewhere, refreshes the notification lists.
 */
export function watchChanges({ queryClient, userId, fetchChanges, intervalMs = changesIntervalMs, document: doc = document, now = Date.now }: WatchOptions): ChangeWatcher {
  let last: Changes | undefined;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let running: Promise<void> | undefined;
  let stopped = false;

  const visible = () => doc.visibilityState !== 'hidden';

  const schedule = () => {
    clearTimeout(timer);
    if (!stopped && visible()) timer = setTimeout(() => void check(), intervalMs);
  };

  async function apply(next: Changes, answeredAt: number) {
    const previous = last;
    last = next;
    const money = !previous
      ? mayPredate(next, answeredAt)
      : next.money !== previous.money || next.autoApprovedAt !== previous.autoApprovedAt
        ? moneyQueryFilters()
        : [];
    // The figures first: invalidateQueries answers once the queries on screen are read again.
    await Promise.all(money.map((filter) => queryClient.invalidateQueries(filter)));
    if (stopped) return;
    if (previous && (next.news !== previous.news || next.unread !== previous.unread)) {
      void queryClient.invalidateQueries({ queryKey: notificationKeys.lists(userId) });
    }
    queryClient.setQueryData(notificationKeys.unread(userId), next.unread);
  }

  async function ask() {
    let next: Changes;
    try {
      next = await fetchChanges();
    } catch {
      // Offline or refused: what is on screen stays, and the next turn asks again.
      return;
    }
    if (!stopped) await apply(next, now());
  }

  function check(): Promise<void> {
    if (stopped) return Promise.resolve();
    if (!running) {
      clearTimeout(timer);
      running = ask().finally(() => {
        running = undefined;
        schedule();
      });
    }
    return running;
  }

  const onVisibility = () => {
    if (visible()) void check();
    else clearTimeout(timer);
  };

  doc.addEventListener('visibilitychange', onVisibility);
  if (visible()) void check();

  return {
    check,
    stop() {
      stopped = true;
      clearTimeout(timer);
      doc.removeEventListener('visibilitychange', onVisibility);
    },
  };
}
