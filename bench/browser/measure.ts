/**
 * Issue 11, the browser half: the landing page and each dashboard in Chromium at 4× CPU throttling
 * and a 390×844 phone viewport. Per page: JavaScript and CSS bytes as transferred, FCP, LCP, an
 * approximation of Lighthouse's total blocking time, and the request waterfall (when each data
 * request starts, relative to navigation start).
 *
 * Every measured load is cold: a new browser context (empty HTTP cache); dashboards start with the
 * session already in localStorage (saved once after signing in through the real form).
 * Never signs out: supabase-js signs out with scope global, which would end the saved session too.
 */
import { existsSync } from 'node:fs';
import { chromium, type Browser, type BrowserContext, type Page, type Request } from '@playwright/test';

export type Account = {
  role: 'creator' | 'brand' | 'admin';
  email: string;
  password: string;
  label?: string;
  /** Pages to measure besides the defaults (/dashboard, and /dashboard/videos for a creator). */
  paths?: string[];
};

export type RequestKind = 'js' | 'css' | 'data' | 'auth' | 'config' | 'other';
export type TimedRequest = { url: string; kind: RequestKind; startMs: number; endMs: number };

export type PageMeasure = {
  /** e.g. 'landing', 'creator dashboard', 'creator my videos (page 1)' */
  page: string;
  url: string;
  /** Response bodies as transferred (Resource Timing's encodedBodySize: before content decoding, headers excluded). */
  jsBytes: number;
  cssBytes: number;
  jsFiles: number;
  /** At 4× CPU throttling, 390×844 viewport; milliseconds from navigation start. */
  fcpMs: number;
  lcpMs: number;
  tbtMs: number;
  /** The document and every resource, relative to navigation start, sorted by start (from the run with the median LCP). */
  requests: TimedRequest[];
  /** When the last JS file that finished before the first data request finished (all JS when there is no data request). */
  lastScriptEndMs: number;
  firstDataStartMs: number | null;
  /** Last data request start minus first data request start. */
  dataStartSpreadMs: number | null;
  /** Whether /config.json was requested. */
  configRoundTrip: boolean;
  /** How many loads the medians come from. */
  runs: number;
  /** What went wrong in any run: script errors, failed responses, no paint. Empty when all went well. */
  problems: string[];
  /** The landing page only (issue 33): when it was usable, hydrated, and ready for its first tap. */
  landing?: LandingTimes;
};

/**
 * The landing page drawn at build time (scripts/prerender.ts) is usable once it has loaded and
 * painted its largest content: its links and buttons answer from then on (a tap made before
 * the app is there is kept and answered by it). The app is fetched at idle after that and
 * takes the page over (hydrated), then fetches what its calls to action open (first taps ready).
 */
export type LandingTimes = {
  /** max(load event end, LCP), ms from navigation start. */
  usableMs: number;
  /** JavaScript files requested before the page was usable, as transferred (the inline boot script is in the page). */
  jsBytesWhenUsable: number;
  /** When the app had taken the page over (performance mark viewpact:hydrated), and the JavaScript requested by then. */
  hydratedMs: number | null;
  jsBytesWhenHydrated: number | null;
  /** When sign-up and sign-in had been fetched ahead (mark viewpact:first-taps-ready). */
  firstTapsReadyMs: number | null;
};

export type MeasureOptions = {
  baseUrl: string;
  accounts: Account[];
  /** Loads per page; the median of each metric is reported. Default 3 (1 when quick). */
  runs?: number;
  /** One load per page (unless runs is given) and a 15 s cap per load instead of 30 s. */
  quick?: boolean;
  /** CPU throttling rate (default 4, as issue 11 asks; 1 turns it off). */
  cpuSlowdown?: number;
  /** Progress lines (default: none). */
  log?: (message: string) => void;
};

