/**
 * Money documents: the withholding tax certificate (50 ทวิ), the brands' monthly invoice and
 * the monthly ภ.ง.ด.3 attachment. Pages load this module with import(); it loads pdfkit and
 * the Thai font only when a PDF is made, so neither weighs on the main bundle. The words,
 * dates and drawing helpers exported here are also those of the billing documents
 * (billing-pdf.ts, billing-csv.ts).
 */
import regularFontUrl from '@expo-google-fonts/sarabun/400Regular/Sarabun_400Regular.ttf?url';
import boldFontUrl from '@expo-google-fonts/sarabun/700Bold/Sarabun_700Bold.ttf?url';

export type WhtCertificate = {
  bookNo: string;
  number: string;
  payer: { name: string; taxId: string; address: string };
  payee: { name: string; taxId: string; address?: string };
  incomeType: '40(2)';
  /** YYYY-MM-DD, Christian era. */
  paidOn: string;
  grossSatang: number;
  whtSatang: number;
  form: 'ภ.ง.ด.3';
};

export type BrandInvoiceDoc = {
  number: string;
  issuedOn: string;
  /** YYYY-MM-01: the month whose counted views are billed. */
  month: string;
  seller: { name: string; taxId: string; address: string };
  buyer: { name: string; email?: string };
  lines: { title: string; views: number; amountSatang: number }[];
  totalViews: number;
  totalSatang: number;
  status: 'due' | 'paid';
  paidOn?: string;
  reference?: string;
};

export type Pnd3Row = {
  taxId: string;
  title?: string;
  firstName: string;
  lastName: string;
  address?: string;
  paidOn: string;
  incomeType: '40(2)';
  ratePercent: number;
  grossSatang: number;
  whtSatang: number;
};

export type Language = 'en' | 'th';

// ---------------------------------------------------------------------------------------------
// Words, numbers and dates

const THAI_DIGITS = ['ศูนย์', 'หนึ่ง', 'สอง', 'สาม', 'สี่', 'ห้า', 'หก', 'เจ็ด', 'แปด', 'เก้า'];
const THAI_PLACES = ['', 'สิบ', 'ร้อย', 'พัน', 'หมื่น', 'แสน'];

/** A whole number below a million in Thai words; `afterHigher` when a higher part (ล้าน) precedes it. */
function thaiBelowMillion(n: number, afterHigher: boolean): string {
  let words = '';
  for (let place = 5; place >= 0; place--) {
    const digit = Math.floor(n / 10 ** place) % 10;
    if (digit === 0) continue;
    if (place === 1) words += digit === 1 ? 'สิบ' : digit === 2 ? 'ยี่สิบ' : `${THAI_DIGITS[digit]}สิบ`;
    // A final one after anything else is เอ็ด: สิบเอ็ด, หนึ่งร้อยเอ็ด, หนึ่งล้านเอ็ด.
    else if (place === 0) words += digit === 1 && (afterHigher || n > 9) ? 'เอ็ด' : THAI_DIGITS[digit];
    else words += THAI_DIGITS[digit] + THAI_PLACES[place];
  }
  return words;
}

function thaiNumber(n: number): string {
  if (n < 1_000_000) return thaiBelowMillion(n, false);
  const rest = n % 1_000_000;
  return `${thaiNumber(Math.floor(n / 1_000_000))}ล้าน${rest ? thaiBelowMillion(rest, true) : ''}`;
}

/** An amount in Thai words as cheques and tax forms write it: 3000 → สามสิบบาทถ้วน, 50 → ห้าสิบสตางค์. */
export function bahtText(satang: number): string {
  if (!Number.isSafeInteger(satang) || satang < 0) throw new Error('amount_invalid');
  const baht = Math.floor(satang / 100);
  const cents = satang % 100;
  if (baht === 0 && cents === 0) return 'ศูนย์บาทถ้วน';
  return (baht ? `${thaiNumber(baht)}บาท` : '') + (cents ? `${thaiBelowMillion(cents, false)}สตางค์` : 'ถ้วน');
}

export const grouped = (whole: number) => String(whole).replace(/\B(?=(\d{3})+(?!\d))/g, ',');

/** 123456 satang → '1,234.56'. */
export const money = (satang: number) => `${grouped(Math.floor(satang / 100))}.${String(satang % 100).padStart(2, '0')}`;

