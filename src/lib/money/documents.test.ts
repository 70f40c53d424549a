import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { keep, latin1, readPdf } from '@/testing/pdf-text';
import { bahtText, invoicePdf, loadFont, pnd3Csv, withholdingCertificatePdf, type BrandInvoiceDoc, type Pnd3Row, type WhtCertificate } from './documents';

// A test DOM environment may swap the global Uint8Array for its own, so the Node Buffers that
// pdfkit's Node build writes fail its `instanceof Uint8Array` and come out garbled. Here the
// PDFs are made as under plain Node (or in a browser): with the realm's own Uint8Array.
beforeAll(() => vi.stubGlobal('Uint8Array', Object.getPrototypeOf(Buffer.prototype).constructor));
afterAll(() => vi.unstubAllGlobals());

describe('bahtText', () => {
  it.each([
    [50, 'ห้าสิบสตางค์'],
    [3_000, 'สามสิบบาทถ้วน'],
    [123_456, 'หนึ่งพันสองร้อยสามสิบสี่บาทห้าสิบหกสตางค์'],
    [100_000_000, 'หนึ่งล้านบาทถ้วน'],
    [0, 'ศูนย์บาทถ้วน'],
    [1, 'หนึ่งสตางค์'],
    [21, 'ยี่สิบเอ็ดสตางค์'],
    [100, 'หนึ่งบาทถ้วน'],
    [1_100, 'สิบเอ็ดบาทถ้วน'],
    [2_000, 'ยี่สิบบาทถ้วน'],
    [10_100, 'หนึ่งร้อยเอ็ดบาทถ้วน'],
    [100_000_100, 'หนึ่งล้านเอ็ดบาทถ้วน'],
    [1_100_000_000, 'สิบเอ็ดล้านบาทถ้วน'],
    [2_512_345_678_9, 'สองร้อยห้าสิบเอ็ดล้านสองแสนสามหมื่นสี่พันห้าร้อยหกสิบเจ็ดบาทแปดสิบเก้าสตางค์'],
    [100_000_000_000_000, 'หนึ่งล้านล้านบาทถ้วน'],
  ])('%i satang → %s', (satang, words) => {
    expect(bahtText(satang)).toBe(words);
  });

  it.each([-1, 1.5, Number.NaN])('rejects %j', (satang) => {
    expect(() => bahtText(satang)).toThrow('amount_invalid');
  });
});

const certificate: WhtCertificate = {
  bookNo: '2569/11',
  number: '0042',
  payer: { name: 'บริษัท วิวแพ็กต์ จำกัด', taxId: '0105556123453', address: '99/9 อาคารสาทรธานี ชั้น 12 ถนนสาทรเหนือ แขวงสีลม เขตบางรัก กรุงเทพมหานคร 10500' },
  payee: { name: 'นางสาวน้ำฝน ใจดี', taxId: '1101700230708', address: '123 หมู่ 4 ตำบลในเมือง อำเภอเมืองขอนแก่น จังหวัดขอนแก่น 40000' },
  incomeType: '40(2)',
  paidOn: '2026-11-25',
  grossSatang: 123_456_00,
  whtSatang: 3_703_68,
  form: 'ภ.ง.ด.3',
};

