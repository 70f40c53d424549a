import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { keep, readPdf } from '@/testing/pdf-text';
import { billingDocumentPdf, type BillingDocumentDoc } from './billing-pdf';

// As in documents.test.ts: the PDFs are made with the realm's own Uint8Array, not the test DOM's.
beforeAll(() => vi.stubGlobal('Uint8Array', Object.getPrototypeOf(Buffer.prototype).constructor));
afterAll(() => vi.unstubAllGlobals());

const seller = { name: 'บริษัท วิวแพ็กต์ จำกัด', address: '99/9 อาคารสาทรธานี ชั้น 12 ถนนสาทรเหนือ แขวงสีลม เขตบางรัก กรุงเทพมหานคร 10500', taxId: '0105556123453', branch: '00000' };
const buyer = { name: 'บริษัท น้ำใส เครื่องดื่ม จำกัด', address: '88 ถนนพระราม 9 แขวงห้วยขวาง เขตห้วยขวาง กรุงเทพมหานคร 10310', taxId: '0105561000127', branch: '00001', email: 'billing@namsai.example' };

/** 2,103.39 before VAT; 7% VAT rounded once: 147.24; withholding 2% of the amount before VAT: 42.07. */
const invoice: BillingDocumentDoc = {
  kind: 'invoice',
  number: 'INV-2026-000007',
  issuedOn: '2026-12-01',
  dueOn: '2026-12-31',
  month: '2026-11-01',
  seller,
  buyer,
  vatRatePercent: 7,
  whtRatePercent: 2,
  lines: [
    { description: 'รีวิวน้ำดื่มน้ำใส สดชื่นทุกวัน 💧', views: 152_340, amountSatang: 1_523_40 },
    { description: 'Summer launch: Namsai sparkling water taste test', views: 48_000, amountSatang: 480_00 },
    { description: 'ชาเขียวญี่ปุ่นแท้ ปั่นสดใหม่', views: 9_999, amountSatang: 99_99 },
  ],
  subtotalSatang: 2_103_39,
  vatSatang: 147_24,
  totalSatang: 2_250_63,
  whtExpectedSatang: 42_07,
  netDueSatang: 2_208_56,
};

const taxInvoice: BillingDocumentDoc = {
  kind: 'tax_invoice',
  number: 'TAX-2026-000003',
  issuedOn: '2026-12-10',
  month: '2026-11-01',
  seller,
  buyer,
  vatRatePercent: 7,
  lines: [{ description: 'ค่าโฆษณาตามวิวที่นับ พฤศจิกายน 2569 (Advertising by counted views, November 2026)', amountSatang: 2_103_39 }],
  subtotalSatang: 2_103_39,
  vatSatang: 147_24,
  totalSatang: 2_250_63,
  related: { number: 'INV-2026-000007' },
  payment: { paidOn: '2026-12-09', receivedSatang: 2_208_56, withheldSatang: 42_07, certificateNo: 'WHT-2569/0042', bankReference: 'KBANK 889911' },
};

const creditNote: BillingDocumentDoc = {
  kind: 'credit_note',
  number: 'CN-2027-000001',
  issuedOn: '2027-01-01',
  month: '2026-12-01',
  seller,
  buyer,
  vatRatePercent: 7,
  lines: [{ description: 'วิดีโอที่ถูกตัดออกจากการจ่ายเงิน (video excluded from pay)', views: -50_000, amountSatang: 500_00 }],
  subtotalSatang: 500_00,
  vatSatang: 35_00,
  totalSatang: 535_00,
  related: { number: 'TAX-2026-000003', issuedOn: '2026-12-10', subtotalSatang: 2_103_39 },
  reason: 'ยอดวิวปลอม ตัดออกหลังชำระ (fake views excluded after payment)',
};

