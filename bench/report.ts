import { lastAsFastAsFirst } from './paging';
import type { BenchResult } from './run';

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
const ms = (value: number | null | undefined) => (value === null || value === undefined ? '–' : `${Math.round(value * 10) / 10} ms`);

/** p50 / p95, or a dash when nothing was measured (the part failed). */
const pair = (stat: { p50: number; p95: number; n: number }) => (stat.n ? `${ms(stat.p50)} / ${ms(stat.p95)}` : '–');

export type Target = { what: string; target: string; measured: string; met: boolean };

/**
 * A dashboard's data requests go out with its profile: the first of them starts before the
 * profile answers, or within 50 ms of the profile's start when the profile answers sooner than
 * that (on localhost it can take 9 ms, less than the main thread needs to build the next
 * requests), so none waits for the profile or for the page's code. (A request built from
 * another's answer, such as the briefs of the creator's joined opportunities, comes after it.)
 */
export function dataInParallel(page: BenchResult['browser'][number]): boolean {
  const data = page.requests.filter((request) => request.kind === 'data');
  const profile = data.find((request) => request.url.includes('/rest/v1/profiles?'));
  const others = data.filter((request) => request !== profile);
  if (!profile || others.length === 0) return true;
  return Math.min(...others.map((request) => request.startMs)) <= Math.max(profile.endMs, profile.startMs + 50);
}

/** The pages of issue 29: a creator's Earnings, a brand's Payments, the admin's Payments tab. */
export const moneyPages = (result: BenchResult) =>
  result.pages.filter((p) => p.page === 'Earnings' || p.page === 'Payments' || p.page.startsWith('Payments:'));