/** 1101700230708 → 1-1017-00230-70-8, as Thai ID cards print it. */
export const taxIdShown = (id: string) => id.replace(/^(\d)(\d{4})(\d{5})(\d{2})(\d)$/, '$1-$2-$3-$4-$5');

const MONTHS: Record<Language, string[]> = {
  th: ['มกราคม', 'กุมภาพันธ์', 'มีนาคม', 'เมษายน', 'พฤษภาคม', 'มิถุนายน', 'กรกฎาคม', 'สิงหาคม', 'กันยายน', 'ตุลาคม', 'พฤศจิกายน', 'ธันวาคม'],
  en: ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'],
};

export function dateParts(iso: string): { year: number; month: number; day: number } {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(iso);
  const [year, month, day] = match ? match.slice(1).map(Number) : [];
  if (!match || month < 1 || month > 12 || day < 1 || day > 31) throw new Error('document_date_invalid');
  return { year, month, day };
}

/** '2026-11-25' → '25 พฤศจิกายน 2569' (Buddhist year) or '25 November 2026'; without the day for a month. */
export function dateText(iso: string, language: Language, withDay = true): string {
  const { year, month, day } = dateParts(iso);
  const text = `${MONTHS[language][month - 1]} ${language === 'th' ? year + 543 : year}`;
  return withDay ? `${day} ${text}` : text;
}

// ---------------------------------------------------------------------------------------------
// ภ.ง.ด.3 attachment

const PND3_COLUMNS = [
  'ลำดับที่',
  'เลขประจำตัวผู้เสียภาษีอากร',
  'คำนำหน้าชื่อ',
  'ชื่อ',
  'ชื่อสกุล',
  'ที่อยู่',
  'วันเดือนปีที่จ่าย',
  'ประเภทเงินได้พึงประเมินที่จ่าย',
  'อัตราภาษีร้อยละ',
  'จำนวนเงินที่จ่ายแต่ละประเภท',
  'จำนวนเงินภาษีที่หักและนำส่ง',
  'เงื่อนไข',
];

/** One CSV field: quoted when it must be, and never read by a spreadsheet as a formula. */
export function csvField(value: string): string {
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
}

/**
 * The month's ใบแนบ ภ.ง.ด.3 as CSV, one row per payee: UTF-8 with a byte order mark (Excel
 * reads Thai then), CRLF line ends, dates as dd/mm/yyyy in the Buddhist year, amounts in baht
 * with two decimals, condition 1 (หัก ณ ที่จ่าย).
 */
export function pnd3Csv(rows: Pnd3Row[]): string {
  const records = rows.map((row, index) => {
    if (!/^\d{13}$/.test(row.taxId)) throw new Error('pnd3_tax_id_invalid');
    const { year, month, day } = dateParts(row.paidOn);
    return [
      String(index + 1),
      row.taxId,
      row.title ?? '',
      row.firstName,
      row.lastName,
      row.address ?? '',
      `${String(day).padStart(2, '0')}/${String(month).padStart(2, '0')}/${year + 543}`,
      row.incomeType,
      String(row.ratePercent),
      money(row.grossSatang).replaceAll(',', ''),
      money(row.whtSatang).replaceAll(',', ''),
      '1',
    ];
  });
  return `\uFEFF${[PND3_COLUMNS, ...records].map((fields) => fields.map(csvField).join(',')).join('\r\n')}\r\n`;
}

// ---------------------------------------------------------------------------------------------
// Fonts

type Weight = 'regular' | 'bold';

/** Sarabun (Google Fonts' TTF, Thai and Latin): a Vite asset URL in the browser, the file in Node. */
const FONT_FILES: Record<Weight, { url: string; module: string }> = {
  regular: { url: regularFontUrl, module: '@expo-google-fonts/sarabun/400Regular/Sarabun_400Regular.ttf' },
  bold: { url: boldFontUrl, module: '@expo-google-fonts/sarabun/700Bold/Sarabun_700Bold.ttf' },
};

const loadedFonts = new Map<Weight, Promise<Uint8Array>>();

/** The font file's bytes, loaded once: fetched from its asset URL in a browser, read from node_modules in Node (tests). */
export function loadFont(weight: Weight = 'regular'): Promise<Uint8Array> {
  let font = loadedFonts.get(weight);
  if (!font) {
    font = readFont(weight);
    font.catch(() => loadedFonts.delete(weight)); // a failed load is tried again next time
    loadedFonts.set(weight, font);
  }
  return font;
}