const receipt: BillingDocumentDoc = {
  ...taxInvoice,
  kind: 'receipt',
  number: 'RCT-2026-000001',
  vatRatePercent: null,
  subtotalSatang: 2_103_39,
  vatSatang: 0,
  totalSatang: 2_103_39,
  payment: { paidOn: '2026-12-09', receivedSatang: 2_061_32, withheldSatang: 42_07, certificateNo: 'WHT-2569/0042', bankReference: 'KBANK 889911' },
};

async function textOf(doc: BillingDocumentDoc, file: string) {
  const pdf = await billingDocumentPdf(doc);
  keep(file, pdf);
  const read = readPdf(pdf);
  expect(read.valid).toBe(true);
  expect(read.fonts.some((font) => font.endsWith('+Sarabun-Regular'))).toBe(true);
  expect(read.text).not.toContain('\uFFFD');
  return read;
}

/** Both parties' particulars, as s.86/4 asks: names, addresses, tax IDs, head office or branch. */
const parties = ['บริษัท วิวแพ็กต์ จำกัด', 'แขวงสีลม', '0-1055-56123-45-3', 'สำนักงานใหญ่ / Head office', 'บริษัท น้ำใส เครื่องดื่ม จำกัด', 'แขวงห้วยขวาง', '0-1055-61000-12-7', 'สาขาที่ 00001 / Branch 00001', 'เลขประจำตัวผู้เสียภาษีอากร / Tax ID'];