/** Issue 11's targets, each with the figure this run measured (only those its engine and size can show). */
export function targets(result: BenchResult): Target[] {
  const rows: Target[] = [];
  const page = (account: string, name: string) => result.pages.find((p) => p.account === account && p.page.startsWith(name));
  const heavyBrand = page('brand (heavy)', 'dashboard');
  const admin = page('admin', 'dashboard');
  const creators = result.pages.filter((p) => p.account.startsWith('creator') && p.page === 'dashboard');
  if (result.engine === 'postgres') {
    if (heavyBrand) {
      rows.push({ what: "heavy brand's whole dashboard, sequential p95", target: '≤ 60 ms', measured: ms(heavyBrand.whole.p95), met: heavyBrand.whole.p95 <= 60 });
      rows.push({ what: "heavy brand's whole dashboard, 20 clients p95", target: '≤ 400 ms', measured: ms(heavyBrand.concurrent.p95), met: heavyBrand.concurrent.p95 <= 400 });
    }
    const adminCall = admin?.calls.find((call) => call.name.startsWith('rpc/admin_metrics'));
    if (adminCall) rows.push({ what: 'admin_metrics p95', target: '≤ 50 ms', measured: ms(adminCall.sequential.p95), met: adminCall.sequential.p95 <= 50 });
    // Issue 12: the admin console's cards, a users page, a users search and a content page.
    const consoleCalls = result.pages
      .filter((p) => p.account === 'admin' && !p.page.startsWith('content with'))
      .flatMap((p) => p.calls.filter((call) => /^rpc\/admin_(metrics|list_users|list_videos)/.test(call.name)).map((call) => ({ page: p.page, call })));
    if (consoleCalls.length) {
      const worst = consoleCalls.reduce((a, b) => (b.call.sequential.p95 > a.call.sequential.p95 ? b : a));
      rows.push({
        what: 'admin console: cards, users page, users search, content page, p95',
        target: '≤ 50 ms',
        measured: `${ms(worst.call.sequential.p95)} (slowest: ${worst.page})`,
        met: worst.call.sequential.p95 <= 50,
      });
    }
    // Issue 29: the creator's Earnings page, the brand's Payments page and the admin's Payments tab.
    const moneyCalls = moneyPages(result).flatMap((p) => p.calls.map((call) => ({ page: `${p.account}: ${p.page}`, call })));
    if (moneyCalls.length) {
      const worst = moneyCalls.reduce((a, b) => (b.call.sequential.p95 > a.call.sequential.p95 ? b : a));
      rows.push({
        what: 'money pages (Earnings, brand Payments, admin Payments tab): every call, sequential p95',
        target: '≤ 50 ms',
        measured: `${ms(worst.call.sequential.p95)} (slowest: ${worst.page}, \`${worst.call.name}\`)`,
        met: worst.call.sequential.p95 <= 50,
      });
    }
    const creatorCalls = creators.flatMap((p) => p.calls);
    if (creatorCalls.length) {
      const worst = Math.max(...creatorCalls.map((call) => call.sequential.p95));
      rows.push({ what: 'every creator dashboard call, sequential p95', target: '≤ 30 ms', measured: `${ms(worst)} (slowest call)`, met: worst <= 30 });
    }
  } else {
    const worst = Math.max(...result.pages.filter((p) => p.page.startsWith('dashboard')).map((p) => p.concurrent.p95));
    rows.push({ what: 'any whole dashboard, 20 clients p95 (PGlite)', target: '≤ 600 ms', measured: ms(worst), met: worst <= 600 });
  }
  if (result.notifications?.accounts.length) {
    const worst = result.notifications.accounts.reduce((a, b) => (b.count.p95 > a.count.p95 ? b : a));
    rows.push({
      what: `unread notification count, ${result.notifications.total.toLocaleString('en')} notifications, p95`,
      target: '< 5 ms',
      measured: `${ms(worst.count.p95)} (slowest: ${worst.label})`,
      met: worst.count.p95 < 5,
    });
    // Issue 29: what every open dashboard asks every 3 seconds (results before it have no poll).
    const polled = result.notifications.accounts.filter((row) => row.poll);
    if (polled.length) {
      const slowest = polled.reduce((a, b) => (b.poll.p95 > a.poll.p95 ? b : a));
      rows.push({ what: 'change poll (my_changes, every 3 s per open dashboard), p95', target: '< 5 ms', measured: `${ms(slowest.poll.p95)} (slowest: ${slowest.label})`, met: slowest.poll.p95 < 5 });
    }
  }
  // Issue 33 (10): deep pages stay fast.
  if (result.paging?.lists.length) {
    const paged = result.paging.lists.filter((row) => !row.more);
    const slowest = paged.reduce((a, b) => (b.last.p95 / Math.max(b.first.p95, 0.1) > a.last.p95 / Math.max(a.first.p95, 0.1) ? b : a));
    rows.push({
      what: "every long list's last page vs its first, p95",
      target: '≤ 1.5× (or +2 ms)',
      measured: `${paged.filter(lastAsFastAsFirst).length} of ${paged.length} (furthest: ${slowest.list}, ${ms(slowest.first.p95)} → ${ms(slowest.last.p95)})`,
      met: paged.every(lastAsFastAsFirst),
    });
  }
  const largest = result.spec.at(-1);
  if (largest) {
    rows.push({
      what: `spec's approach vs ours at ${largest.videos.toLocaleString('en')} videos`,
      target: '≥ 100×',
      measured: `${largest.ratio}× (${ms(largest.spec.ms)}, ${kb(largest.spec.bytes)} vs ${ms(largest.ours.ms)}, ${kb(largest.ours.bytes)})`,
      met: largest.ratio >= 100,
    });
  }
  const landing = result.browser.find((p) => p.page === 'landing');
  if (landing) {
    // Issue 33: usable once drawn and loaded (its links and buttons answer, a tap before the app is kept for it); the app comes at idle after.
    const times = landing.landing;
    const usableBytes = times?.jsBytesWhenUsable ?? landing.jsBytes;
    const after = times ? ` at ${ms(times.usableMs)}; then at idle the app, ${times.jsBytesWhenHydrated === null ? '–' : kb(times.jsBytesWhenHydrated)} by its takeover at ${ms(times.hydratedMs)}, and sign-up and sign-in, ${kb(landing.jsBytes)} in all by ${ms(times.firstTapsReadyMs)}` : '';
    rows.push({ what: 'landing page JavaScript once usable, transferred', target: '≤ 100 KB', measured: `${kb(usableBytes)}${after}`, met: usableBytes <= 100 * 1024 });
    rows.push({ what: 'landing page LCP, 4× CPU throttling, 390 px', target: '≤ 1,200 ms', measured: ms(landing.lcpMs), met: landing.lcpMs <= 1200 });
  }
  const tap = result.firstTaps?.find((t) => t.when === 'reader');
  if (tap) {
    const early = result.firstTaps.find((t) => t.when === 'early');
    rows.push({
      what: 'first tap on Get Started → sign-up form shown, 4× CPU throttling, 390 px (median)',
      target: '≤ 400 ms',
      measured: `${ms(tap.tapToFormMs)} (${tap.runs} runs${early ? `; tapped before the app was there: ${ms(early.tapToFormMs)}` : ''})`,
      met: tap.tapToFormMs !== null && tap.tapToFormMs <= 400,
    });
  }
  const creatorDashboard = result.browser.find((p) => p.page.startsWith('creator') && p.page.endsWith(' dashboard'));
  if (creatorDashboard) {
    rows.push({ what: `creator dashboard first content (FCP, ${new URL(creatorDashboard.url).pathname}), 4× CPU throttling, 390 px`, target: '≤ 1,200 ms', measured: `${ms(creatorDashboard.fcpMs)} (LCP ${ms(creatorDashboard.lcpMs)})`, met: creatorDashboard.fcpMs <= 1200 });
  }
  const dashboards = result.browser.filter((p) => p.page !== 'landing');
  if (dashboards.length) {
    const ok = dashboards.every((p) => !p.configRoundTrip && dataInParallel(p));
    rows.push({
      what: "dashboards' data requests start together, no /config.json",
      target: 'yes',
      measured: dashboards.map((p) => `${p.page}: ${p.configRoundTrip ? 'config.json, ' : ''}${dataInParallel(p) ? 'together' : 'waterfall'}`).join('; '),
      met: ok,
    });
  }
  if (result.seqScans) {
    const scanned = Object.entries(result.seqScans).filter(([, n]) => n > 0);
    rows.push({ what: 'sequential scans over growing tables', target: 'none', measured: scanned.length ? scanned.map(([t, n]) => `${t} ×${n}`).join(', ') : 'none', met: scanned.length === 0 });
  }
  return rows;
}

