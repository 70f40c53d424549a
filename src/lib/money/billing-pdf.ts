/**
 * The billing documents a brand receives (issue 34): the monthly invoice (ใบแจ้งหนี้), the
 * receipt/tax invoice issued on each payment (ใบเสร็จรับเงิน/ใบกำกับภาษี, or a receipt alone
 * when the company is not VAT-registered) and the credit note (ใบลดหนี้). One A4 PDF each, in
 * Thai with the English beside it, with every particular a full tax invoice needs under the
 * Revenue Code s.86/4 (a credit note's under s.86/10). Loaded with import() like documents.ts.
 */
import { bahtText, box, dateText, finish, grouped, line, money, MUTED, newDocument, PAGE, paragraph, rule, taxIdShown, wrap, type Doc } from './documents';

export type BillingKind = 'invoice' | 'tax_invoice' | 'receipt' | 'credit_note';

/** A party as the document froze it when issued: legal name, address, tax ID, branch ('00000': head office). */
export type BillingParty = { name: string; address: string; taxId: string; branch: string; email?: string | null };

export type BillingDocumentDoc = {
  kind: BillingKind;
  number: string;
  /** YYYY-MM-DD, Thailand time: the date of issue (a tax invoice's tax point). */
  issuedOn: string;
  /** YYYY-MM-01: the month of the service billed. */
  month: string;
  seller: BillingParty;
  buyer: BillingParty;
  /** The VAT rate in percent; null when the seller is not VAT-registered (no VAT anywhere on the document). */
  vatRatePercent: number | null;
  lines: { description: string; views?: number | null; amountSatang: number }[];
  subtotalSatang: number;
  vatSatang: number;
  totalSatang: number;
  /** An invoice's: the due date, the withholding tax the brand is expected to deduct and the net to transfer. */
  dueOn?: string;
  whtRatePercent?: number;
  whtExpectedSatang?: number;
  netDueSatang?: number;
  /** The document this one follows: a receipt's invoice, a credit note's original document. */
  related?: { number: string; issuedOn?: string; subtotalSatang?: number };
  /** A credit note's reason. */
  reason?: string;
  /** A receipt's or tax invoice's payment: money received, tax the brand withheld, or credit from a credit note. */
  payment?: {
    paidOn: string;
    receivedSatang: number;
    withheldSatang: number;
    creditedSatang?: number;
    creditNoteNumber?: string | null;
    certificateNo?: string | null;
    bankReference?: string | null;
  };
};