describe('billingDocumentPdf', () => {
  it('draws the receipt/tax invoice with every particular of a full tax invoice, in Thai with English beside it', async () => {
    const read = await textOf(taxInvoice, 'tax-invoice.pdf');
    expect(read.pages).toBe(1);
    for (const expected of [
      'ใบเสร็จรับเงิน/ใบกำกับภาษี',
      'Receipt/Tax Invoice',
      'ต้นฉบับ / Original',
      ...parties,
      'TAX-2026-000003',
      '10 ธันวาคม 2569 (10 December 2026)',
      'ค่าโฆษณาตามวิวที่นับ พฤศจิกายน 2569',
      'มูลค่าก่อนภาษีมูลค่าเพิ่ม',
      '2,103.39',
      'ภาษีมูลค่าเพิ่ม 7%',
      '147.24',
      'รวมทั้งสิ้น',
      '2,250.63',
      '(สองพันสองร้อยห้าสิบบาทหกสิบสามสตางค์)',
      'ชำระตามใบแจ้งหนี้ / For invoice',
      'INV-2026-000007',
      '9 ธันวาคม 2569 (9 December 2026)',
      '2,208.56',
      '42.07',
      'WHT-2569/0042',
      'KBANK 889911',
    ]) {
      expect(read.text).toContain(expected);
    }
  });

  it('draws the invoice: before VAT, VAT, total, the withholding expected, the net to transfer and the due date', async () => {
    const read = await textOf(invoice, 'billing-invoice.pdf');
    for (const expected of [
      'ใบแจ้งหนี้',
      'Invoice',
      ...parties,
      'INV-2026-000007',
      'ครบกำหนดชำระ',
      'Due date',
      '31 ธันวาคม 2569 (31 December 2026)',
      'ค่าบริการเดือน',
      'Service month',
      'พฤศจิกายน 2569 (November 2026)',
      'รีวิวน้ำดื่มน้ำใส สดชื่นทุกวัน',
      '152,340',
      '1,523.40',
      '2,103.39',
      'ภาษีมูลค่าเพิ่ม 7%',
      '147.24',
      '2,250.63',
      'ภาษีหัก ณ ที่จ่ายที่ลูกค้าหัก 2%',
      '42.07',
      'ยอดโอนสุทธิ',
      'Net to transfer',
      '2,208.56',
      'หนังสือรับรองการหักภาษี ณ ที่จ่าย (50 ทวิ)',
    ]) {
      expect(read.text).toContain(expected);
    }
    expect(read.text).not.toContain('ใบกำกับภาษี');
  });

  it('draws the credit note: the original document, the reason, the value and the VAT reduced', async () => {
    const read = await textOf(creditNote, 'credit-note.pdf');
    for (const expected of [
      'ใบลดหนี้',
      'Credit Note',
      ...parties,
      'CN-2027-000001',
      'เอกสารเดิม / Original document',
      'TAX-2026-000003',
      'เหตุที่ลดหนี้ / Reason',
      'ยอดวิวปลอม ตัดออกหลังชำระ',
      'มูลค่าตามเอกสารเดิม / Original value',
      'มูลค่าที่ถูกต้อง / Correct value',
      '1,603.39',
      'มูลค่าที่ลดลง',
      '500.00',
      'ภาษีมูลค่าเพิ่มที่ลดลง 7%',
      '35.00',
      '535.00',
    ]) {
      expect(read.text).toContain(expected);
    }
  });

  it('draws a receipt without VAT when the company is not VAT-registered', async () => {
    const read = await textOf(receipt, 'receipt.pdf');
    for (const expected of ['ใบเสร็จรับเงิน', 'Receipt', 'RCT-2026-000001', 'รวมทั้งสิ้น (ไม่มีภาษีมูลค่าเพิ่ม)', '2,103.39', ...parties]) expect(read.text).toContain(expected);
    expect(read.text).not.toContain('ใบกำกับภาษี');
    expect(read.text).not.toMatch(/ภาษีมูลค่าเพิ่ม \d/);
  });

  it('draws a tax invoice settled by a credit note: the credit and its note, no bank reference', async () => {
    const settled: BillingDocumentDoc = { ...taxInvoice, number: 'TAX-2027-000002', payment: { paidOn: '2027-01-01', receivedSatang: 0, withheldSatang: 0, creditedSatang: 2_250_63, creditNoteNumber: 'CN-2027-000001', certificateNo: null, bankReference: null } };
    const read = await textOf(settled, 'tax-invoice-credit.pdf');
    expect(read.text).toContain('หักจากใบลดหนี้ / Settled by credit note');
    expect(read.text).toContain('2,250.63 (CN-2027-000001)');
    expect(read.text).not.toContain('เลขอ้างอิงการโอน');
    expect(read.text).not.toContain('50 Tawi no.');
  });

  it('goes on to more pages when the lines need them', async () => {
    const lines = Array.from({ length: 70 }, (_, index) => ({ description: `วิดีโอที่ ${index + 1}`, views: 1_000, amountSatang: 10_00 }));
    const read = readPdf(await billingDocumentPdf({ ...invoice, lines, subtotalSatang: 700_00, vatSatang: 49_00, totalSatang: 749_00, whtExpectedSatang: 14_00, netDueSatang: 735_00 }));
    expect(read.pages).toBeGreaterThan(1);
    expect(read.text).toContain('วิดีโอที่ 70');
    expect(read.text.split('\f')[1]).toContain('วิวที่นับ');
  });

  it('refuses amounts that do not add up, and tax IDs that are not 13 digits', async () => {
    await expect(billingDocumentPdf({ ...invoice, vatSatang: 147_23 })).rejects.toThrow('document_amounts_invalid');
    await expect(billingDocumentPdf({ ...invoice, netDueSatang: 2_208_57 })).rejects.toThrow('document_amounts_invalid');
    await expect(billingDocumentPdf({ ...invoice, lines: invoice.lines.slice(1) })).rejects.toThrow('document_amounts_invalid');
    await expect(billingDocumentPdf({ ...taxInvoice, payment: { ...taxInvoice.payment!, withheldSatang: 0 } })).rejects.toThrow('document_amounts_invalid');
    await expect(billingDocumentPdf({ ...receipt, vatSatang: 1, totalSatang: 2_103_40 })).rejects.toThrow('document_amounts_invalid');
    await expect(billingDocumentPdf({ ...invoice, buyer: { ...buyer, taxId: '12345' } })).rejects.toThrow('document_tax_id_invalid');
  });
});
