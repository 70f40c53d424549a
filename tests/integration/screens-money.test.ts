/**
 * One money formula, to the satang (issue 29, item 7): on the demo data, whose two months before
 * this one are closed from the first start (issue 33),
 * every figure of money each demo account's screens show — read through the SPA's own fetchers,
 * signed in as that account — equals what the documented queries of docs/money.md give from the
 * snapshots, and the screens agree with each other: a creator's Est. Earnings is the sum of their
 * video cards and what the Earnings page shows (statements plus the month so far); a brand's Est.
 * Pay the sum of its video cards; the admin's figures the sums of the content table.
 */
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listVideos } from '@/features/admin/api/list-videos';
import { firstPage } from '@/lib/paging';
import { getThisMonth } from '@/features/earnings/api/get-this-month';
import { listAllStatements } from '@/features/earnings/api/list-statements';
import { getAdminMetrics } from '@/features/metrics/api/get-admin-metrics';
import { getBrandMetrics } from '@/features/metrics/api/get-brand-metrics';
import { getCreatorMetrics } from '@/features/metrics/api/get-creator-metrics';
import { listBrandInvoices } from '@/features/payments/api/list-brand-invoices';
import { getVideos } from '@/features/videos/api/get-videos';
import { closeDueMonths } from '../../server/functions/scheduled';
import { startBackend, type TestBackend } from './helpers/backend';
import { actAs } from './helpers/spa';

const repoRoot = join(import.meta.dirname, '../..');
const demoAdminPassword = 'admin-demo-money';
const demo = {
  creator: { email: 'creator@demo.viewpact.test', password: 'creator-demo', id: 'a1000000-0000-4000-8000-000000000001' },
  brand: { email: 'brand@demo.viewpact.test', password: 'brand-demo', id: 'a1000000-0000-4000-8000-000000000002' },
  admin: { email: 'admin@demo.viewpact.test', password: demoAdminPassword, id: 'a1000000-0000-4000-8000-000000000003' },
};

let backend: TestBackend;
/** The months the seed closed, newest first (YYYY-MM-01). */
let closedMonths: string[];

/** A documented query of docs/money.md, as written there, run as the database owner. */
async function documented(marker: 'money-query' | 'ledger-query', params: unknown[]): Promise<Record<string, number>> {
  const doc = await readFile(join(repoRoot, 'docs/money.md'), 'utf8');
  const query = new RegExp(`<!-- ${marker}:start -->\\s*\`\`\`sql\\n([\\s\\S]*?)\`\`\`\\s*<!-- ${marker}:end -->`).exec(doc)![1];
  const row = (await backend.server.db.query<Record<string, string>>(query, params)).rows[0];
  return Object.fromEntries(Object.entries(row).map(([key, value]) => [key, Number(value)]));
}

/** Baht as the screens get them (a JSON number with two decimals at most), in satang. */
const satang = (baht: number) => Math.round(baht * 100);
const sum = (values: number[]) => values.reduce((total, value) => total + value, 0);

beforeAll(async () => {
  backend = await startBackend({ env: { SEED: '1', DEMO_ADMIN_PASSWORD: demoAdminPassword } });
  // The seed closed last month and the one before (issue 33): the scheduler finds nothing left to close.
  expect(await closeDueMonths(backend.server.db)).toBeNull();
  const { rows } = await backend.server.db.query<{ month: string }>(`select to_char(month, 'YYYY-MM-DD') as month from public.month_closes order by month desc`);
  closedMonths = rows.map((row) => row.month);
}, 60_000);
afterAll(() => backend?.stop());

describe('every baht on the demo accounts’ screens', () => {
  it('the creator: Est. Earnings = the video cards = the Earnings page (statements and the month so far) = the documented queries', async () => {
    await actAs(backend, demo.creator);
    const card = satang((await getCreatorMetrics(demo.creator.id)).estEarnings);
    const videos = await getVideos({ ownerId: demo.creator.id, owner: 'creator', page: 1, pageSize: 100 });
    const statements = await listAllStatements(demo.creator.id);
    const thisMonth = await getThisMonth();

    expect(closedMonths).toHaveLength(2);
    expect(statements.map((row) => row.month)).toEqual(closedMonths);
    expect(card).toBeGreaterThan(100_000); // the demo is worth checking: over ฿1,000, with odd satang
    expect(sum(videos.data.map((video) => video.earned_satang))).toBe(card);
    expect(sum(statements.map((row) => row.gross_satang)) + thisMonth.grossSatang).toBe(card);
    expect(satang((await documented('money-query', [demo.creator.id])).creator_earnings_baht)).toBe(card);
    for (const statement of statements) {
      expect((await documented('ledger-query', [demo.creator.id, statement.month])).creator_gross_satang).toBe(statement.gross_satang);
    }
  });

  it('the brand: Est. Pay = its video cards = the documented query; each invoice = the ledger query', async () => {
    await actAs(backend, demo.brand);
    const card = satang((await getBrandMetrics(demo.brand.id)).estPay);
    const videos = await getVideos({ ownerId: demo.brand.id, owner: 'brand', page: 1, pageSize: 100 });
    expect(card).toBeGreaterThan(0);
    expect(sum(videos.data.map((video) => video.charged_satang))).toBe(card);
    expect(satang((await documented('money-query', [demo.brand.id])).brand_pay_baht)).toBe(card);
    const invoices = await listBrandInvoices(demo.brand.id, 1);
    expect(invoices.rows.length).toBeGreaterThan(0);
    for (const invoice of invoices.rows) {
      expect((await documented('ledger-query', [demo.brand.id, invoice.month])).brand_charge_satang).toBe(invoice.amountSatang);
    }
  });

  it('the admin: Est. Pay and the creators’ payout = the content table’s amounts = the documented query', async () => {
    await actAs(backend, demo.admin);
    const figures = await getAdminMetrics();
    const rows = (await listVideos({ search: '', signal: 'all', sort: 'newest', page: firstPage })).rows;
    const { count } = await backend.service().from('tiktok_videos').select('id', { count: 'exact', head: true });
    expect(rows).toHaveLength(count!); // every demo video is on the first page
    expect(sum(rows.map((video) => video.charged_satang))).toBe(satang(figures.estPay));
    expect(sum(rows.map((video) => video.earned_satang))).toBe(satang(figures.estEarnings));
    const platform = await documented('money-query', [null]);
    expect(satang(platform.brand_pay_baht)).toBe(satang(figures.estPay));
    expect(satang(platform.creator_earnings_baht)).toBe(satang(figures.estEarnings));
  });
});