async function readFont(weight: Weight): Promise<Uint8Array> {
  if (typeof process !== 'undefined' && typeof process.versions?.node === 'string') {
    // Named through variables so that Vite leaves Node's modules out of the browser bundle.
    const fsModule = 'node:fs/promises';
    const moduleModule = 'node:module';
    const { readFile } = (await import(/* @vite-ignore */ fsModule)) as typeof import('node:fs/promises');
    const { createRequire } = (await import(/* @vite-ignore */ moduleModule)) as typeof import('node:module');
    return new Uint8Array(await readFile(createRequire(import.meta.url).resolve(FONT_FILES[weight].module)));
  }
  const response = await fetch(FONT_FILES[weight].url);
  if (!response.ok) throw new Error('document_font_unavailable');
  return new Uint8Array(await response.arrayBuffer());
}

// ---------------------------------------------------------------------------------------------
// Drawing

export type Doc = PDFKit.PDFDocument;
export type Style = { size?: number; bold?: boolean; color?: string; anchor?: 'start' | 'middle' | 'end' };

export const PAGE = { width: 595.28, height: 841.89, margin: 36 };
const INK = '#111111';
export const MUTED = '#555555';
const RULE = '#888888';

export async function newDocument(title: string, language: Language): Promise<Doc> {
  const [{ default: PDFDocument }, regular, bold] = await Promise.all([import('pdfkit'), loadFont('regular'), loadFont('bold')]);
  // font: null skips pdfkit's default Helvetica, which browsers would have to register first
  // (pdfkit 0.20; its types, @types/pdfkit 0.17, do not know null yet).
  const doc = new PDFDocument({ size: 'A4', margin: 0, font: null as unknown as undefined, lang: language === 'th' ? 'th-TH' : 'en-US', displayTitle: true, info: { Title: title, Creator: 'ViewPact' } });
  doc.registerFont('regular', regular);
  doc.registerFont('bold', bold);
  return doc;
}

export function finish(doc: Doc): Promise<Uint8Array> {
  return new Promise((resolve, reject) => {
    const chunks: Uint8Array[] = [];
    doc.on('data', (chunk: Uint8Array) => chunks.push(chunk));
    doc.on('error', reject);
    doc.on('end', () => {
      const bytes = new Uint8Array(chunks.reduce((length, chunk) => length + chunk.byteLength, 0));
      chunks.reduce((offset, chunk) => (bytes.set(chunk, offset), offset + chunk.byteLength), 0);
      resolve(bytes);
    });
    doc.end();
  });
}

/** Emoji and other pictographs, which the font has no glyphs for (video titles have them), and the space they leave. */
const PICTOGRAPH = String.raw`(?:\p{Extended_Pictographic}|\u{FE0F}|\u{200D}|\u{20E3}|[\u{1F3FB}-\u{1F3FF}])+`;
const PICTOGRAPHS = new RegExp(`^${PICTOGRAPH} *| *${PICTOGRAPH}`, 'gu');

function setStyle(doc: Doc, style: Style): void {
  doc.font(style.bold ? 'bold' : 'regular').fontSize(style.size ?? 10).fillColor(style.color ?? INK);
}

/**
 * Sara am (ำ) as the two glyphs the font draws for it, ํ + า. Left to the font, its
 * decomposition gives the า glyph no character, and fontkit keeps a glyph's characters from
 * its first use: every า in the PDF would then copy as nothing. Everything measured or drawn
 * goes through this; line() keeps the real text as ActualText.
 */
const glyphText = (text: string) => text.replaceAll('ำ', 'ํา');

/** One line of text whose top is at y, starting, centred or ending at x. */
export function line(doc: Doc, text: string, x: number, y: number, style: Style = {}): void {
  const shown = text.replace(PICTOGRAPHS, '');
  const glyphs = glyphText(shown);
  setStyle(doc, style);
  const width = doc.widthOfString(glyphs);
  const left = style.anchor === 'end' ? x - width : style.anchor === 'middle' ? x - width / 2 : x;
  if (glyphs !== shown) doc.markContent('Span', { actual: shown });
  doc.text(glyphs, left, y, { lineBreak: false });
  if (glyphs !== shown) doc.endMarkedContent();
}

