import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { adminUser, profileOf } from '@/testing/data';
import { http, HttpResponse } from 'msw';
import { apiUrl, server } from '@/testing/msw';
import { renderPage } from '@/testing/render';
import { profileRow, restGet } from '@/testing/supabase';
import { monthStart } from '@/lib/months';
import { creators, recordRpc } from '../testing/handlers';
import { AdminPaymentsTab } from './admin-payments-tab';

const closes = [
  { month: '2026-09-01', closed_at: '2026-09-30T17:00:04Z', closed_by: null, entries: 1_204, payouts: 37 },
  { month: '2026-08-01', closed_at: '2026-08-31T17:00:03Z', closed_by: adminUser.id, entries: 950, payouts: 30 },
];

/** A close run as close_month and month_close_run answer it. */
const run = (overrides: Record<string, unknown>) => ({
  id: 7,
  month: monthStart(-1),
  status: 'queued',
  requested_at: '2026-11-02T03:00:00Z',
  started_at: null,
  finished_at: null,
  entries: null,
  payouts: null,
  already_closed: null,
  error_code: null,
  closed_at: null,
  ...overrides,
});

/** month_close_run: no run active when the page opens; asked about a run by id, the answers in turn (the last one stays). */
function followedRuns(answers: Record<string, unknown>[]) {
  const asked: unknown[] = [];
  const handler = http.post(`${apiUrl}/rest/v1/rpc/month_close_run`, async ({ request }) => {
    const body = (await request.json()) as { p_id?: number };
    if (body.p_id === undefined) return HttpResponse.json(null);
    asked.push(body.p_id);
    return HttpResponse.json(answers[Math.min(asked.length, answers.length) - 1]);
  });
  return { asked, handler };
}

beforeEach(() => {
  server.use(profileRow(profileOf(adminUser)), restGet('month_closes', closes, { count: 2 }), followedRuns([]).handler);
});