/** [Thai, English] of each word the documents print. */
const TEXT = {
  invoice: ['ใบแจ้งหนี้', 'Invoice'],
  tax_invoice: ['ใบเสร็จรับเงิน/ใบกำกับภาษี', 'Receipt/Tax Invoice'],
  receipt: ['ใบเสร็จรับเงิน', 'Receipt'],
  credit_note: ['ใบลดหนี้', 'Credit Note'],
  original: ['ต้นฉบับ', 'Original'],
  number: ['เลขที่', 'No.'],
  issued: ['วันที่', 'Date'],
  due: ['ครบกำหนดชำระ', 'Due date'],
  month: ['ค่าบริการเดือน', 'Service month'],
  reference: ['อ้างอิง', 'Reference'],
  taxId: ['เลขประจำตัวผู้เสียภาษีอากร', 'Tax ID'],
  headOffice: ['สำนักงานใหญ่', 'Head office'],
  branch: ['สาขาที่', 'Branch'],
  seller: ['ผู้ขาย/ผู้ให้บริการ', 'Seller'],
  buyer: ['ลูกค้า', 'Customer'],
  item: ['รายการ', 'Description'],
  views: ['วิวที่นับ', 'Counted views'],
  amount: ['จำนวนเงิน (บาท)', 'Amount (THB)'],
  subtotal: ['มูลค่าก่อนภาษีมูลค่าเพิ่ม', 'Amount before VAT'],
  vat: ['ภาษีมูลค่าเพิ่ม', 'VAT'],
  total: ['รวมทั้งสิ้น', 'Total'],
  totalNoVat: ['รวมทั้งสิ้น (ไม่มีภาษีมูลค่าเพิ่ม)', 'Total (no VAT)'],
  wht: ['ภาษีหัก ณ ที่จ่ายที่ลูกค้าหัก', 'Withholding tax you deduct'],
  net: ['ยอดโอนสุทธิ', 'Net to transfer'],
  whtNote: ['โปรดหักภาษี ณ ที่จ่ายจากมูลค่าก่อนภาษีมูลค่าเพิ่ม และส่งหนังสือรับรองการหักภาษี ณ ที่จ่าย (50 ทวิ) ให้เรา', 'Please deduct withholding tax from the amount before VAT and send us the withholding tax certificate (50 Tawi).'],
  payment: ['การรับชำระ', 'Payment'],
  paidOn: ['วันที่รับชำระ', 'Received on'],
  received: ['รับโอน', 'Received'],
  withheld: ['ภาษีหัก ณ ที่จ่าย', 'Tax withheld'],
  certificate: ['หนังสือรับรอง 50 ทวิ เลขที่', '50 Tawi no.'],
  bankReference: ['เลขอ้างอิงการโอน', 'Bank reference'],
  credited: ['หักจากใบลดหนี้', 'Settled by credit note'],
  value: ['มูลค่าที่ได้รับชำระ', 'Value received'],
  forInvoice: ['ชำระตามใบแจ้งหนี้', 'For invoice'],
  originalDoc: ['เอกสารเดิม', 'Original document'],
  originalValue: ['มูลค่าตามเอกสารเดิม', 'Original value'],
  correctValue: ['มูลค่าที่ถูกต้อง', 'Correct value'],
  reason: ['เหตุที่ลดหนี้', 'Reason'],
  reduced: ['มูลค่าที่ลดลง', 'Value reduced'],
  vatReduced: ['ภาษีมูลค่าเพิ่มที่ลดลง', 'VAT reduced'],
  totalReduced: ['รวมยอดที่ลดลง', 'Total reduced'],
  computer: ['เอกสารนี้จัดทำด้วยระบบคอมพิวเตอร์', 'Computer-generated document'],
} as const satisfies Record<string, readonly [string, string]>;

type Words = readonly [string, string];

const both = ([thai, english]: Words) => `${thai} / ${english}`;

/** '2026-11-25' → '25 พฤศจิกายน 2569 (25 November 2026)'. */
const bothDates = (iso: string, withDay = true) => `${dateText(iso, 'th', withDay)} (${dateText(iso, 'en', withDay)})`;

const branchText = (branch: string) => (branch === '00000' ? both(TEXT.headOffice) : `${TEXT.branch[0]} ${branch} / ${TEXT.branch[1]} ${branch}`);

const percent = (value: number) => `${Number(value.toFixed(2))}%`;

/** Amounts that must add up on the document, or the document is not drawn. */
function checkAmounts(input: BillingDocumentDoc): void {
  const amounts = [input.subtotalSatang, input.vatSatang, input.totalSatang, ...input.lines.map((item) => item.amountSatang)];
  if (amounts.some((amount) => !Number.isSafeInteger(amount))) throw new Error('document_amounts_invalid');
  if (input.subtotalSatang < 0 || input.vatSatang < 0 || input.subtotalSatang + input.vatSatang !== input.totalSatang) throw new Error('document_amounts_invalid');
  if (input.vatRatePercent === null && input.vatSatang !== 0) throw new Error('document_amounts_invalid');
  if (input.lines.reduce((sum, item) => sum + item.amountSatang, 0) !== input.subtotalSatang) throw new Error('document_amounts_invalid');
  if (input.kind === 'invoice' && input.whtExpectedSatang !== undefined && input.totalSatang - input.whtExpectedSatang !== input.netDueSatang) throw new Error('document_amounts_invalid');
  if (input.payment && input.payment.receivedSatang + input.payment.withheldSatang + (input.payment.creditedSatang ?? 0) !== input.totalSatang) throw new Error('document_amounts_invalid');
  if (![input.seller.taxId, input.buyer.taxId].every((id) => /^\d{13}$/.test(id))) throw new Error('document_tax_id_invalid');
}