const wordSegmenter = typeof Intl.Segmenter === 'function' ? new Intl.Segmenter('th', { granularity: 'word' }) : undefined;

/** Lines of at most `width`, broken between words: Thai has no spaces between words, so a dictionary finds them. */
export function wrap(doc: Doc, text: string, width: number, style: Style = {}): string[] {
  setStyle(doc, style);
  const shown = text.replace(PICTOGRAPHS, '');
  const words = wordSegmenter ? Array.from(wordSegmenter.segment(shown), (part) => part.segment) : shown.split(/(?<= )/);
  const lines: string[] = [];
  let current = '';
  for (const word of words) {
    if (current.trim() && doc.widthOfString(glyphText(current + word).trimEnd()) > width) {
      lines.push(current.trimEnd());
      current = word.trimStart();
    } else current += word;
  }
  if (current.trim()) lines.push(current.trimEnd());
  return lines;
}

/** Wrapped text from y down; returns the y below it. */
export function paragraph(doc: Doc, text: string, x: number, y: number, width: number, style: Style = {}): number {
  const leading = (style.size ?? 10) * 1.35;
  for (const row of wrap(doc, text, width, style)) {
    line(doc, row, x, y, style);
    y += leading;
  }
  return y;
}

export function box(doc: Doc, x: number, y: number, width: number, height: number, fill?: string): void {
  doc.lineWidth(0.6).rect(x, y, width, height);
  if (fill) doc.fillAndStroke(fill, RULE);
  else doc.stroke(RULE);
}

export function rule(doc: Doc, x1: number, y: number, x2: number, dotted = false): void {
  doc.lineWidth(0.6).moveTo(x1, y).lineTo(x2, y);
  if (dotted) doc.dash(1, { space: 2 });
  doc.stroke(RULE).undash();
}

/** The font has no ballot box glyphs: a drawn square, ticked or not. */
function checkbox(doc: Doc, x: number, y: number, checked: boolean): void {
  doc.lineWidth(0.7).rect(x, y, 8, 8).stroke(INK);
  if (checked) doc.lineWidth(1.3).moveTo(x + 1.5, y + 4).lineTo(x + 3.5, y + 6.5).lineTo(x + 7, y + 1.5).stroke(INK);
}

// ---------------------------------------------------------------------------------------------
// หนังสือรับรองการหักภาษี ณ ที่จ่าย (50 ทวิ)

const WHT_FORMS = ['ภ.ง.ด.1ก', 'ภ.ง.ด.1ก พิเศษ', 'ภ.ง.ด.2', 'ภ.ง.ด.3', 'ภ.ง.ด.2ก', 'ภ.ง.ด.3ก', 'ภ.ง.ด.53'];

/** The form's income rows; `type` marks the one this certificate fills. */
const WHT_INCOME_ROWS: { text: string; type?: WhtCertificate['incomeType'] }[] = [
  { text: '1. เงินเดือน ค่าจ้าง เบี้ยเลี้ยง โบนัส ฯลฯ ตามมาตรา 40 (1)' },
  { text: '2. ค่าธรรมเนียม ค่านายหน้า ฯลฯ ตามมาตรา 40 (2)', type: '40(2)' },
  { text: '3. ค่าแห่งลิขสิทธิ์ ฯลฯ ตามมาตรา 40 (3)' },
  { text: '4. (ก) ดอกเบี้ย ฯลฯ ตามมาตรา 40 (4) (ก)' },
  { text: '    (ข) เงินปันผล เงินส่วนแบ่งกำไร ฯลฯ ตามมาตรา 40 (4) (ข)' },
  { text: '5. การจ่ายเงินได้ที่ต้องหักภาษี ณ ที่จ่าย ตามคำสั่งกรมสรรพากร' },
  { text: '    ที่ออกตามมาตรา 3 เตรส' },
  { text: '6. อื่น ๆ (ระบุ) ......................................................' },
];

const WHT_CONDITIONS = ['(1) หัก ณ ที่จ่าย', '(2) ออกให้ตลอดไป', '(3) ออกให้ครั้งเดียว', '(4) อื่น ๆ (ระบุ) ..................'];

