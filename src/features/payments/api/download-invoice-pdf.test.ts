import { beforeEach, describe, expect, it, vi } from 'vitest';
import { demoThai } from '@/lib/demo-texts';
import { server } from '@/testing/msw';
import { startSignedOut } from '@/testing/render';
import { restGet } from '@/testing/supabase';
import { brandUser } from '@/testing/data';
import type { Invoice } from './invoice-row';
import { makeInvoicePdf } from './download-invoice-pdf';

const { invoicePdf } = vi.hoisted(() => ({ invoicePdf: vi.fn(async () => new Uint8Array([37, 80, 68, 70])) }));
// The PDF itself is the documents module's (tested there); this gives it the lines.
vi.mock('@/lib/money/documents', () => ({ invoicePdf }));

const demoBrief = 'b1000000-0000-4000-8000-000000000001';
const realBrief = 'b2000000-0000-4000-8000-000000000009';
const invoice: Invoice = {
  brandId: brandUser.id,
  month: '2026-10-01',
  number: 'VP-202610-00000002',
  views: 150_000,
  amountSatang: 150_000,
  status: 'due',
  paidOn: null,
  reference: null,
  issuedAt: '2026-10-31T17:00:04Z',
};

/** The brief ids the invoice asked brand_briefs about, or null when it asked nothing. */
let asked: string | null = null;

function answer(lines: { brand_brief_id: string; title: string; views: number; amount_satang: number }[], briefs: { id: string; is_demo: boolean }[]) {
  server.use(
    restGet('brand_invoice_lines', lines),
    restGet('pay_rules', { payer_name: 'ViewPact Co., Ltd.', payer_tax_id: '0105569000001', payer_address: 'Bangkok, Thailand' }),
    restGet('brand_briefs', briefs, { when: (query) => ((asked = query.get('id')), true) }),
  );
}

const linesOf = () => (invoicePdf.mock.calls.at(-1) as unknown as [{ lines: { title: string }[] }, string])[0].lines.map((line) => line.title);

beforeEach(async () => {
  // The app's one client, aimed at msw (the lines are read as the brand reads them; msw answers).
  await startSignedOut('en');
  invoicePdf.mockClear();
  asked = null;
});

describe("an invoice's campaign lines in the invoice's language (issue 33: the demo in Thai)", () => {
  it('titles a demo campaign in Thai on a Thai invoice, and leaves a brand’s own campaign as written', async () => {
    answer(
      [
        { brand_brief_id: demoBrief, title: 'Skincare Product Review', views: 120_000, amount_satang: 120_000 },
        // A real campaign its brand titled like a demo one: not demo, so never translated.
        { brand_brief_id: realBrief, title: 'Energy Drink Promotion', views: 30_000, amount_satang: 30_000 },
      ],
      [
        { id: demoBrief, is_demo: true },
        { id: realBrief, is_demo: false },
      ],
    );
    await makeInvoicePdf({ invoice, buyer: { name: 'GlowLab Skincare' }, language: 'th', untitled: 'ไม่มีชื่อ' });
    expect(linesOf()).toEqual([demoThai['Skincare Product Review'], 'Energy Drink Promotion']);
    expect(asked).toBe(`in.(${demoBrief},${realBrief})`);
  });

  it('keeps the English titles on an English invoice, without asking which campaigns are demo ones', async () => {
    answer([{ brand_brief_id: demoBrief, title: 'Skincare Product Review', views: 120_000, amount_satang: 120_000 }], [{ id: demoBrief, is_demo: true }]);
    await makeInvoicePdf({ invoice, buyer: { name: 'GlowLab Skincare' }, language: 'en', untitled: 'Untitled' });
    expect(linesOf()).toEqual(['Skincare Product Review']);
    expect(asked).toBeNull();
  });

  it('asks nothing more for a Thai invoice whose titles the demo does not have', async () => {
    answer([{ brand_brief_id: realBrief, title: 'Serum launch', views: 150_000, amount_satang: 150_000 }], []);
    await makeInvoicePdf({ invoice, buyer: { name: 'GlowLab Skincare' }, language: 'th', untitled: 'ไม่มีชื่อ' });
    expect(linesOf()).toEqual(['Serum launch']);
    expect(asked).toBeNull();
  });
});