describe('withholdingCertificatePdf', () => {
  it('is one page in the embedded Thai font, with every particular of the certificate', async () => {
    const pdf = await withholdingCertificatePdf(certificate);
    keep('wht-certificate.pdf', pdf);
    const read = readPdf(pdf);

    expect(read.valid).toBe(true);
    expect(read.pages).toBe(1);
    expect(read.fonts).toEqual(expect.arrayContaining([expect.stringMatching(/^[A-Z]{6}\+Sarabun-Regular$/), expect.stringMatching(/^[A-Z]{6}\+Sarabun-Bold$/)]));
    expect(latin1(pdf)).toContain('/FontFile2');
    for (const expected of [
      'หนังสือรับรองการหักภาษี ณ ที่จ่าย',
      'ตามมาตรา 50 ทวิ แห่งประมวลรัษฎากร',
      'เล่มที่  2569/11',
      'เลขที่  0042',
      'บริษัท วิวแพ็กต์ จำกัด',
      '0-1055-56123-45-3',
      'แขวงสีลม เขตบางรัก',
      'นางสาวน้ำฝน ใจดี',
      '1-1017-00230-70-8',
      '(4) ภ.ง.ด.3',
      '2. ค่าธรรมเนียม ค่านายหน้า ฯลฯ ตามมาตรา 40 (2)',
      '25 พฤศจิกายน 2569',
      '123,456.00',
      '3,703.68',
      '(สามพันเจ็ดร้อยสามบาทหกสิบแปดสตางค์)',
      '(1) หัก ณ ที่จ่าย',
      'ผู้จ่ายเงิน',
      'เลขประจำตัวผู้เสียภาษีอากร (13 หลัก)*',
    ]) {
      expect(read.text).toContain(expected);
    }
    expect(read.text).not.toContain('\uFFFD');
  });

  it('rejects tax withheld above the amount paid and tax IDs that are not 13 digits', async () => {
    await expect(withholdingCertificatePdf({ ...certificate, whtSatang: certificate.grossSatang + 1 })).rejects.toThrow('wht_amount_invalid');
    await expect(withholdingCertificatePdf({ ...certificate, payee: { ...certificate.payee, taxId: '12345' } })).rejects.toThrow('wht_tax_id_invalid');
    await expect(withholdingCertificatePdf({ ...certificate, paidOn: '25/11/2026' })).rejects.toThrow('document_date_invalid');
  });
});

const invoice: BrandInvoiceDoc = {
  number: 'VP-2026-11-0007',
  issuedOn: '2026-12-01',
  month: '2026-11-01',
  seller: { name: 'ViewPact Co., Ltd.', taxId: '0105556123453', address: '99/9 Sathorn Thani Building, 12th floor, North Sathorn Road, Silom, Bang Rak, Bangkok 10500' },
  buyer: { name: 'บริษัท น้ำใส เครื่องดื่ม จำกัด', email: 'billing@namsai.example' },
  lines: [
    { title: 'รีวิวน้ำดื่มน้ำใส สดชื่นทุกวัน 💧 #น้ำใส', views: 152_340, amountSatang: 1_523_40 },
    { title: 'Summer launch: Namsai sparkling water taste test', views: 48_000, amountSatang: 480_00 },
    { title: 'ชาเขียวญี่ปุ่นแท้ ปั่นสดใหม่ ฟินสุด ๆ กับเพื่อนที่ร้านประจำในซอยข้างบ้าน แนะนำเลยว่าต้องลอง', views: 9_999, amountSatang: 99_99 },
  ],
  totalViews: 210_339,
  totalSatang: 2_103_39,
  status: 'paid',
  paidOn: '2026-12-05',
  reference: 'PP-8F3K2Q',
};