/** A party's box (ผู้มีหน้าที่หักภาษี / ผู้ถูกหักภาษี): name, tax ID and address; returns the y below it. */
function whtParty(doc: Doc, heading: string, party: { name: string; taxId: string; address?: string }, y: number, extra?: (y: number) => number): number {
  const left = PAGE.margin;
  const width = PAGE.width - 2 * PAGE.margin;
  const top = y;
  line(doc, heading, left + 8, y + 5, { bold: true, size: 10.5 });
  line(doc, 'เลขประจำตัวผู้เสียภาษีอากร (13 หลัก)*', left + 250, y + 5, { size: 9.5 });
  line(doc, taxIdShown(party.taxId), left + width - 8, y + 4.5, { bold: true, size: 11, anchor: 'end' });
  y += 22;
  line(doc, 'ชื่อ', left + 8, y, { size: 9.5 });
  line(doc, party.name, left + 45, y - 1, { bold: true, size: 11 });
  rule(doc, left + 42, y + 14, left + width - 8, true);
  line(doc, '(ให้ระบุว่าเป็น บุคคล นิติบุคคล บริษัท สมาคม หรือคณะบุคคล)', left + 45, y + 16, { size: 7.5, color: MUTED });
  y += 30;
  line(doc, 'ที่อยู่', left + 8, y, { size: 9.5 });
  const addressBottom = Math.max(paragraph(doc, party.address ?? '', left + 45, y - 1, width - 60, { size: 10 }), y + 13);
  rule(doc, left + 42, addressBottom, left + width - 8, true);
  line(doc, '(ให้ระบุ ชื่ออาคาร/หมู่บ้าน ห้องเลขที่ ชั้นที่ เลขที่ ตรอก/ซอย หมู่ที่ ถนน ตำบล/แขวง อำเภอ/เขต จังหวัด)', left + 45, addressBottom + 2, { size: 7.5, color: MUTED });
  y = addressBottom + 16;
  if (extra) y = extra(y);
  box(doc, left, top, width, y - top);
  return y;
}

