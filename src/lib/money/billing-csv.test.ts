import { describe, expect, it } from 'vitest';
import { amountText, billingDocumentsCsv, brandWhtCsv, csvDate, outputVatCsv, type BrandWhtRow, type OutputVatRow } from './billing-csv';
import type { BillingDocumentDoc } from './billing-pdf';

const taxInvoice: BillingDocumentDoc = {
  kind: 'tax_invoice',
  number: 'TAX-2026-000003',
  issuedOn: '2026-12-10',
  month: '2026-11-01',
  seller: { name: 'ViewPact Co., Ltd.', address: 'Bangkok', taxId: '0105556123453', branch: '00000' },
  buyer: { name: 'บริษัท น้ำใส, เครื่องดื่ม จำกัด', address: '88 ถนนพระราม 9 "อาคารบี"', taxId: '0105561000127', branch: '00001' },
  vatRatePercent: 7,
  lines: [{ description: 'Advertising, November 2026', amountSatang: 2_103_39 }],
  subtotalSatang: 2_103_39,
  vatSatang: 147_24,
  totalSatang: 2_250_63,
  related: { number: 'INV-2026-000007' },
  payment: { paidOn: '2026-12-09', receivedSatang: 2_208_56, withheldSatang: 42_07, certificateNo: '=WHT1', bankReference: 'KBANK 889911' },
};

const rows = (csv: string) => csv.slice(1).split('\r\n');

describe('amountText and csvDate', () => {
  it.each([
    [0, '0.00'],
    [5, '0.05'],
    [123_456, '1234.56'],
    [-5, '-0.05'],
    [-53_500, '-535.00'],
  ])('%i satang → %s', (satang, text) => expect(amountText(satang)).toBe(text));

  it('writes Buddhist-year dates in Thai and ISO dates in English', () => {
    expect(csvDate('2026-11-05', 'th')).toBe('05/11/2569');
    expect(csvDate('2026-11-05', 'en')).toBe('2026-11-05');
    expect(() => amountText(1.5)).toThrow('amount_invalid');
  });
});

describe('billingDocumentsCsv', () => {
  it('writes a tax invoice as one row an accountant imports: BOM, CRLF, Thai headers and dates, quoted text', () => {
    const csv = billingDocumentsCsv([taxInvoice], 'th');
    expect(csv.startsWith('\uFEFF')).toBe(true);
    expect(csv.replaceAll('\r\n', '')).not.toContain('\n');
    const [header, row, end] = rows(csv);
    expect(header.split(',')).toEqual(expect.arrayContaining(['เลขที่เอกสาร', 'เลขประจำตัวผู้เสียภาษีอากรผู้ซื้อ', 'สาขาผู้ซื้อ', 'มูลค่าก่อนภาษีมูลค่าเพิ่ม', 'ภาษีมูลค่าเพิ่ม', 'รวมทั้งสิ้น']));
    expect(row).toBe(
      [
        'ใบเสร็จรับเงิน/ใบกำกับภาษี,TAX-2026-000003,10/12/2569,"ViewPact Co., Ltd.",0105556123453,สำนักงานใหญ่',
        '"บริษัท น้ำใส, เครื่องดื่ม จำกัด","88 ถนนพระราม 9 ""อาคารบี""",0105561000127,00001,"Advertising, November 2026"',
        // A text a spreadsheet would run as a formula is kept as text.
        "2103.39,7,147.24,2250.63,42.07,'=WHT1,09/12/2569,KBANK 889911,INV-2026-000007,",
      ].join(','),
    );
    expect(end).toBe('');
  });

  it('writes English headers with ISO dates, and a credit note with negative amounts', () => {
    const credit: BillingDocumentDoc = { ...taxInvoice, kind: 'credit_note', number: 'CN-2027-000001', issuedOn: '2027-01-01', payment: undefined, reason: 'Excluded after payment', lines: [{ description: 'Correction', amountSatang: 500_00 }], subtotalSatang: 500_00, vatSatang: 35_00, totalSatang: 535_00 };
    const [header, row] = rows(billingDocumentsCsv([credit], 'en'));
    expect(header.startsWith('Document type,Document number,Date,Seller name')).toBe(true);
    expect(row).toContain('Credit Note,CN-2027-000001,2027-01-01');
    expect(row).toContain(',-500.00,7,-35.00,-535.00,');
    expect(row.endsWith(',INV-2026-000007,Excluded after payment')).toBe(true);
  });
});

describe('outputVatCsv', () => {
  const vatRows: OutputVatRow[] = [
    { issuedOn: '2026-12-10', number: 'TAX-2026-000003', kind: 'tax_invoice', buyerName: 'Namsai', buyerTaxId: '0105561000127', buyerBranch: '00000', subtotalSatang: 2_103_39, vatSatang: 147_24, totalSatang: 2_250_63 },
    { issuedOn: '2026-12-20', number: 'CN-2026-000001', kind: 'credit_note', buyerName: 'Namsai', buyerTaxId: '0105561000127', buyerBranch: '00000', subtotalSatang: 500_00, vatSatang: 35_00, totalSatang: 535_00 },
  ];

  it('lists each tax invoice, each credit note as a negative row, in the register’s Thai columns', () => {
    expect(rows(outputVatCsv(vatRows, 'th'))).toEqual([
      'ลำดับที่,วัน เดือน ปี,เลขที่ใบกำกับภาษี,ประเภทเอกสาร,ชื่อผู้ซื้อสินค้า/ผู้รับบริการ,เลขประจำตัวผู้เสียภาษีอากรของผู้ซื้อ,สถานประกอบการ,มูลค่าสินค้าหรือบริการ,จำนวนเงินภาษีมูลค่าเพิ่ม,รวม',
      '1,10/12/2569,TAX-2026-000003,ใบเสร็จรับเงิน/ใบกำกับภาษี,Namsai,0105561000127,สำนักงานใหญ่,2103.39,147.24,2250.63',
      '2,20/12/2569,CN-2026-000001,ใบลดหนี้,Namsai,0105561000127,สำนักงานใหญ่,-500.00,-35.00,-535.00',
      '',
    ]);
  });

  it('writes only the header for a month without documents', () => {
    expect(rows(outputVatCsv([], 'en'))).toEqual(['No.,Date,Document number,Document type,Buyer,Buyer tax ID,Buyer branch,Amount before VAT,VAT,Total', '']);
  });
});

describe('brandWhtCsv', () => {
  it('lists the tax brands withheld, with their 50 Tawi numbers', () => {
    const row: BrandWhtRow = { paidOn: '2026-12-09', brandName: 'Namsai', brandTaxId: '0105561000127', invoiceNumber: 'INV-2026-000007', certificateNo: 'WHT-2569/0042', baseSatang: 2_103_39, withheldSatang: 42_07 };
    expect(rows(brandWhtCsv([row], 'en'))).toEqual([
      'No.,Paid on,Withheld by,Their tax ID,Invoice number,50 Tawi certificate no.,Amount paid (base),Tax withheld',
      '1,2026-12-09,Namsai,0105561000127,INV-2026-000007,WHT-2569/0042,2103.39,42.07',
      '',
    ]);
    expect(rows(brandWhtCsv([row], 'th'))[1]).toBe('1,09/12/2569,Namsai,0105561000127,INV-2026-000007,WHT-2569/0042,2103.39,42.07');
  });
});