export function renderMarkdown(result: BenchResult): string {
  const lines: string[] = [];
  const s = result.shape;
  lines.push(`### ${result.engine === 'postgres' ? 'PostgreSQL' : 'PGlite'}, ${s.videos.toLocaleString('en')} videos${result.quick ? ' (quick)' : ''} — ${result.date.slice(0, 16).replace('T', ' ')} UTC`);
  lines.push('');
  lines.push(
    `Machine: ${result.machine.cpus} × ${result.machine.cpuModel}, ${result.machine.memoryGb} GiB, Node ${result.machine.node}. ` +
      `Data: ${s.brands.toLocaleString('en')} brands, ${s.creators.toLocaleString('en')} creators, ${s.briefs.toLocaleString('en')} briefs, ` +
      `${s.connections.toLocaleString('en')} connections, ${s.videos.toLocaleString('en')} videos × ${s.snapshotsPerVideo} snapshots ` +
      `(heavy brand ${s.heavyBrandVideos.toLocaleString('en')} videos, heavy creator ${s.heavyCreatorVideos.toLocaleString('en')}).` +
      (result.generationSeconds ? ` Generated in ${result.generationSeconds} s.` : ' Data cached from an earlier run.'),
  );
  lines.push('');
  lines.push('| target | goal | measured | met |', '|---|---|---|---|');
  for (const row of targets(result)) lines.push(`| ${row.what} | ${row.target} | ${row.measured} | ${row.met ? 'yes' : '**no**'} |`);
  lines.push('');
  lines.push('| page | calls | whole p50 / p95 | 20 clients p50 / p95 | slowest call p95 |', '|---|---|---|---|---|');
  for (const page of result.pages) {
    const slowest = [...page.calls].sort((a, b) => b.sequential.p95 - a.sequential.p95)[0];
    lines.push(
      `| ${page.account}: ${page.page} | ${page.calls.length} | ${pair(page.whole)} | ${pair(page.concurrent)}${page.failed ? ` **failed**: ${page.failed.replace(/\|/g, '/').slice(0, 160)}` : ''} | ${slowest ? `${ms(slowest.sequential.p95)} \`${slowest.name}\`` : '–'} |`,
    );
  }
  lines.push('');
  lines.push('<details><summary>Every call, sequential p50 / p95, bytes sent</summary>', '', '| page | call | p50 | p95 | bytes |', '|---|---|---|---|---|');
  for (const page of result.pages) {
    for (const call of page.calls) lines.push(`| ${page.account}: ${page.page} | \`${call.name}\` | ${call.sequential.n ? ms(call.sequential.p50) : '–'} | ${call.sequential.n ? ms(call.sequential.p95) : '–'} | ${kb(call.bytes)} |`);
  }
  lines.push('', '</details>', '');
  lines.push('| totals of a creator with | spec: fetch every video, sum in the browser | ours: SQL metrics | ratio |', '|---|---|---|---|');
  for (const row of result.spec) {
    lines.push(
      `| ${row.videos.toLocaleString('en')} videos | ${ms(row.spec.ms)}, ${row.spec.requests} requests, ${kb(row.spec.bytes)} | ${ms(row.ours.ms)}, 1 request, ${kb(row.ours.bytes)} | ${row.ratio}× |`,
    );
  }
  lines.push('');
  const r = result.refresher;
  lines.push(
    `Refresher (tiktok-refresh against the TikTok sandbox): ${r.refreshed + r.unavailable} videos re-measured in ${r.seconds} s, ${r.perMinute} a minute; ` +
      `at most ${r.maxRequestsInAMinute} measurements in any 60 s (TikTok allows 600 requests a minute per endpoint); ${r.failed} failed.`,
  );
  lines.push('');
  const c = result.closeMonth;
  lines.push(
    `Monthly close of ${c.month}: the admin's request (close_month, under authenticated's 8 s timeout) answered a queued run in ${c.askMs} ms; ` +
      `the close the scheduler's runner then carries out (private.close_month, no timeout) over ${c.briefVideos.toLocaleString('en')} campaign videos (the first close, so every counted view so far) took ${c.seconds} s ` +
      `and wrote ${c.entries.toLocaleString('en')} ledger entries and ${c.payouts.toLocaleString('en')} payouts (rolled back). Target: 60 s at 1M videos on PostgreSQL.`,
  );
  lines.push('');
  if (result.closedMonth) {
    const m = result.closedMonth;
    lines.push(
      `Money pages: ${m.month} is closed in the data (${m.closedNow ? `closed in this run, ${m.seconds} s` : 'closed in an earlier run'}), ` +
        `with ${m.invoicesPaid.toLocaleString('en')} invoices and ${m.payoutsPaid.toLocaleString('en')} payouts marked paid.`,
    );
    lines.push('');
  }
  if (result.notifications) {
    lines.push(
      `Notifications (${result.notifications.total.toLocaleString('en')} in the database): ` +
        result.notifications.accounts
          .map(
            (row) =>
              `${row.label}, ${row.unread}${row.unread >= 10 ? '+' : ''} unread: count p50 / p95 ${ms(row.count.p50)} / ${ms(row.count.p95)}, page 1 ${ms(row.firstPage.p50)} / ${ms(row.firstPage.p95)}` +
              (row.poll ? `, change poll ${ms(row.poll.p50)} / ${ms(row.poll.p95)} (${row.poll.n} calls)` : ''),
          )
          .join('; ') +
        '.',
    );
    lines.push('');
  }
  if (result.paging?.lists.length) {
    lines.push('| long list (issue 33, item 10) | rows | first page p50 / p95 | last page (Show more: a batch deep in it) p50 / p95 |', '|---|---|---|---|');
    for (const row of result.paging.lists) {
      const rows = row.total === null ? '–' : `${row.total.toLocaleString('en')}${row.exact ? '' : '+'}`;
      lines.push(`| ${row.account}: ${row.list} | ${rows} | ${pair(row.first)} | ${pair(row.last)} |`);
    }
    lines.push('');
  }
  const sv = result.server;
  lines.push(
    `Server: starts in ${Math.round(sv.freshStartMs)} ms on an empty database (every migration) and ${Math.round(sv.existingStartMs)} ms on this data; ` +
      `${sv.idleRssMb} MB resident idle, ${sv.loadedRssMb} MB at peak under 20 clients.`,
  );
  lines.push('');
  lines.push('| in Chromium (390 px, 4× CPU) | JS | CSS | JS files | FCP | LCP | blocking | first data request | data requests |', '|---|---|---|---|---|---|---|---|---|');
  for (const page of result.browser) {
    lines.push(
      `| ${page.page} | ${kb(page.jsBytes)} | ${kb(page.cssBytes)} | ${page.jsFiles} | ${ms(page.fcpMs)} | ${ms(page.lcpMs)} | ${ms(page.tbtMs)} | ${ms(page.firstDataStartMs)} | ${page.page === 'landing' ? '–' : `${page.configRoundTrip ? '/config.json first; ' : ''}${dataInParallel(page) ? 'start together' : 'waterfall'}`} |`,
    );
  }
  lines.push('');
  return lines.join('\n');
}