/** The หนังสือรับรองการหักภาษี ณ ที่จ่าย ตามมาตรา 50 ทวิ, laid out as the Revenue Department's form, on one A4 page. */
export async function withholdingCertificatePdf(input: WhtCertificate): Promise<Uint8Array> {
  const amounts = [input.grossSatang, input.whtSatang];
  if (amounts.some((amount) => !Number.isSafeInteger(amount) || amount < 0) || input.whtSatang > input.grossSatang) throw new Error('wht_amount_invalid');
  if (![input.payer.taxId, input.payee.taxId].every((id) => /^\d{13}$/.test(id))) throw new Error('wht_tax_id_invalid');
  const paidOn = dateText(input.paidOn, 'th');

  const doc = await newDocument(`หนังสือรับรองการหักภาษี ณ ที่จ่าย ${input.bookNo}/${input.number}`, 'th');
  const left = PAGE.margin;
  const right = PAGE.width - PAGE.margin;
  const width = right - left;
  const middle = PAGE.width / 2;

  line(doc, 'ฉบับที่ 1 (สำหรับผู้ถูกหักภาษี ณ ที่จ่าย ใช้แนบพร้อมกับแบบแสดงรายการภาษี)', left, 26, { size: 8.5, color: MUTED });
  line(doc, 'ฉบับที่ 2 (สำหรับผู้ถูกหักภาษี ณ ที่จ่าย เก็บไว้เป็นหลักฐาน)', left, 38, { size: 8.5, color: MUTED });

  const top = 56;
  line(doc, 'หนังสือรับรองการหักภาษี ณ ที่จ่าย', middle, top + 8, { bold: true, size: 16, anchor: 'middle' });
  line(doc, 'ตามมาตรา 50 ทวิ แห่งประมวลรัษฎากร', middle, top + 31, { size: 10.5, anchor: 'middle' });
  line(doc, `เล่มที่  ${input.bookNo}`, right - 110, top + 8, { size: 10 });
  line(doc, `เลขที่  ${input.number}`, right - 110, top + 23, { size: 10 });

  let y = whtParty(doc, 'ผู้มีหน้าที่หักภาษี ณ ที่จ่าย :', input.payer, top + 52);
  y = whtParty(doc, 'ผู้ถูกหักภาษี ณ ที่จ่าย :', input.payee, y + 6, (y) => {
    line(doc, 'ลำดับที่ ............ ในแบบ', left + 8, y, { size: 9.5 });
    WHT_FORMS.forEach((form, index) => {
      const x = left + 130 + (index % 4) * 95;
      const rowY = y + Math.floor(index / 4) * 15;
      checkbox(doc, x, rowY + 3, form === input.form);
      line(doc, `(${index + 1}) ${form}`, x + 12, rowY, { size: 9.5, bold: form === input.form });
    });
    return y + 36;
  });

  // The table of income paid: type, date, amount paid, tax withheld.
  const columns = [left, left + 265, left + 357, left + 441, right];
  y += 6;
  const tableTop = y;
  box(doc, left, y, width, 30, '#eeeeee');
  line(doc, 'ประเภทเงินได้พึงประเมินที่จ่าย', (columns[0] + columns[1]) / 2, y + 9, { bold: true, size: 9.5, anchor: 'middle' });
  ['วัน เดือน หรือปีภาษี|ที่จ่าย', 'จำนวนเงินที่จ่าย|', 'ภาษีที่หัก|และนำส่งไว้'].forEach((heading, index) => {
    const centre = (columns[index + 1] + columns[index + 2]) / 2;
    const [first, second] = heading.split('|');
    line(doc, first, centre, y + (second ? 3 : 9), { bold: true, size: 9.5, anchor: 'middle' });
    if (second) line(doc, second, centre, y + 15, { bold: true, size: 9.5, anchor: 'middle' });
  });
  y += 30;
  for (const row of WHT_INCOME_ROWS) {
    line(doc, row.text, left + 6, y + 3, { size: 9.5 });
    if (row.type === input.incomeType) {
      line(doc, paidOn, (columns[1] + columns[2]) / 2, y + 3, { size: 9.5, anchor: 'middle' });
      line(doc, money(input.grossSatang), columns[3] - 6, y + 3, { size: 10, anchor: 'end' });
      line(doc, money(input.whtSatang), columns[4] - 6, y + 3, { size: 10, anchor: 'end' });
    }
    y += 17;
  }
  y += 3;
  box(doc, left, tableTop, width, y - tableTop);
  box(doc, left, y, width, 20, '#eeeeee');
  line(doc, 'รวมเงินที่จ่ายและภาษีที่หักนำส่ง', columns[2] - 8, y + 4, { bold: true, size: 9.5, anchor: 'end' });
  line(doc, money(input.grossSatang), columns[3] - 6, y + 4, { bold: true, size: 10, anchor: 'end' });
  line(doc, money(input.whtSatang), columns[4] - 6, y + 4, { bold: true, size: 10, anchor: 'end' });
  // The total's label spans the first two columns.
  columns.slice(1, -1).forEach((x, index) => doc.lineWidth(0.6).moveTo(x, tableTop).lineTo(x, index === 0 ? y : y + 20).stroke(RULE));
  y += 20;

  box(doc, left, y, width, 22);
  line(doc, 'รวมเงินภาษีที่หักนำส่ง (ตัวอักษร)', left + 6, y + 5, { bold: true, size: 9.5 });
  box(doc, left + 160, y + 3, width - 166, 16, '#eeeeee');
  line(doc, `(${bahtText(input.whtSatang)})`, left + 160 + (width - 166) / 2, y + 4, { bold: true, size: 10.5, anchor: 'middle' });
  y += 22;

  box(doc, left, y, width, 24);
  line(doc, 'ผู้จ่ายเงิน', left + 6, y + 6, { bold: true, size: 9.5 });
  WHT_CONDITIONS.forEach((condition, index) => {
    const x = left + 62 + index * 108;
    checkbox(doc, x, y + 9, index === 0);
    line(doc, condition, x + 12, y + 6, { size: 9.5, bold: index === 0 });
  });
  y += 30;

  // The warning beside the payer's signature, date and seal.
  const signTop = y;
  box(doc, left, y, 170, 118);
  line(doc, 'คำเตือน', left + 8, y + 8, { bold: true, size: 9.5 });
  paragraph(doc, 'ผู้มีหน้าที่ออกหนังสือรับรองการหักภาษี ณ ที่จ่าย ฝ่าฝืนไม่ปฏิบัติตามมาตรา 50 ทวิ แห่งประมวลรัษฎากร ต้องรับโทษทางอาญาตามมาตรา 35 แห่งประมวลรัษฎากร', left + 8, y + 24, 154, { size: 9 });
  box(doc, left + 176, y, width - 176, 118);
  line(doc, 'ขอรับรองว่าข้อความและตัวเลขดังกล่าวข้างต้นถูกต้องตรงกับความจริงทุกประการ', left + 176 + (width - 176) / 2, y + 8, { size: 9.5, anchor: 'middle' });
  const signCentre = left + 176 + (width - 176 - 90) / 2;
  line(doc, 'ลงชื่อ', signCentre - 105, y + 44, { size: 9.5 });
  rule(doc, signCentre - 78, y + 57, signCentre + 85, true);
  line(doc, 'ผู้จ่ายเงิน', signCentre + 90, y + 44, { size: 9.5 });
  line(doc, `( ${input.payer.name} )`, signCentre, y + 62, { size: 9.5, anchor: 'middle' });
  line(doc, '........ / ................ / ........', signCentre, y + 84, { size: 9.5, anchor: 'middle' });
  line(doc, '(วัน เดือน ปี ที่ออกหนังสือรับรองฯ)', signCentre, y + 98, { size: 8.5, anchor: 'middle', color: MUTED });
  const seal = { x: right - 45, y: y + 70 };
  doc.lineWidth(0.6).circle(seal.x, seal.y, 30).dash(2, { space: 2 }).stroke(RULE).undash();
  line(doc, 'ประทับตรา', seal.x, seal.y - 14, { size: 8, anchor: 'middle', color: MUTED });
  line(doc, 'นิติบุคคล', seal.x, seal.y - 4, { size: 8, anchor: 'middle', color: MUTED });
  line(doc, '(ถ้ามี)', seal.x, seal.y + 6, { size: 8, anchor: 'middle', color: MUTED });
  y = signTop + 126;

  line(doc, 'หมายเหตุ', left, y, { bold: true, size: 8 });
  paragraph(
    doc,
    'เลขประจำตัวผู้เสียภาษีอากร (13 หลัก)* หมายถึง 1. กรณีบุคคลธรรมดาไทย ให้ใช้เลขประจำตัวประชาชนของกรมการปกครอง 2. กรณีนิติบุคคล ให้ใช้เลขทะเบียนนิติบุคคลของกรมพัฒนาธุรกิจการค้า 3. กรณีอื่น ๆ นอกเหนือจาก 1. และ 2. ให้ใช้เลขประจำตัวผู้เสียภาษีอากร (13 หลัก) ของกรมสรรพากร',
    left + 40,
    y,
    width - 40,
    { size: 8, color: MUTED },
  );
  return finish(doc);
}