const left = PAGE.margin;
const right = PAGE.width - PAGE.margin;
const width = right - left;

/** A party's particulars from y down: name, address, tax ID and branch, e-mail; returns the y below. */
function party(doc: Doc, heading: Words, who: BillingParty, x: number, y: number, partyWidth: number): number {
  line(doc, both(heading), x, y, { size: 8.5, color: MUTED });
  line(doc, who.name, x, y + 12, { bold: true, size: 11.5 });
  y = paragraph(doc, who.address, x, y + 29, partyWidth, { size: 9.5 });
  line(doc, `${both(TEXT.taxId)} ${taxIdShown(who.taxId)}`, x, y, { size: 9.5 });
  line(doc, branchText(who.branch), x, y + 13, { size: 9.5 });
  y += 26;
  if (who.email) {
    line(doc, who.email, x, y, { size: 9.5, color: MUTED });
    y += 13;
  }
  return y;
}

/** A label (Thai over English) and its value on one row of a right-aligned block. */
function figure(doc: Doc, label: Words, value: string, x: number, valueX: number, y: number, strong = false): number {
  line(doc, label[0], x, y, { size: 9.5, bold: strong });
  line(doc, label[1], x, y + 12, { size: 8, color: MUTED });
  line(doc, value, valueX, y + 2, { size: strong ? 11.5 : 10, bold: strong, anchor: 'end' });
  return y + 27;
}

/** The header: the seller on the left; the title, the original mark and the document's particulars on the right. */
function header(doc: Doc, input: BillingDocumentDoc): number {
  const title = TEXT[input.kind];
  line(doc, title[0], right, 34, { bold: true, size: 19, anchor: 'end' });
  line(doc, title[1], right, 60, { size: 12, color: MUTED, anchor: 'end' });
  line(doc, both(TEXT.original), right, 78, { size: 8.5, color: MUTED, anchor: 'end' });
  const sellerBottom = party(doc, TEXT.seller, input.seller, left, 36, 235);

  const particulars: [Words, string][] = [
    [TEXT.number, input.number],
    [TEXT.issued, bothDates(input.issuedOn)],
    ...(input.dueOn ? [[TEXT.due, bothDates(input.dueOn)] as [Words, string]] : []),
    [TEXT.month, bothDates(input.month, false)],
    ...(input.related ? [[input.kind === 'credit_note' ? TEXT.originalDoc : TEXT.reference, input.related.number] as [Words, string]] : []),
  ];
  // Labels in a column of their own (Thai over English), values to the right edge: a long date never runs into its label.
  let y = 98;
  for (const [label, value] of particulars) {
    line(doc, label[0], right - 270, y, { size: 8.5, color: MUTED });
    line(doc, label[1], right - 270, y + 10, { size: 7.5, color: MUTED });
    line(doc, value, right, y + 2, { size: 9.5, bold: label === TEXT.number, anchor: 'end' });
    y += 22;
  }
  return Math.max(sellerBottom, y) + 10;
}