const phone = { viewport: { width: 390, height: 844 }, deviceScaleFactor: 3, isMobile: true, hasTouch: true, locale: 'en-US' };
/** A load is done once no request has been in flight, and no long task ran, for this long (and the page painted). */
const quietMs = 500;

export function classify(url: string): RequestKind {
  const path = new URL(url).pathname;
  if (path.includes('/rest/v1/') || path.includes('/functions/v1/')) return 'data';
  if (path.includes('/auth/v1/')) return 'auth';
  if (path.endsWith('/config.json')) return 'config';
  if (/\.m?js$/.test(path)) return 'js';
  if (path.endsWith('.css')) return 'css';
  return 'other';
}

// ---------------------------------------------------------------------------------------------
// In the page

type PageState = { fcp: number | null; lcp: number | null; longTasks: { start: number; duration: number }[] };
type Entry = { url: string; startMs: number; endMs: number; bodyBytes: number };
type Collected = { state: PageState | null; entries: Entry[]; nowMs: number; path: string; loadEndMs: number; marks: Record<string, number> };

// Plain JavaScript, not TypeScript functions: tsx (esbuild with keepNames) would wrap the functions
// inside them in a `__name` helper that does not exist in the page.

/** Runs before any script of the page (addInitScript): keeps paint, LCP and long-task entries. */
const installObservers = `(() => {
  const state = { fcp: null, lcp: null, longTasks: [] };
  globalThis.__bench = state;
  performance.setResourceTimingBufferSize(10000);
  const observe = (type, onEntry) => {
    try {
      new PerformanceObserver((list) => list.getEntries().forEach(onEntry)).observe({ type, buffered: true });
    } catch {
      // An entry type this browser does not know: that metric stays empty.
    }
  };
  observe('paint', (entry) => { if (entry.name === 'first-contentful-paint') state.fcp = entry.startTime; });
  observe('largest-contentful-paint', (entry) => { state.lcp = entry.startTime; });
  observe('longtask', (entry) => { state.longTasks.push({ start: entry.startTime, duration: entry.duration }); });
})()`;

/** Evaluates to a Collected: the observers' state, the document's and every resource's timing, now. */
const collect = `(() => ({
  state: globalThis.__bench ?? null,
  entries: [...performance.getEntriesByType('navigation'), ...performance.getEntriesByType('resource')].map((entry) => ({
    url: entry.name,
    startMs: entry.startTime,
    endMs: entry.responseEnd,
    bodyBytes: entry.encodedBodySize,
  })),
  nowMs: performance.now(),
  path: location.pathname,
  loadEndMs: performance.getEntriesByType('navigation')[0]?.loadEventEnd ?? 0,
  marks: Object.fromEntries(performance.getEntriesByType('mark').map((mark) => [mark.name, mark.startTime])),
}))()`;

type MainThread = { painted: boolean; idleMs: number };

/**
 * Evaluates, after the next frame (or 1 s, should frames not come), to a MainThread: whether the
 * page has painted content, and for how long no long task has run.
 */
const mainThread = `new Promise((resolve) => {
  const answer = () => {
    const state = globalThis.__bench;
    const lastEnd = Math.max(0, ...(state ? state.longTasks.map((task) => task.start + task.duration) : []));
    resolve({ painted: Boolean(state && state.fcp !== null), idleMs: performance.now() - lastEnd });
  };
  requestAnimationFrame(() => setTimeout(answer, 0));
  setTimeout(answer, 1000);
})`;

// ---------------------------------------------------------------------------------------------
// One load

type Load = { collected: Collected; requested: string[]; problems: string[] };