// ---------------------------------------------------------------------------------------------
// The brands' monthly invoice

const INVOICE_TEXT = {
  en: {
    title: 'Invoice',
    number: 'Invoice no.',
    issued: 'Issued',
    month: 'Views counted in',
    status: 'Status',
    due: 'Due',
    paid: 'Paid',
    taxId: 'Tax ID',
    billTo: 'Bill to',
    item: 'Item',
    views: 'Counted views',
    amount: 'Amount (THB)',
    total: 'Total',
    basis: 'Price basis: per 1,000 counted views.',
    amountDue: 'Amount due',
    paidOn: 'Paid on',
    reference: 'Reference',
  },
  th: {
    title: 'ใบแจ้งหนี้',
    number: 'เลขที่',
    issued: 'วันที่ออก',
    month: 'ยอดวิวประจำเดือน',
    status: 'สถานะ',
    due: 'รอชำระ',
    paid: 'ชำระแล้ว',
    taxId: 'เลขประจำตัวผู้เสียภาษีอากร',
    billTo: 'ลูกค้า',
    item: 'รายการ',
    views: 'วิวที่นับ',
    amount: 'จำนวนเงิน (บาท)',
    total: 'รวมทั้งสิ้น',
    basis: 'คิดราคาต่อ 1,000 วิวที่นับ',
    amountDue: 'ยอดที่ต้องชำระ',
    paidOn: 'ชำระเมื่อ',
    reference: 'เลขอ้างอิง',
  },
} satisfies Record<Language, Record<string, string>>;