/** The table of lines, continued on new pages with its heading when long; returns the y below. */
function lineTable(doc: Doc, input: BillingDocumentDoc, top: number): number {
  const columns = { index: left + 6, item: left + 28, views: right - 115, amount: right - 8 };
  const withViews = input.lines.some((item) => item.views !== undefined && item.views !== null);
  let y = top;
  const heading = () => {
    box(doc, left, y, width, 28, '#eeeeee');
    line(doc, '#', columns.index, y + 8, { bold: true, size: 9 });
    line(doc, TEXT.item[0], columns.item, y + 3, { bold: true, size: 9 });
    line(doc, TEXT.item[1], columns.item, y + 15, { size: 8, color: MUTED });
    if (withViews) {
      line(doc, TEXT.views[0], columns.views, y + 3, { bold: true, size: 9, anchor: 'end' });
      line(doc, TEXT.views[1], columns.views, y + 15, { size: 8, color: MUTED, anchor: 'end' });
    }
    line(doc, TEXT.amount[0], columns.amount, y + 3, { bold: true, size: 9, anchor: 'end' });
    line(doc, TEXT.amount[1], columns.amount, y + 15, { size: 8, color: MUTED, anchor: 'end' });
    y += 32;
  };
  heading();
  input.lines.forEach((item, index) => {
    const rows = wrap(doc, item.description, (withViews ? columns.views - 70 : columns.amount - 100) - columns.item, { size: 9.5 });
    const height = rows.length * 13 + 6;
    if (y + height > PAGE.height - 150) {
      doc.addPage();
      y = PAGE.margin;
      heading();
    }
    line(doc, String(index + 1), columns.index, y, { size: 9.5, color: MUTED });
    rows.forEach((row, at) => line(doc, row, columns.item, y + at * 13, { size: 9.5 }));
    if (withViews && item.views !== undefined && item.views !== null) line(doc, grouped(item.views), columns.views, y, { size: 9.5, anchor: 'end' });
    line(doc, money(item.amountSatang), columns.amount, y, { size: 9.5, anchor: 'end' });
    y += height;
    rule(doc, left, y - 3, right);
  });
  return y + 6;
}

/** A new page when `height` more would not fit. */
function room(doc: Doc, y: number, height: number): number {
  if (y + height <= PAGE.height - PAGE.margin) return y;
  doc.addPage();
  return PAGE.margin;
}

/** Before VAT, VAT (or none) and the total, with the total in Thai words; a credit note's as what is reduced. */
function totals(doc: Doc, input: BillingDocumentDoc, top: number): number {
  const credit = input.kind === 'credit_note';
  const x = right - 250;
  let y = room(doc, top, 110);
  y = figure(doc, credit ? TEXT.reduced : TEXT.subtotal, money(input.subtotalSatang), x, right - 8, y);
  if (input.vatRatePercent !== null) {
    const label = credit ? TEXT.vatReduced : TEXT.vat;
    y = figure(doc, [`${label[0]} ${percent(input.vatRatePercent)}`, `${label[1]} ${percent(input.vatRatePercent)}`], money(input.vatSatang), x, right - 8, y);
  }
  rule(doc, x, y - 3, right);
  y = figure(doc, credit ? TEXT.totalReduced : input.vatRatePercent === null ? TEXT.totalNoVat : TEXT.total, money(input.totalSatang), x, right - 8, y + 2, true);
  line(doc, `(${bahtText(input.totalSatang)})`, right - 8, y - 2, { size: 9.5, color: MUTED, anchor: 'end' });
  return y + 16;
}

/** An invoice's: the withholding tax expected and the net to transfer. */
function invoiceFigures(doc: Doc, input: BillingDocumentDoc, top: number): number {
  let y = room(doc, top, 120);
  const x = right - 250;
  if (input.whtExpectedSatang !== undefined && input.netDueSatang !== undefined) {
    const rate = input.whtRatePercent === undefined ? '' : ` ${percent(input.whtRatePercent)}`;
    y = figure(doc, [`${TEXT.wht[0]}${rate}`, `${TEXT.wht[1]}${rate}`], money(input.whtExpectedSatang), x, right - 8, y);
    y = figure(doc, TEXT.net, money(input.netDueSatang), x, right - 8, y, true);
    y = paragraph(doc, TEXT.whtNote[0], left, y + 2, width, { size: 9 });
    y = paragraph(doc, TEXT.whtNote[1], left, y, width, { size: 8.5, color: MUTED });
  }
  return y;
}