/** Watches the page's requests: "done" is network quiet for quietMs (and, for dashboards, a /rest/v1 answer). */
function watchRequests(page: Page) {
  const inFlight = new Set<Request>();
  const requested: string[] = [];
  const problems: string[] = [];
  let restAnswers = 0;
  let lastChange = Date.now();
  page.on('request', (request) => {
    requested.push(request.url());
    inFlight.add(request);
    lastChange = Date.now();
  });
  const settle = (request: Request) => {
    if (inFlight.delete(request)) lastChange = Date.now();
  };
  page.on('requestfinished', (request) => {
    settle(request);
    if (new URL(request.url()).pathname.includes('/rest/v1/')) restAnswers += 1;
  });
  page.on('requestfailed', (request) => {
    settle(request);
    problems.push(`${request.failure()?.errorText ?? 'failed'}: ${request.url()}`);
  });
  page.on('response', (response) => {
    if (response.status() >= 400) problems.push(`HTTP ${response.status()}: ${response.url()}`);
  });
  page.on('pageerror', (error) => problems.push(`script error: ${error.message}`));
  return {
    requested,
    problems,
    quiet: (needsData: boolean) => inFlight.size === 0 && Date.now() - lastChange >= quietMs && (!needsData || restAnswers > 0),
    lastChange: () => lastChange,
  };
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

type Settings = { runs: number; capMs: number; cpuSlowdown: number; log: (message: string) => void };

async function loadOnce(context: BrowserContext, url: string, needsData: boolean, { capMs, cpuSlowdown }: Settings, waitForMark?: string): Promise<Load> {
  const page = await context.newPage();
  page.setDefaultTimeout(capMs);
  const cdp = await context.newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: cpuSlowdown });
  const watch = watchRequests(page);
  const deadline = Date.now() + capMs;
  await page.goto(url, { waitUntil: 'load', timeout: capMs });
  let quiet = false;
  while (Date.now() < deadline) {
    if (watch.quiet(needsData)) {
      // The network is quiet. Done once the page has painted and its main thread had no long task
      // for quietMs either (a lazy chunk still running may be about to start the next request), and
      // nothing started during this round trip to the page (which waits out a running script).
      const before = watch.lastChange();
      const main = (await page.evaluate(mainThread)) as MainThread;
      // The landing page fetches the app at idle after its load: done once the app says it is ready.
      const marked = !waitForMark || (await page.evaluate((name) => performance.getEntriesByName(name).length > 0, waitForMark));
      if (marked && main.painted && main.idleMs >= quietMs && watch.lastChange() === before && watch.quiet(needsData)) {
        quiet = true;
        break;
      }
    }
    await sleep(50);
  }
  const collected = (await page.evaluate(collect)) as Collected;
  await cdp.detach().catch(() => undefined);
  await page.close();
  const problems = [...watch.problems];
  if (!quiet) problems.push(`not done after ${capMs / 1000} s: the network or the main thread was still busy${needsData ? ', or no /rest/v1 answer came' : ''}${waitForMark ? `, or no ${waitForMark} mark` : ''}`);
  if (collected.state?.fcp == null) problems.push('no first contentful paint');
  return { collected, requested: watch.requested, problems };
}

// ---------------------------------------------------------------------------------------------
// From loads to measures

/**
 * Total blocking time, approximated: the sum over long tasks (the 'longtask' entries) of their time
 * beyond 50 ms, each clipped to the window from FCP to the end of the load (network quiet). Lighthouse
 * ends the window at Time to Interactive and reads tasks from the trace; this reads them from the page.
 */
function blockingTime(tasks: PageState['longTasks'], fromMs: number, toMs: number): number {
  let total = 0;
  for (const task of tasks) {
    const start = Math.max(task.start, fromMs);
    const end = Math.min(task.start + task.duration, toMs);
    if (end - start > 50) total += end - start - 50;
  }
  return total;
}

const round = (ms: number) => Math.round(ms);

/** Marks the app sets (src/lib/prerendered.ts). */
const appMarks = { hydrated: 'viewpact:hydrated', firstTapsReady: 'viewpact:first-taps-ready' };