describe('invoicePdf', () => {
  it('is one page in Thai, with Thai labels and Buddhist-era dates', async () => {
    const pdf = await invoicePdf(invoice, 'th');
    keep('invoice-th.pdf', pdf);
    const read = readPdf(pdf);

    expect(read.valid).toBe(true);
    expect(read.pages).toBe(1);
    expect(read.fonts.some((font) => font.endsWith('+Sarabun-Regular'))).toBe(true);
    for (const expected of [
      'ใบแจ้งหนี้',
      'VP-2026-11-0007',
      '1 ธันวาคม 2569',
      'พฤศจิกายน 2569',
      'วิวที่นับ',
      'จำนวนเงิน (บาท)',
      'เลขประจำตัวผู้เสียภาษีอากร',
      'บริษัท น้ำใส เครื่องดื่ม จำกัด',
      'รีวิวน้ำดื่มน้ำใส สดชื่นทุกวัน #น้ำใส', // without the emoji the font lacks
      '152,340',
      '1,523.40',
      '210,339',
      '2,103.39',
      '(สองพันหนึ่งร้อยสามบาทสามสิบเก้าสตางค์)',
      'คิดราคาต่อ 1,000 วิวที่นับ',
      'ชำระเมื่อ 5 ธันวาคม 2569',
      'PP-8F3K2Q',
    ]) {
      expect(read.text).toContain(expected);
    }
    expect(read.text.match(/วิวที่นับ/g)?.length, 'the views column and the price basis').toBeGreaterThanOrEqual(2);
    expect(read.text).not.toContain('\uFFFD');
  });

  it('is in English with Christian-era dates, and says what is due', async () => {
    const pdf = await invoicePdf({ ...invoice, status: 'due', paidOn: undefined, reference: undefined }, 'en');
    keep('invoice-en.pdf', pdf);
    const read = readPdf(pdf);

    expect(read.pages).toBe(1);
    for (const expected of ['Invoice', 'Issued', '1 December 2026', 'Views counted in', 'November 2026', 'Counted views', 'Amount (THB)', 'Price basis: per 1,000 counted views.', 'Amount due', '฿2,103.39']) {
      expect(read.text).toContain(expected);
    }
    expect(read.text).not.toContain('Paid on');
    expect(read.text).toContain('ชาเขียวญี่ปุ่นแท้');
    expect(read.text).not.toContain('\uFFFD');
  });

  it('goes on to more pages when the lines need them', async () => {
    const lines = Array.from({ length: 80 }, (_, index) => ({ title: `วิดีโอที่ ${index + 1}`, views: 1_000, amountSatang: 10_00 }));
    const read = readPdf(await invoicePdf({ ...invoice, lines, totalViews: 80_000, totalSatang: 800_00 }, 'th'));

    expect(read.pages).toBeGreaterThan(1);
    expect(read.text).toContain('วิดีโอที่ 80');
    expect(read.text.split('\f')[1]).toContain('วิวที่นับ'); // the table's header again
  });
});

describe('loadFont', () => {
  it('reads the TrueType font file from node_modules under Node', async () => {
    const font = await loadFont('regular');
    expect([...font.subarray(0, 4)]).toEqual([0, 1, 0, 0]);
    expect(await loadFont('regular')).toBe(font);
  });
});

describe('pnd3Csv', () => {
  const row: Pnd3Row = {
    taxId: '1101700230708',
    title: 'นางสาว',
    firstName: 'น้ำฝน',
    lastName: 'ใจดี',
    address: '123 หมู่ 4, ตำบลในเมือง "บ้านสวน"',
    paidOn: '2026-11-05',
    incomeType: '40(2)',
    ratePercent: 3,
    grossSatang: 123_456_00,
    whtSatang: 3_703_68,
  };

  it('writes the attachment’s columns, a BOM and CRLF line ends', () => {
    const csv = pnd3Csv([row, { ...row, taxId: '3101200123453', title: undefined, firstName: 'Somchai', lastName: '=HYPERLINK("x")', address: undefined, grossSatang: 1_000_00, whtSatang: 30_00 }]);
    keep('pnd3.csv', csv);

    expect(csv.startsWith('\uFEFF')).toBe(true);
    expect(csv.endsWith('\r\n')).toBe(true);
    expect(csv.replaceAll('\r\n', '')).not.toContain('\n');
    const lines = csv.slice(1).split('\r\n');
    expect(lines).toEqual([
      'ลำดับที่,เลขประจำตัวผู้เสียภาษีอากร,คำนำหน้าชื่อ,ชื่อ,ชื่อสกุล,ที่อยู่,วันเดือนปีที่จ่าย,ประเภทเงินได้พึงประเมินที่จ่าย,อัตราภาษีร้อยละ,จำนวนเงินที่จ่ายแต่ละประเภท,จำนวนเงินภาษีที่หักและนำส่ง,เงื่อนไข',
      '1,1101700230708,นางสาว,น้ำฝน,ใจดี,"123 หมู่ 4, ตำบลในเมือง ""บ้านสวน""",05/11/2569,40(2),3,123456.00,3703.68,1',
      // A name that a spreadsheet would run as a formula is kept as text.
      `2,3101200123453,,Somchai,"'=HYPERLINK(""x"")",,05/11/2569,40(2),3,1000.00,30.00,1`,
      '',
    ]);
  });

  it('writes only the header for a month without payees', () => {
    expect(pnd3Csv([]).split('\r\n')).toHaveLength(2);
  });

  it('rejects a tax ID that is not 13 digits', () => {
    expect(() => pnd3Csv([{ ...row, taxId: '110170023070' }])).toThrow('pnd3_tax_id_invalid');
  });
});