/** A receipt's: the payment it records, for which invoice, with the tax the brand withheld and its 50 Tawi. */
function paymentBox(doc: Doc, input: BillingDocumentDoc, top: number): number {
  const payment = input.payment;
  if (!payment) return top;
  let y = room(doc, top, 110);
  const boxTop = y;
  line(doc, both(TEXT.payment), left + 10, y + 8, { bold: true, size: 10 });
  y += 26;
  const rows: [Words, string][] = [
    [TEXT.paidOn, bothDates(payment.paidOn)],
    ...(input.related ? [[TEXT.forInvoice, input.related.number] as [Words, string]] : []),
    [TEXT.received, money(payment.receivedSatang)],
    [TEXT.withheld, money(payment.withheldSatang)],
    ...(payment.certificateNo ? [[TEXT.certificate, payment.certificateNo] as [Words, string]] : []),
    ...(payment.creditedSatang ? [[TEXT.credited, `${money(payment.creditedSatang)}${payment.creditNoteNumber ? ` (${payment.creditNoteNumber})` : ''}`] as [Words, string]] : []),
    ...(payment.bankReference ? [[TEXT.bankReference, payment.bankReference] as [Words, string]] : []),
    [TEXT.value, money(input.totalSatang)],
  ];
  for (const [label, value] of rows) {
    line(doc, both(label), left + 10, y, { size: 9 });
    line(doc, value, right - 10, y, { size: 9.5, anchor: 'end' });
    y += 14;
  }
  box(doc, left, boxTop, width, y - boxTop + 4);
  return y + 14;
}

/** A credit note's: the original document, its value, the correct value and the reason. */
function creditBox(doc: Doc, input: BillingDocumentDoc, top: number): number {
  let y = top;
  const boxTop = y;
  const related = input.related;
  line(doc, both(TEXT.reason), left + 10, y + 8, { bold: true, size: 10 });
  y = paragraph(doc, input.reason ?? '', left + 10, y + 24, width - 20, { size: 9.5 });
  if (related) {
    line(doc, `${both(TEXT.originalDoc)} ${related.number}${related.issuedOn ? ` · ${bothDates(related.issuedOn)}` : ''}`, left + 10, y + 2, { size: 9 });
    y += 16;
    if (related.subtotalSatang !== undefined) {
      line(doc, both(TEXT.originalValue), left + 10, y, { size: 9 });
      line(doc, money(related.subtotalSatang), right - 10, y, { size: 9.5, anchor: 'end' });
      line(doc, both(TEXT.correctValue), left + 10, y + 14, { size: 9 });
      line(doc, money(related.subtotalSatang - input.subtotalSatang), right - 10, y + 14, { size: 9.5, anchor: 'end' });
      y += 28;
    }
  }
  box(doc, left, boxTop, width, y - boxTop + 4);
  return y + 14;
}

/** A billing document as one PDF (more pages when its lines need them), in Thai with the English beside it. */
export async function billingDocumentPdf(input: BillingDocumentDoc): Promise<Uint8Array> {
  checkAmounts(input);
  const title = TEXT[input.kind];
  const doc = await newDocument(`${title[0]} ${title[1]} ${input.number}`, 'th');
  let y = header(doc, input);
  box(doc, left, y, width, 0.01);
  y = party(doc, TEXT.buyer, input.buyer, left, y + 10, width - 20) + 6;
  rule(doc, left, y - 4, right);
  if (input.kind === 'credit_note') y = creditBox(doc, input, y + 6);
  y = lineTable(doc, input, y + 6);
  y = totals(doc, input, y);
  if (input.kind === 'invoice') y = invoiceFigures(doc, input, y);
  else y = paymentBox(doc, input, y + 4);
  y = room(doc, y + 8, 20);
  line(doc, both(TEXT.computer), left, y, { size: 8, color: MUTED });
  return finish(doc);
}