describe('Closing a month', () => {
  it('lists the closed months, and closes the chosen month after a confirmation', async () => {
    const user = userEvent.setup();
    const twoMonthsAgo = monthStart(-2);
    const close = recordRpc('close_month', { result: run({ month: twoMonthsAgo }) });
    const runs = followedRuns([
      run({ month: twoMonthsAgo, status: 'running', started_at: '2026-11-02T03:00:01Z' }),
      run({ month: twoMonthsAgo, status: 'done', started_at: '2026-11-02T03:00:01Z', finished_at: '2026-11-02T03:00:20Z', entries: 812, payouts: 24, already_closed: false, closed_at: '2026-11-02T03:00:20Z' }),
    ]);
    server.use(close.handler, runs.handler);
    await renderPage(<AdminPaymentsTab />, { user: adminUser, url: '/dashboard/admin?tab=payments&pay=months' });

    const history = await screen.findByRole('table', { name: 'Closed months' });
    expect(within(history).getByRole('row', { name: /September 2026/ })).toHaveTextContent(/automatically.*1,204.*37/);
    expect(within(history).getByRole('row', { name: /August 2026/ })).toHaveTextContent('by an admin');
    expect(screen.getByText('The scheduler closes last month automatically on the 1st of each month.')).toBeInTheDocument();

    // Last month is chosen first; the admin picks the month before.
    const month = screen.getByRole('combobox', { name: 'Month' });
    expect(month).toHaveValue(monthStart(-1));
    await user.selectOptions(month, twoMonthsAgo);
    await user.click(screen.getByRole('button', { name: 'Close month' }));

    const dialog = await screen.findByRole('dialog', { name: /^Close .+\?$/ });
    expect(close.calls).toEqual([]);
    await user.click(within(dialog).getByRole('button', { name: 'Close month' }));

    // The scheduler carries the close out; the page follows it, and keeps the button off meanwhile.
    expect(await screen.findByText(/^Closing .+: (waiting for the scheduler to start it|running since .+)/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Closing...' })).toBeDisabled();
    expect(await screen.findByText(/ closed\. Ledger entries: 812 · payouts: 24\.$/, undefined, { timeout: 5000 })).toBeInTheDocument();
    expect(close.calls).toEqual([{ p_month: twoMonthsAgo }]);
    expect(runs.asked.every((id) => id === 7)).toBe(true);
    expect(screen.getByRole('button', { name: 'Close month' })).toBeEnabled();
  });

  it("says why the database refused, translated", async () => {
    const user = userEvent.setup();
    const close = recordRpc('close_month', { code: 'later_month_closed', status: 409 });
    server.use(close.handler);
    await renderPage(<AdminPaymentsTab />, { user: adminUser, url: '/dashboard/admin?pay=months' });

    await user.click(await screen.findByRole('button', { name: 'Close month' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Close month' }));

    expect(await screen.findByRole('alert')).toHaveTextContent('A later month is closed already');
    expect(close.calls).toEqual([{ p_month: monthStart(-1) }]);
  });

  it('says when the month was closed already', async () => {
    const user = userEvent.setup();
    server.use(recordRpc('close_month', { result: run({ status: 'done', entries: 5, payouts: 1, already_closed: true, closed_at: '2026-11-01T00:00:04Z' }) }).handler);
    await renderPage(<AdminPaymentsTab />, { user: adminUser, url: '/dashboard/admin?pay=months' });
    await user.click(await screen.findByRole('button', { name: 'Close month' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Close month' }));
    expect(await screen.findByText(/was already closed on Nov 1, 2026, .*\. Ledger entries: 5 · payouts: 1\./)).toBeInTheDocument();
  });
});

describe('A close the scheduler carries out', () => {
  it('says why it failed, translated, when the run fails after the request', async () => {
    const user = userEvent.setup();
    server.use(
      recordRpc('close_month', { result: run({}) }).handler,
      followedRuns([run({ status: 'failed', error_code: 'later_month_closed', finished_at: '2026-11-02T03:00:02Z' })]).handler,
    );
    await renderPage(<AdminPaymentsTab />, { user: adminUser, url: '/dashboard/admin?pay=months' });
    await user.click(await screen.findByRole('button', { name: 'Close month' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Close month' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(/^Closing .+ failed: A later month is closed already\. Nothing was written/);
  });

  it('follows a close already running when the page opens', async () => {
    server.use(
      http.post(`${apiUrl}/rest/v1/rpc/month_close_run`, () => HttpResponse.json(run({ status: 'running', started_at: '2026-11-02T03:00:01Z' }))),
    );
    await renderPage(<AdminPaymentsTab />, { user: adminUser, url: '/dashboard/admin?pay=months' });
    expect(await screen.findByText(/^Closing .+: running since .+You can leave this page; the close goes on\.$/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Closing...' })).toBeDisabled();
  });
});

describe('PND.3 export', () => {
  let saved: Blob[] = [];
  beforeEach(() => {
    saved = [];
    vi.spyOn(URL, 'createObjectURL').mockImplementation((blob) => {
      saved.push(blob as Blob);
      return 'blob:pnd3';
    });
    vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => undefined);
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
  });
  afterEach(() => vi.restoreAllMocks());

  it("downloads the month's withholdings as CSV, names split at the first space, and names who has no tax ID", async () => {
    const user = userEvent.setup();
    const rows = recordRpc('pnd3_rows', {
      result: [
        { payout_id: 'p1', creator_id: creators.mali, tax_id: '1101700230708', legal_name: 'Mali Srisuk Na Ayutthaya', address: '1 Sukhumvit Rd, Bangkok', paid_on: '2026-10-05', gross_satang: 1_000_000, wht_satang: 30_000, wht_rate_bp: 300 },
        { payout_id: 'p2', creator_id: creators.somchai, tax_id: null, legal_name: 'Somchai Jaidee', address: null, paid_on: '2026-10-06', gross_satang: 200_000, wht_satang: 6_000, wht_rate_bp: 300 },
      ],
    });
    server.use(rows.handler);
    await renderPage(<AdminPaymentsTab />, { user: adminUser, url: '/dashboard/admin?pay=months' });

    const month = await screen.findByRole('combobox', { name: 'Month paid' });
    // Last month first: PND.3 is filed by the 7th of the month after the payments.
    expect(month).toHaveValue(monthStart(-1));
    await user.selectOptions(month, monthStart(-3));
    await user.click(screen.getByRole('button', { name: 'Download CSV' }));

    expect(await screen.findByText(`pnd3-${monthStart(-3).slice(0, 7)}.csv: 1 payee.`)).toBeInTheDocument();
    expect(screen.getByText(/Left out, no tax ID: Somchai Jaidee\./)).toBeInTheDocument();
    expect(rows.calls).toEqual([{ p_month: monthStart(-3) }]);
    await waitFor(() => expect(saved).toHaveLength(1));
    const csv = await saved[0].text();
    const [, line] = csv.replace(/^\uFEFF/, '').split('\r\n');
    expect(line).toBe('1,1101700230708,,Mali,Srisuk Na Ayutthaya,"1 Sukhumvit Rd, Bangkok",05/10/2569,40(2),3,10000.00,300.00,1');
  });
});
