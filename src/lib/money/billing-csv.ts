/**
 * Billing data as CSV an accountant imports (issue 34): the brand's documents (a tax invoice, a
 * receipt, a credit note, an invoice), the month's output VAT report (รายงานภาษีขาย) and the
 * withholding tax brands deducted. As the PND.3 file (documents.ts): UTF-8 with a byte order
 * mark, CRLF line ends, amounts in baht with two decimals and no grouping; Thai headers with
 * dates as dd/mm/yyyy in the Buddhist year, or English headers with YYYY-MM-DD (glossary).
 */
import type { BillingDocumentDoc, BillingKind } from './billing-pdf';
import { csvField, dateParts, type Language } from './documents';

type Column<Row> = { th: string; en: string; value: (row: Row, index: number, language: Language) => Cell };
/** Text is guarded against spreadsheet formulas; an amount is written as it is (a minus sign is not a formula). */
type Cell = string | { amount: number };

/** 123456 → '1234.56', -5 → '-0.05'. */
export function amountText(satang: number): string {
  if (!Number.isSafeInteger(satang)) throw new Error('amount_invalid');
  const abs = Math.abs(satang);
  return `${satang < 0 ? '-' : ''}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

/** '2026-11-05' → '05/11/2569' in Thai, '2026-11-05' in English. */
export function csvDate(iso: string, language: Language): string {
  const { year, month, day } = dateParts(iso);
  if (language === 'en') return iso;
  return `${String(day).padStart(2, '0')}/${String(month).padStart(2, '0')}/${year + 543}`;
}

function toCsv<Row>(columns: Column<Row>[], rows: Row[], language: Language): string {
  const cell = (value: Cell) => (typeof value === 'string' ? csvField(value) : amountText(value.amount));
  const header = columns.map((column) => csvField(column[language]));
  const records = rows.map((row, index) => columns.map((column) => cell(column.value(row, index, language))));
  return `\uFEFF${[header, ...records].map((fields) => fields.join(',')).join('\r\n')}\r\n`;
}

const KIND_NAMES: Record<BillingKind, { th: string; en: string }> = {
  invoice: { th: 'ใบแจ้งหนี้', en: 'Invoice' },
  tax_invoice: { th: 'ใบเสร็จรับเงิน/ใบกำกับภาษี', en: 'Receipt/Tax Invoice' },
  receipt: { th: 'ใบเสร็จรับเงิน', en: 'Receipt' },
  credit_note: { th: 'ใบลดหนี้', en: 'Credit Note' },
};

export const kindName = (kind: BillingKind, language: Language) => KIND_NAMES[kind][language];

/** '00000' is the head office; the 5 digits are kept as text, as the Revenue Department writes them. */
const branchCell = (branch: string, language: Language) => (branch === '00000' ? (language === 'th' ? 'สำนักงานใหญ่' : 'Head office') : branch);

/** A credit note reduces what was sold: its amounts count negative in a register. */
const signed = (kind: BillingKind, satang: number) => (kind === 'credit_note' ? -Math.abs(satang) : satang);

const DOCUMENT_COLUMNS: Column<BillingDocumentDoc>[] = [
  { th: 'ประเภทเอกสาร', en: 'Document type', value: (doc, _index, language) => kindName(doc.kind, language) },
  { th: 'เลขที่เอกสาร', en: 'Document number', value: (doc) => doc.number },
  { th: 'วันที่', en: 'Date', value: (doc, _index, language) => csvDate(doc.issuedOn, language) },
  { th: 'ชื่อผู้ขาย', en: 'Seller name', value: (doc) => doc.seller.name },
  { th: 'เลขประจำตัวผู้เสียภาษีอากรผู้ขาย', en: 'Seller tax ID', value: (doc) => doc.seller.taxId },
  { th: 'สาขาผู้ขาย', en: 'Seller branch', value: (doc, _index, language) => branchCell(doc.seller.branch, language) },
  { th: 'ชื่อผู้ซื้อ', en: 'Buyer name', value: (doc) => doc.buyer.name },
  { th: 'ที่อยู่ผู้ซื้อ', en: 'Buyer address', value: (doc) => doc.buyer.address },
  { th: 'เลขประจำตัวผู้เสียภาษีอากรผู้ซื้อ', en: 'Buyer tax ID', value: (doc) => doc.buyer.taxId },
  { th: 'สาขาผู้ซื้อ', en: 'Buyer branch', value: (doc, _index, language) => branchCell(doc.buyer.branch, language) },
  { th: 'รายการ', en: 'Description', value: (doc) => doc.lines.map((item) => item.description).join('; ') },
  { th: 'มูลค่าก่อนภาษีมูลค่าเพิ่ม', en: 'Amount before VAT', value: (doc) => ({ amount: signed(doc.kind, doc.subtotalSatang) }) },
  { th: 'อัตราภาษีมูลค่าเพิ่ม (%)', en: 'VAT rate (%)', value: (doc) => (doc.vatRatePercent === null ? '' : String(doc.vatRatePercent)) },
  { th: 'ภาษีมูลค่าเพิ่ม', en: 'VAT', value: (doc) => ({ amount: signed(doc.kind, doc.vatSatang) }) },
  { th: 'รวมทั้งสิ้น', en: 'Total', value: (doc) => ({ amount: signed(doc.kind, doc.totalSatang) }) },
  { th: 'ภาษีหัก ณ ที่จ่าย', en: 'Withholding tax', value: (doc) => ({ amount: doc.payment?.withheldSatang ?? doc.whtExpectedSatang ?? 0 }) },
  { th: 'เลขที่หนังสือรับรอง 50 ทวิ', en: '50 Tawi certificate no.', value: (doc) => doc.payment?.certificateNo ?? '' },
  { th: 'วันที่รับชำระ', en: 'Paid on', value: (doc, _index, language) => (doc.payment ? csvDate(doc.payment.paidOn, language) : '') },
  { th: 'เลขอ้างอิงการโอน', en: 'Bank reference', value: (doc) => doc.payment?.bankReference ?? '' },
  { th: 'เอกสารอ้างอิง', en: 'Related document', value: (doc) => doc.related?.number ?? '' },
  { th: 'เหตุที่ลดหนี้', en: 'Credit reason', value: (doc) => doc.reason ?? '' },
];

/** Billing documents, one row each: what an accountant's import of sales documents reads. */
export const billingDocumentsCsv = (docs: BillingDocumentDoc[], language: Language) => toCsv(DOCUMENT_COLUMNS, docs, language);

/** A row of output_vat_report(): a tax invoice or credit note issued in the month. */
export type OutputVatRow = {
  issuedOn: string;
  number: string;
  kind: BillingKind;
  buyerName: string;
  buyerTaxId: string;
  buyerBranch: string;
  subtotalSatang: number;
  vatSatang: number;
  totalSatang: number;
};

const VAT_COLUMNS: Column<OutputVatRow>[] = [
  { th: 'ลำดับที่', en: 'No.', value: (_row, index) => String(index + 1) },
  { th: 'วัน เดือน ปี', en: 'Date', value: (row, _index, language) => csvDate(row.issuedOn, language) },
  { th: 'เลขที่ใบกำกับภาษี', en: 'Document number', value: (row) => row.number },
  { th: 'ประเภทเอกสาร', en: 'Document type', value: (row, _index, language) => kindName(row.kind, language) },
  { th: 'ชื่อผู้ซื้อสินค้า/ผู้รับบริการ', en: 'Buyer', value: (row) => row.buyerName },
  { th: 'เลขประจำตัวผู้เสียภาษีอากรของผู้ซื้อ', en: 'Buyer tax ID', value: (row) => row.buyerTaxId },
  { th: 'สถานประกอบการ', en: 'Buyer branch', value: (row, _index, language) => branchCell(row.buyerBranch, language) },
  { th: 'มูลค่าสินค้าหรือบริการ', en: 'Amount before VAT', value: (row) => ({ amount: signed(row.kind, row.subtotalSatang) }) },
  { th: 'จำนวนเงินภาษีมูลค่าเพิ่ม', en: 'VAT', value: (row) => ({ amount: signed(row.kind, row.vatSatang) }) },
  { th: 'รวม', en: 'Total', value: (row) => ({ amount: signed(row.kind, row.totalSatang) }) },
];

/** The month's output VAT report (รายงานภาษีขาย): every tax invoice, and every credit note as a negative row. */
export const outputVatCsv = (rows: OutputVatRow[], language: Language) => toCsv(VAT_COLUMNS, rows, language);

/** A row of brand_wht_report(): tax a brand withheld from a payment, with its 50 Tawi. */
export type BrandWhtRow = {
  paidOn: string;
  brandName: string;
  brandTaxId: string;
  invoiceNumber: string;
  certificateNo: string;
  baseSatang: number;
  withheldSatang: number;
};

const WHT_COLUMNS: Column<BrandWhtRow>[] = [
  { th: 'ลำดับที่', en: 'No.', value: (_row, index) => String(index + 1) },
  { th: 'วันที่รับชำระ', en: 'Paid on', value: (row, _index, language) => csvDate(row.paidOn, language) },
  { th: 'ผู้หักภาษี ณ ที่จ่าย', en: 'Withheld by', value: (row) => row.brandName },
  { th: 'เลขประจำตัวผู้เสียภาษีอากรผู้หัก', en: 'Their tax ID', value: (row) => row.brandTaxId },
  { th: 'เลขที่ใบแจ้งหนี้', en: 'Invoice number', value: (row) => row.invoiceNumber },
  { th: 'เลขที่หนังสือรับรอง 50 ทวิ', en: '50 Tawi certificate no.', value: (row) => row.certificateNo },
  { th: 'จำนวนเงินที่จ่าย', en: 'Amount paid (base)', value: (row) => ({ amount: row.baseSatang }) },
  { th: 'ภาษีที่ถูกหัก', en: 'Tax withheld', value: (row) => ({ amount: row.withheldSatang }) },
];

/** The withholding tax brands deducted from their payments in the month, to reclaim against corporate income tax. */
export const brandWhtCsv = (rows: BrandWhtRow[], language: Language) => toCsv(WHT_COLUMNS, rows, language);
