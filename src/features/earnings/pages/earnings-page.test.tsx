import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { creatorUser, profileOf } from '@/testing/data';
import { server } from '@/testing/msw';
import { renderPage } from '@/testing/render';
import { profileRow, restGet, rpc } from '@/testing/supabase';
import type { Statement } from '../api/list-statements';
import EarningsPage from './earnings-page';

const { withholdingCertificatePdf } = vi.hoisted(() => ({ withholdingCertificatePdf: vi.fn(async () => new Uint8Array([37, 80, 68, 70])) }));
// The PDF itself is the documents module's (tested there); this page gives it the certificate's details.
vi.mock('@/lib/money/documents', () => ({ withholdingCertificatePdf }));

const statement = (overrides: Partial<Statement>): Statement => ({
  month: '2026-10-01',
  views: 0,
  gross_satang: 0,
  wht_satang: 0,
  net_satang: 0,
  carried_in_satang: 0,
  status: 'due',
  payout_id: null,
  paid_on: null,
  reference: null,
  carried_to: null,
  ...overrides,
});

/** Three closed months, newest first: October due (with September carried into it), September carried over, August paid with tax withheld. */
const statements = [
  statement({ month: '2026-10-01', views: 104_000, gross_satang: 52_000, net_satang: 56_000, carried_in_satang: 4_000, status: 'due', payout_id: 'b9d1c0de-0000-4000-8000-000000000010', carried_to: null }),
  statement({ month: '2026-09-01', views: 8_000, gross_satang: 4_000, status: 'carried_over', carried_to: '2026-10-01' }),
  statement({
    month: '2026-08-01',
    views: 250_000,
    gross_satang: 125_000,
    wht_satang: 3_750,
    net_satang: 121_250,
    status: 'paid',
    payout_id: 'a7c2e9f1-1111-4222-8333-444455556666',
    paid_on: '2026-09-05',
    reference: 'KB0905-77',
    carried_to: '2026-10-01',
  }),
];

const payRules = { wht_rate_bp: 300, wht_threshold_satang: 100_000, payout_minimum_satang: 10_000, payer_name: 'ViewPact Co., Ltd.', payer_tax_id: '0105569000001', payer_address: 'Bangkok, Thailand' };

const payoutAccount = {
  method: 'promptpay',
  promptpay_id: '0812345678',
  bank_code: null,
  account_number: null,
  account_name: null,
  legal_name: 'Nok Sukjai',
  address: '12 Sukhumvit Rd, Bangkok',
  tax_id: '1101700230708',
  tax_consent_at: '2026-08-20T08:00:00Z',
  updated_at: '2026-08-20T08:00:00Z',
};

const thisMonth = { month: '2026-11-01', measuredViews: 61_000, countedViews: 48_000, pendingViews: 9_500, notCountedViews: 3_500, grossSatang: 24_000 };

function answers({ rows = statements, account = [payoutAccount] as object[] } = {}) {
  const statementQueries: URLSearchParams[] = [];
  server.use(
    profileRow(profileOf(creatorUser)),
    rpc('earnings_this_month', thisMonth),
    restGet('creator_statements', rows, { count: rows.length, when: (query) => (statementQueries.push(query), true) }),
    restGet('pay_rules', payRules),
    restGet('payout_accounts', account),
  );
  return { statementQueries };
}

const rowOf = (month: string) => screen.getByRole('button', { name: `Campaigns and videos of ${month}` }).closest('li')!;

beforeEach(() => withholdingCertificatePdf.mockClear());
afterEach(() => vi.restoreAllMocks());