function landingTimes(collected: Collected, requests: (TimedRequest & { bytes: number })[], lcpMs: number): LandingTimes {
  const usableMs = round(Math.max(collected.loadEndMs, lcpMs));
  const jsBefore = (ms: number) => requests.filter((request) => request.kind === 'js' && request.startMs < ms).reduce((sum, request) => sum + request.bytes, 0);
  const hydrated = collected.marks[appMarks.hydrated];
  const ready = collected.marks[appMarks.firstTapsReady];
  return {
    usableMs,
    jsBytesWhenUsable: jsBefore(usableMs),
    hydratedMs: hydrated === undefined ? null : round(hydrated),
    jsBytesWhenHydrated: hydrated === undefined ? null : jsBefore(hydrated),
    firstTapsReadyMs: ready === undefined ? null : round(ready),
  };
}

function toMeasure(name: string, url: string, load: Load): PageMeasure {
  const { state, entries, nowMs } = load.collected;
  const requests = entries
    .map((entry) => ({ url: entry.url, kind: classify(entry.url), startMs: round(entry.startMs), endMs: round(entry.endMs), bytes: entry.bodyBytes }))
    .sort((a, b) => a.startMs - b.startMs || a.endMs - b.endMs);
  const bytesOf = (kind: RequestKind) => requests.filter((request) => request.kind === kind).reduce((sum, request) => sum + request.bytes, 0);
  const scripts = requests.filter((request) => request.kind === 'js');
  const dataStarts = requests.filter((request) => request.kind === 'data').map((request) => request.startMs);
  const firstDataStartMs = dataStarts.length ? Math.min(...dataStarts) : null;
  const beforeData = firstDataStartMs === null ? scripts : scripts.filter((script) => script.endMs <= firstDataStartMs);
  const fcpMs = state?.fcp ?? 0;
  return {
    page: name,
    url,
    jsBytes: bytesOf('js'),
    cssBytes: bytesOf('css'),
    jsFiles: scripts.length,
    fcpMs: round(fcpMs),
    lcpMs: round(state?.lcp ?? fcpMs),
    tbtMs: round(blockingTime(state?.longTasks ?? [], fcpMs, nowMs)),
    requests: requests.map(({ url: requestUrl, kind, startMs, endMs }) => ({ url: requestUrl, kind, startMs, endMs })),
    lastScriptEndMs: Math.max(0, ...beforeData.map((script) => script.endMs)),
    firstDataStartMs,
    dataStartSpreadMs: firstDataStartMs === null ? null : Math.max(...dataStarts) - firstDataStartMs,
    configRoundTrip: load.requested.some((requested) => classify(requested) === 'config'),
    runs: 1,
    problems: load.problems,
    landing: name === 'landing' ? landingTimes(load.collected, requests, state?.lcp ?? fcpMs) : undefined,
  };
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle] : round((sorted[middle - 1] + sorted[middle]) / 2);
}

function medianOrNull(values: (number | null)[]): number | null {
  const known = values.filter((value): value is number => value !== null);
  return known.length ? median(known) : null;
}

/** The median of each metric; the waterfall of the run whose LCP is the median. */
export function combine(runs: PageMeasure[]): PageMeasure {
  const byLcp = [...runs].sort((a, b) => a.lcpMs - b.lcpMs);
  const typical = byLcp[Math.floor((byLcp.length - 1) / 2)];
  const of = (pick: (run: PageMeasure) => number) => median(runs.map(pick));
  return {
    ...typical,
    jsBytes: of((run) => run.jsBytes),
    cssBytes: of((run) => run.cssBytes),
    jsFiles: of((run) => run.jsFiles),
    fcpMs: of((run) => run.fcpMs),
    lcpMs: of((run) => run.lcpMs),
    tbtMs: of((run) => run.tbtMs),
    lastScriptEndMs: of((run) => run.lastScriptEndMs),
    firstDataStartMs: medianOrNull(runs.map((run) => run.firstDataStartMs)),
    dataStartSpreadMs: medianOrNull(runs.map((run) => run.dataStartSpreadMs)),
    configRoundTrip: runs.some((run) => run.configRoundTrip),
    runs: runs.length,
    problems: [...new Set(runs.flatMap((run) => run.problems))],
    landing: typical.landing && combineLanding(runs.map((run) => run.landing).filter((times): times is LandingTimes => times !== undefined)),
  };
}