/** A brand's invoice for one month of counted views, in English or Thai; more pages when the lines need them. */
export async function invoicePdf(input: BrandInvoiceDoc, language: Language): Promise<Uint8Array> {
  const text = INVOICE_TEXT[language];
  const date = (iso: string) => dateText(iso, language);
  const doc = await newDocument(`${text.title} ${input.number}`, language);
  const left = PAGE.margin;
  const right = PAGE.width - PAGE.margin;
  const columns = { index: left + 6, item: left + 30, views: right - 120, amount: right - 8 };

  // The seller on the left, the invoice's particulars on the right.
  line(doc, input.seller.name, left, 40, { bold: true, size: 13 });
  let y = paragraph(doc, input.seller.address, left, 60, 260, { size: 9.5, color: MUTED });
  line(doc, `${text.taxId} ${taxIdShown(input.seller.taxId)}`, left, y, { size: 9.5, color: MUTED });
  line(doc, text.title, right, 36, { bold: true, size: 22, anchor: 'end' });
  const particulars: [string, string][] = [
    [text.number, input.number],
    [text.issued, date(input.issuedOn)],
    [text.month, dateText(input.month, language, false)],
    [text.status, input.status === 'paid' ? text.paid : text.due],
  ];
  particulars.forEach(([label, value], index) => {
    line(doc, label, right - 230, 72 + index * 15, { size: 9.5, color: MUTED });
    line(doc, value, right, 72 + index * 15, { size: 9.5, bold: true, anchor: 'end' });
  });

  y = Math.max(y + 24, 140);
  line(doc, text.billTo, left, y, { size: 9, color: MUTED });
  line(doc, input.buyer.name, left, y + 13, { bold: true, size: 11 });
  if (input.buyer.email) line(doc, input.buyer.email, left, y + 29, { size: 9.5, color: MUTED });
  y += 56;

  const header = () => {
    box(doc, left, y, right - left, 20, '#eeeeee');
    line(doc, '#', columns.index, y + 4, { bold: true, size: 9.5 });
    line(doc, text.item, columns.item, y + 4, { bold: true, size: 9.5 });
    line(doc, text.views, columns.views, y + 4, { bold: true, size: 9.5, anchor: 'end' });
    line(doc, text.amount, columns.amount, y + 4, { bold: true, size: 9.5, anchor: 'end' });
    y += 24;
  };
  header();
  input.lines.forEach((item, index) => {
    const rows = wrap(doc, item.title, columns.views - 150 - columns.item, { size: 10 });
    const height = rows.length * 13.5 + 6;
    if (y + height > PAGE.height - 120) {
      doc.addPage();
      y = PAGE.margin;
      header();
    }
    line(doc, String(index + 1), columns.index, y, { size: 10, color: MUTED });
    rows.forEach((row, at) => line(doc, row, columns.item, y + at * 13.5, { size: 10 }));
    line(doc, grouped(item.views), columns.views, y, { size: 10, anchor: 'end' });
    line(doc, money(item.amountSatang), columns.amount, y, { size: 10, anchor: 'end' });
    y += height;
    rule(doc, left, y - 3, right);
  });

  y += 4;
  line(doc, text.total, columns.item, y, { bold: true, size: 11 });
  line(doc, grouped(input.totalViews), columns.views, y, { bold: true, size: 11, anchor: 'end' });
  line(doc, money(input.totalSatang), columns.amount, y, { bold: true, size: 11, anchor: 'end' });
  if (language === 'th') line(doc, `(${bahtText(input.totalSatang)})`, columns.amount, y + 17, { size: 9.5, color: MUTED, anchor: 'end' });
  line(doc, text.basis, columns.item, y + 17, { size: 9.5, color: MUTED });
  y += 48;

  box(doc, left, y, right - left, 40, input.status === 'paid' ? '#e8f5e9' : '#fff8e1');
  if (input.status === 'paid') {
    line(doc, `${text.paid} · ${text.paidOn} ${input.paidOn ? date(input.paidOn) : '-'}`, left + 12, y + 7, { bold: true, size: 11 });
    if (input.reference) line(doc, `${text.reference} ${input.reference}`, left + 12, y + 22, { size: 9.5, color: MUTED });
  } else {
    line(doc, text.amountDue, left + 12, y + 12, { bold: true, size: 11 });
  }
  line(doc, `฿${money(input.totalSatang)}`, right - 12, y + 10, { bold: true, size: 15, anchor: 'end' });
  return finish(doc);
}