describe('Earnings page', () => {
  it('shows the month so far as accruing, with the views split and what each part means', async () => {
    answers();
    await renderPage(<EarningsPage />, { user: creatorUser });

    await screen.findByText('฿240.00');
    const heading = screen.getByRole('heading', { name: /^This month so far/ });
    expect(heading).toHaveTextContent('This month so far · November 2026');
    const card = heading.closest('section')!;
    expect(within(card).getByText('Accruing')).toBeInTheDocument();
    expect(within(card).getByRole('group', { name: 'Earned so far' })).toHaveTextContent('฿240.00');
    expect(card).toHaveTextContent('Not final yet: November 2026 closes on Dec 1, 2026');
    expect(card).toHaveTextContent(/Counted views48,000Paid at each campaign's rate\./);
    expect(card).toHaveTextContent(/Pending review9,500Count once the brand approves the video\./);
    expect(card).toHaveTextContent(/Not counted3,500Outside the counting rules/);
    expect(screen.getByRole('link', { name: 'How payment works' })).toHaveAttribute('href', '/help#creatorPaid');
  });

  it('lists closed months newest first: due, carried over (to which month) and paid (when, with its reference)', async () => {
    const { statementQueries } = answers();
    await renderPage(<EarningsPage />, { user: creatorUser });

    const list = await screen.findByRole('list', { name: 'Monthly statements' });
    const rows = within(list).getAllByRole('listitem');
    expect(rows.map((row) => within(row).getAllByRole('button')[0].textContent)).toEqual(['October 2026', 'September 2026', 'August 2026']);
    expect(rows[0]).toHaveTextContent(/Views104,000Gross฿520\.00Withholding tax฿0\.00Net฿560\.00.*Due.*Not transferred yet\..*Includes ฿40\.00 carried over from earlier months\./);
    expect(rows[1]).toHaveTextContent(/Views8,000Gross฿40\.00Withholding tax—Net—.*Carried over to October 2026.*Under the ฿100\.00 minimum, so it's added to the next payout\./);
    expect(rows[2]).toHaveTextContent(/Views250,000Gross฿1,250\.00Withholding tax฿37\.50Net฿1,212\.50.*Paid.*Paid Sep 5, 2026 · Ref\. KB0905-77/);
    // Only a paid month with tax withheld has a certificate.
    expect(within(rows[2]).getByRole('button', { name: 'Withholding tax certificate (50 Tawi)' })).toBeEnabled();
    expect(within(rows[0]).queryByRole('button', { name: /50 Tawi/ })).not.toBeInTheDocument();
    expect(screen.getByText(/Under ฿100\.00 net, the amount carries over to the next payout\. From ฿1,000\.00, 3% withholding tax is deducted\./)).toBeInTheDocument();
    expect(statementQueries[0].get('creator_id')).toBe(`eq.${creatorUser.id}`);
    expect(statementQueries[0].get('order')).toBe('month.desc');
  });

  it('opens a month onto its campaigns and videos, with corrections as negative lines', async () => {
    const entryQueries: URLSearchParams[] = [];
    answers();
    server.use(
      restGet(
        'ledger_entries',
        [
          { id: 11, brand_brief_id: 'brief-serum', tiktok_video_id: 'video-1', video_id: '7300000000000000001', views: 200_000, creator_earning_satang: 100_000 },
          { id: 12, brand_brief_id: 'brief-serum', tiktok_video_id: 'video-2', video_id: '7300000000000000002', views: 60_000, creator_earning_satang: 30_000 },
          { id: 13, brand_brief_id: 'brief-toner', tiktok_video_id: 'video-gone', video_id: '7300000000000000003', views: -10_000, creator_earning_satang: -5_000 },
        ],
        { count: 3, when: (query) => (entryQueries.push(query), true) },
      ),
      restGet('brief_listings', [
        { id: 'brief-serum', title: 'Serum launch', brand_name: 'GlowLab Skincare' },
        { id: 'brief-toner', title: 'Toner reviews', brand_name: 'GlowLab Skincare' },
      ]),
      restGet('video_listings', [
        { id: 'video-1', title: 'Morning routine', share_url: 'https://www.tiktok.com/@nok/video/7300000000000000001' },
        { id: 'video-2', title: null, share_url: 'https://www.tiktok.com/@nok/video/7300000000000000002' },
      ]),
    );
    await renderPage(<EarningsPage />, { user: creatorUser });
    const toggle = await screen.findByRole('button', { name: 'Campaigns and videos of August 2026' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await userEvent.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');

    const serum = await within(rowOf('August 2026')).findByRole('region', { name: 'Serum launch' });
    expect(within(serum).getByRole('heading')).toHaveTextContent('Serum launch · GlowLab Skincare');
    const [first, second] = within(serum).getAllByRole('listitem');
    expect(first).toHaveTextContent('Morning routine฿1,000.00200,000 views');
    expect(within(first).getByRole('link', { name: 'Morning routine' })).toHaveAttribute('href', 'https://www.tiktok.com/@nok/video/7300000000000000001');
    expect(second).toHaveTextContent('TikTok Video฿300.0060,000 views');
    const toner = screen.getByRole('region', { name: 'Toner reviews' });
    expect(toner).toHaveTextContent(/Removed video \(7300000000000000003\)CorrectionFewer views count now than were paid before.*-฿50\.00-10,000 views/);

    expect(entryQueries[0].get('month')).toBe('eq.2026-08-01');
    expect(entryQueries[0].get('creator_id')).toBe(`eq.${creatorUser.id}`);

    await userEvent.click(toggle);
    expect(screen.queryByRole('region', { name: 'Serum launch' })).not.toBeInTheDocument();
  });

  it('says when the first statement will come before any month has closed', async () => {
    answers({ rows: [] });
    await renderPage(<EarningsPage />, { user: creatorUser });
    expect(await screen.findByRole('heading', { name: 'No statements yet' })).toBeInTheDocument();
    expect(screen.getByText('Your first statement appears after the month closes on the 1st.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Download CSV' })).not.toBeInTheDocument();
    // The month so far still shows.
    expect(await screen.findByText('฿240.00')).toBeInTheDocument();
  });

  it('asks for payout details while there are none, and for the tax ID where a certificate needs it', async () => {
    answers({ account: [] });
    await renderPage(<EarningsPage />, { user: creatorUser });
    expect(await screen.findByRole('link', { name: 'Add payout details' })).toHaveAttribute('href', '/dashboard/settings?tab=payouts');
    await screen.findByRole('list', { name: 'Monthly statements' });
    const august = rowOf('August 2026');
    expect(within(august).queryByRole('button', { name: /50 Tawi/ })).not.toBeInTheDocument();
    expect(august).toHaveTextContent('Add your tax ID in payout settings to download the withholding tax certificate.');
    expect(within(august).getByRole('link', { name: 'Payout settings' })).toHaveAttribute('href', '/dashboard/settings?tab=payouts');
  });

  it('shows months in Thai with the Buddhist year', async () => {
    answers();
    await renderPage(<EarningsPage />, { user: creatorUser, language: 'th' });
    const rows = within(await screen.findByRole('list', { name: 'ใบสรุปยอดรายเดือน' })).getAllByRole('listitem');
    await screen.findByText('฿240.00');
    expect(screen.getByRole('heading', { name: /^ยอดสะสมเดือนนี้/ })).toHaveTextContent('ยอดสะสมเดือนนี้ · พฤศจิกายน 2569');
    expect(rows[0]).toHaveTextContent(/ตุลาคม 2569.*รอโอน/);
    expect(rows[1]).toHaveTextContent(/กันยายน 2569.*ยกไปรวมรอบเดือนตุลาคม 2569/);
    expect(rows[2]).toHaveTextContent(/สิงหาคม 2569.*โอนแล้ว.*โอนเมื่อ 5 ก\.ย\. 2569 · อ้างอิง KB0905-77/);
    expect(within(rows[2]).getByRole('button', { name: 'หนังสือรับรองการหักภาษี ณ ที่จ่าย (50 ทวิ)' })).toBeInTheDocument();
  });

  describe('downloads', () => {
    let saved: { blob: Blob; name: string }[] = [];
    beforeEach(() => {
      saved = [];
      let last: Blob | undefined;
      vi.spyOn(URL, 'createObjectURL').mockImplementation((blob) => {
        last = blob as Blob;
        return 'blob:earnings';
      });
      vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => undefined);
      vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
        saved.push({ blob: last!, name: this.download });
      });
    });

    it('builds the CSV of every statement in the page’s language', async () => {
      answers();
      await renderPage(<EarningsPage />, { user: creatorUser });
      await userEvent.click(await screen.findByRole('button', { name: 'Download CSV' }));
      await waitFor(() => expect(saved).toHaveLength(1));
      expect(saved[0].name).toBe('viewpact-statements.csv');
      expect(saved[0].blob.type).toBe('text/csv;charset=utf-8');
      const bytes = new Uint8Array(await saved[0].blob.arrayBuffer());
      // The byte order mark, then the rows.
      expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
      expect(new TextDecoder().decode(bytes).split('\r\n')).toEqual([
        'Month,Views,Gross,Withholding tax,Net,Status,Paid on,Reference',
        '2026-10,104000,520.00,0.00,560.00,Due,,',
        '2026-09,8000,40.00,0.00,0.00,Carried over,,',
        '2026-08,250000,1250.00,37.50,1212.50,Paid,2026-09-05,KB0905-77',
        '',
      ]);
    });

    it('builds the Thai CSV with Thai headers and every month and date in the Buddhist year', async () => {
      answers();
      await renderPage(<EarningsPage />, { user: creatorUser, language: 'th' });
      await userEvent.click(await screen.findByRole('button', { name: 'ดาวน์โหลด CSV' }));
      await waitFor(() => expect(saved).toHaveLength(1));
      const bytes = new Uint8Array(await saved[0].blob.arrayBuffer());
      expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
      // TextDecoder drops the byte order mark.
      expect(new TextDecoder().decode(bytes).split('\r\n')).toEqual([
        'เดือน,วิว,ยอดก่อนหักภาษี,ภาษีหัก ณ ที่จ่าย,ยอดสุทธิ,สถานะ,วันที่โอน,เลขอ้างอิง',
        '10/2569,104000,520.00,0.00,560.00,รอโอน,,',
        '09/2569,8000,40.00,0.00,0.00,ยกยอด,,',
        '08/2569,250000,1250.00,37.50,1212.50,โอนแล้ว,05/09/2569,KB0905-77',
        '',
      ]);
    });

    it('makes the 50 Tawi of a paid month from the payout, the pay rules and the payout details', async () => {
      answers();
      await renderPage(<EarningsPage />, { user: creatorUser });
      await screen.findByRole('list', { name: 'Monthly statements' });
      await userEvent.click(within(rowOf('August 2026')).getByRole('button', { name: 'Withholding tax certificate (50 Tawi)' }));
      await waitFor(() => expect(saved).toHaveLength(1));
      expect(saved[0].name).toBe('viewpact-50tawi-2026-08.pdf');
      expect(saved[0].blob.type).toBe('application/pdf');
      expect(withholdingCertificatePdf).toHaveBeenCalledWith({
        bookNo: '2569',
        number: 'A7C2E9F1',
        payer: { name: 'ViewPact Co., Ltd.', taxId: '0105569000001', address: 'Bangkok, Thailand' },
        payee: { name: 'Nok Sukjai', taxId: '1101700230708', address: '12 Sukhumvit Rd, Bangkok' },
        incomeType: '40(2)',
        paidOn: '2026-09-05',
        grossSatang: 125_000,
        whtSatang: 3_750,
        form: 'ภ.ง.ด.3',
      });
    });
  });
});