function combineLanding(runs: LandingTimes[]): LandingTimes {
  return {
    usableMs: median(runs.map((run) => run.usableMs)),
    jsBytesWhenUsable: median(runs.map((run) => run.jsBytesWhenUsable)),
    hydratedMs: medianOrNull(runs.map((run) => run.hydratedMs)),
    jsBytesWhenHydrated: medianOrNull(runs.map((run) => run.jsBytesWhenHydrated)),
    firstTapsReadyMs: medianOrNull(runs.map((run) => run.firstTapsReadyMs)),
  };
}

// ---------------------------------------------------------------------------------------------
// Browser, sign-in, pages

type StorageState = Awaited<ReturnType<BrowserContext['storageState']>>;

async function launch(): Promise<Browser> {
  const executablePath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
  const missing = 'install Chromium: apt-get install -y chromium, or set CHROMIUM_PATH';
  if (!existsSync(executablePath)) throw new Error(`No Chromium at ${executablePath}: ${missing}`);
  try {
    return await chromium.launch({ executablePath, headless: true, args: ['--no-sandbox', '--disable-gpu'] });
  } catch (error) {
    throw new Error(`Chromium at ${executablePath} did not start (${error instanceof Error ? error.message : String(error)}); ${missing}`, { cause: error });
  }
}

/** Signs in once through the /login form (unthrottled) and returns the signed-in browser state. */
async function signIn(browser: Browser, baseUrl: string, account: Account): Promise<StorageState> {
  const context = await browser.newContext({ locale: 'en-US' });
  try {
    const page = await context.newPage();
    page.setDefaultTimeout(30_000);
    await page.goto(new URL('/login', baseUrl).href);
    await page.getByLabel('Email').fill(account.email);
    await page.getByLabel('Password', { exact: true }).fill(account.password);
    await page.getByRole('button', { name: 'Sign In' }).click();
    // Done when the app reaches a dashboard, or an error toast says why not (wrong password...).
    const onDashboard = (url: URL) => /^\/dashboard\/[a-z]/.test(url.pathname);
    const errorToast = page.locator('[data-sonner-toast][data-type="error"]').first();
    await Promise.race([page.waitForURL(onDashboard).catch(() => undefined), errorToast.waitFor().catch(() => undefined)]);
    if (!onDashboard(new URL(page.url()))) {
      const toast = await errorToast.innerText({ timeout: 1000 }).catch(() => '');
      throw new Error(`Signing in as ${account.email} failed: still at ${page.url()}${toast ? ` (${toast.trim()})` : ''}`);
    }
    return await context.storageState();
  } finally {
    await context.close();
  }
}

type Target = { name: string; url: string; storageState?: StorageState };

const pageNames: Record<string, string> = { '/dashboard': 'dashboard', '/dashboard/videos': 'my videos (page 1)' };

function targetsFor(baseUrl: string, account: Account, storageState: StorageState): Target[] {
  const paths = ['/dashboard', ...(account.role === 'creator' ? ['/dashboard/videos'] : []), ...(account.paths ?? [])];
  return [...new Set(paths)].map((path) => ({
    name: `${account.label ?? account.role} ${pageNames[path] ?? path}`,
    url: new URL(path, baseUrl).href,
    storageState,
  }));
}

async function measureTarget(browser: Browser, target: Target, settings: Settings): Promise<PageMeasure> {
  const { runs, capMs, log } = settings;
  const started = Date.now();
  const needsData = Boolean(target.storageState);
  // One unmeasured, unthrottled load first: warms the server (its queries, the files it reads), not
  // the browser, as every measured load gets a new context and so an empty HTTP cache.
  const warm = await browser.newContext({ storageState: target.storageState, locale: 'en-US' });
  try {
    const page = await warm.newPage();
    await page.goto(target.url, { waitUntil: 'networkidle', timeout: capMs }).catch(() => undefined);
  } finally {
    await warm.close();
  }
  const measures: PageMeasure[] = [];
  for (let run = 1; run <= runs; run += 1) {
    const context = await browser.newContext({ ...phone, storageState: target.storageState });
    try {
      await context.addInitScript({ content: installObservers });
      const load = await loadOnce(context, target.url, needsData, settings, target.name === 'landing' ? appMarks.firstTapsReady : undefined);
      if (needsData && load.collected.path.startsWith('/login')) {
        throw new Error(`${target.name}: the saved session was not accepted (the page went to ${load.collected.path})`);
      }
      for (const problem of load.problems) log(`${target.name} run ${run}: ${problem}`);
      const measure = toMeasure(target.name, target.url, load);
      log(`${target.name} run ${run}/${runs}: FCP ${measure.fcpMs} ms, LCP ${measure.lcpMs} ms, TBT ${measure.tbtMs} ms`);
      measures.push(measure);
    } finally {
      await context.close();
    }
  }
  log(`${target.name}: ${runs} run(s) in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  return combine(measures);
}

export async function measurePages(opts: MeasureOptions): Promise<PageMeasure[]> {
  const settings: Settings = {
    runs: Math.max(1, opts.runs ?? (opts.quick ? 1 : 3)),
    capMs: opts.quick ? 15_000 : 30_000,
    cpuSlowdown: opts.cpuSlowdown ?? 4,
    log: opts.log ?? (() => undefined),
  };
  const browser = await launch();
  try {
    const results = [await measureTarget(browser, { name: 'landing', url: new URL('/', opts.baseUrl).href }, settings)];
    for (const account of opts.accounts) {
      const storageState = await signIn(browser, opts.baseUrl, account);
      for (const target of targetsFor(opts.baseUrl, account, storageState)) results.push(await measureTarget(browser, target, settings));
    }
    return results;
  } finally {
    await browser.close();
  }
}

// ---------------------------------------------------------------------------------------------
// The first tap (issue 33)

/**
 * A tap on the landing page's "Get Started" until the sign-up form shows: from the tap's pointer
 * event to the frame that draws the form's first input, in the page's own clock, at the same
 * throttling and phone size as the loads above. 'reader': the visitor taps once the page has
 * fetched the app and what its calls to action open (while they read). 'early': they tap as soon
 * as the page has loaded, before the app is there (the page keeps the tap; the app answers it).
 */
export type FirstTapMeasure = {
  when: 'reader' | 'early';
  /** Median over the runs, ms; null when no run got the form. */
  tapToFormMs: number | null;
  /** Each run's figure (null: the form did not show within the cap). */
  samples: (number | null)[];
  /** Runs where the app had taken the page over before the tap. */
  hydratedAtTap: number;
  runs: number;
  problems: string[];
};

/** Runs before any script of the page: the first tap's time, and the frame that first draws a form's input after it. */
const watchFirstTap = `(() => {
  const tap = { downMs: null, formMs: null };
  globalThis.__firstTap = tap;
  const first = (event) => { if (tap.downMs === null) tap.downMs = event.timeStamp; };
  addEventListener('pointerdown', first, true);
  addEventListener('touchstart', first, { capture: true, passive: true });
  let asked = false;
  const check = () => {
    if (tap.downMs === null || tap.formMs !== null || asked || location.pathname === '/') return;
    const input = document.querySelector('form input:not([type="hidden"])');
    if (!input || input.getBoundingClientRect().height === 0) return;
    asked = true;
    requestAnimationFrame((frame) => { tap.formMs = frame; });
  };
  new MutationObserver(check).observe(document, { subtree: true, childList: true, attributes: true });
})()`;

type TapState = { downMs: number | null; formMs: number | null; marker: boolean; path: string; hydrated: boolean };

async function tapOnce(browser: Browser, baseUrl: string, when: FirstTapMeasure['when'], { capMs, cpuSlowdown }: Settings) {
  const context = await browser.newContext(phone);
  const problems: string[] = [];
  try {
    await context.addInitScript({ content: watchFirstTap });
    const page = await context.newPage();
    page.setDefaultTimeout(capMs);
    page.on('pageerror', (error) => problems.push(`script error: ${error.message}`));
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: cpuSlowdown });
    await page.goto(new URL('/', baseUrl).href, { waitUntil: 'load', timeout: capMs });
    if (when === 'reader') {
      await page.waitForFunction((name) => performance.getEntriesByName(name).length > 0, appMarks.firstTapsReady, { timeout: capMs, polling: 100 });
      // The visitor reads on: the main thread settles (no long task for quietMs) before the tap.
      const deadline = Date.now() + capMs;
      while (Date.now() < deadline && ((await page.evaluate(mainThread)) as MainThread).idleMs < quietMs) await sleep(100);
    }
    await page.evaluate(() => Object.assign(window, { __tapMarker: true }));
    const hydrated = await page.evaluate(() => window.__viewpactHydrated === true);
    const link = page.getByRole('link', { name: 'Get Started', exact: true }).filter({ visible: true }).first();
    await link.tap({ timeout: capMs });
    const state = async () =>
      (await page.evaluate(() => {
        const tap = (globalThis as { __firstTap?: { downMs: number | null; formMs: number | null } }).__firstTap;
        return { downMs: tap?.downMs ?? null, formMs: tap?.formMs ?? null, marker: (window as { __tapMarker?: boolean }).__tapMarker === true, path: location.pathname, hydrated: window.__viewpactHydrated === true };
      })) as TapState;
    const deadline = Date.now() + capMs;
    let seen = await state();
    while (seen.formMs === null && Date.now() < deadline) {
      await sleep(50);
      seen = await state().catch(() => seen);
    }
    if (!seen.marker) problems.push(`the tap loaded the next page whole (at ${seen.path})`);
    if (seen.path !== '/signup') problems.push(`the tap led to ${seen.path}, not /signup`);
    if (seen.formMs === null || seen.downMs === null) problems.push(`no sign-up form within ${capMs / 1000} s of the tap`);
    const tapToFormMs = seen.formMs !== null && seen.downMs !== null ? round(seen.formMs - seen.downMs) : null;
    await cdp.detach().catch(() => undefined);
    return { tapToFormMs, hydrated, problems };
  } finally {
    await context.close();
  }
}

/** The first tap on the landing page, read and early (FirstTapMeasure), `runs` times each (default 5; 3 when quick). */
export async function measureFirstTaps(opts: Omit<MeasureOptions, 'accounts'>): Promise<FirstTapMeasure[]> {
  const settings: Settings = {
    runs: Math.max(1, opts.runs ?? (opts.quick ? 3 : 5)),
    capMs: opts.quick ? 15_000 : 30_000,
    cpuSlowdown: opts.cpuSlowdown ?? 4,
    log: opts.log ?? (() => undefined),
  };
  const browser = await launch();
  try {
    // Warms the server (not the browser: each run has a new context and so an empty HTTP cache).
    const warm = await browser.newContext();
    await (await warm.newPage()).goto(new URL('/signup', opts.baseUrl).href, { waitUntil: 'networkidle' }).catch(() => undefined);
    await warm.close();
    const results: FirstTapMeasure[] = [];
    for (const when of ['reader', 'early'] as const) {
      const samples: (number | null)[] = [];
      const problems: string[] = [];
      let hydratedAtTap = 0;
      for (let run = 1; run <= settings.runs; run += 1) {
        const result = await tapOnce(browser, opts.baseUrl, when, settings).catch((error: Error) => ({ tapToFormMs: null, hydrated: false, problems: [error.message.split('\n')[0]] }));
        samples.push(result.tapToFormMs);
        problems.push(...result.problems);
        if (result.hydrated) hydratedAtTap += 1;
        settings.log(`first tap (${when}) run ${run}/${settings.runs}: ${result.tapToFormMs ?? '–'} ms${result.hydrated ? '' : ' (before the app was there)'}${result.problems.length ? `; ${result.problems.join('; ')}` : ''}`);
      }
      results.push({ when, tapToFormMs: medianOrNull(samples), samples, hydratedAtTap, runs: settings.runs, problems: [...new Set(problems)] });
    }
    return results;
  } finally {
    await browser.close();
  }
}

// ---------------------------------------------------------------------------------------------
// Text

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} kB`;

/** A compact waterfall: one line per request (start, end, kind, path) with a bar on a shared scale. */
export function renderWaterfall(m: PageMeasure, width = 32): string {
  const lastEnd = Math.max(1, ...m.requests.map((request) => request.endMs));
  const bar = (start: number, end: number) => {
    const from = Math.floor((start / lastEnd) * width);
    const to = Math.max(from + 1, Math.ceil((end / lastEnd) * width));
    return `${' '.repeat(from)}${'█'.repeat(to - from)}`.padEnd(width);
  };
  const path = (url: string) => {
    const parsed = new URL(url);
    const text = `${parsed.pathname}${parsed.search}`;
    return text.length > 72 ? `${text.slice(0, 71)}…` : text;
  };
  const header =
    `${m.page} (${m.url}): FCP ${m.fcpMs} ms, LCP ${m.lcpMs} ms, TBT ${m.tbtMs} ms; ` +
    `JS ${kb(m.jsBytes)} in ${m.jsFiles} files, CSS ${kb(m.cssBytes)}; ` +
    `last script ${m.lastScriptEndMs} ms, first data ${m.firstDataStartMs ?? '-'} ms, data start spread ${m.dataStartSpreadMs ?? '-'} ms, ` +
    `config.json ${m.configRoundTrip ? 'yes' : 'no'}; median of ${m.runs}`;
  const landing = m.landing
    ? `\nusable at ${m.landing.usableMs} ms with ${kb(m.landing.jsBytesWhenUsable)} of JS; the app fetched at idle, hydrated at ${m.landing.hydratedMs ?? '-'} ms ` +
      `with ${m.landing.jsBytesWhenHydrated === null ? '-' : kb(m.landing.jsBytesWhenHydrated)}; sign-up and sign-in ready at ${m.landing.firstTapsReadyMs ?? '-'} ms`
    : '';
  const lines = m.requests.map(
    (request) => `${String(request.startMs).padStart(6)} ${String(request.endMs).padStart(6)}  ${request.kind.padEnd(6)} |${bar(request.startMs, request.endMs)}| ${path(request.url)}`,
  );
  return [header + landing, ` start    end  kind   |${'ms'.padEnd(width)}| path`, ...lines].join('\n');
}

/** One line per first-tap measure. */
export function renderFirstTaps(taps: FirstTapMeasure[]): string {
  return taps
    .map(
      (tap) =>
        `first tap on Get Started (${tap.when === 'reader' ? 'after reading: the app fetched at idle' : 'as soon as the page loaded'}) → sign-up form: median ${tap.tapToFormMs ?? '-'} ms ` +
        `(runs: ${tap.samples.map((sample) => sample ?? 'none').join(', ')}; app there at the tap in ${tap.hydratedAtTap} of ${tap.runs})${tap.problems.length ? `; problems: ${tap.problems.join('; ')}` : ''}`,
    )
    .join('\n');
}
