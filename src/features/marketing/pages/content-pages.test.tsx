import { screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ledgerRulesRow } from '@/testing/data';
import { server } from '@/testing/msw';
import { renderPage } from '@/testing/render';
import { ledgerRules, payRates } from '@/testing/supabase';
import AboutPage from './about-page';
import FeaturesPage from './features-page';
import HelpPage from './help-page';
import PrivacyPage from './privacy-page';
import TermsPage from './terms-page';

const h1 = () => screen.getByRole('heading', { level: 1 });

// Prices come from pay_rates() (the database's one copy of the rates), and the counting
// rules' numbers from ledger_rules: here not the migration's defaults (30 days, 72 hours,
// every 6 hours for 7 days, then every 24), so that a figure on the page can only be the row's.
const rules = ledgerRulesRow({ count_window_days: 45, review_auto_approve_hours: 48, refresh_early_hours: 4, refresh_early_days: 10, refresh_late_hours: 12 });
beforeEach(() => server.use(payRates(), ledgerRules(rules)));

describe('features page', () => {
  it('has the brand and creator anchors and a link to /register, in English', async () => {
    const { container } = await renderPage(<FeaturesPage />, { url: '/features', language: 'en' });
    expect(h1()).toHaveTextContent('Everything you need for TikTok campaigns that pay by the view');
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);

    const brands = container.querySelector('#for-brands');
    const creators = container.querySelector('#for-creators');
    expect(brands).not.toBeNull();
    expect(creators).not.toBeNull();
    expect(within(brands as HTMLElement).getByRole('heading', { level: 2 })).toHaveTextContent('Launch a TikTok campaign without paying up front');
    expect(await within(brands as HTMLElement).findByText('฿10.00')).toBeInTheDocument();
    expect(await within(creators as HTMLElement).findByText('฿5.00')).toBeInTheDocument();

    expect(screen.getByRole('link', { name: 'Create your free account' })).toHaveAttribute('href', '/register');
    expect(screen.getByRole('link', { name: 'For brands' })).toHaveAttribute('href', '/features#for-brands');
  });

  it('reads in Thai', async () => {
    const { container } = await renderPage(<FeaturesPage />, { language: 'th' });
    expect(h1()).toHaveTextContent('ครบทุกอย่างสำหรับแคมเปญ TikTok ที่จ่ายตามยอดวิว');
    expect(container.querySelector('#for-brands')).toHaveTextContent('เริ่มแคมเปญ TikTok ได้ โดยไม่ต้องจ่ายล่วงหน้า');
    expect(container.querySelector('#for-creators')).toHaveTextContent('สร้างรายได้จากยอดวิวที่วิดีโอทำได้อยู่แล้ว');
    expect(screen.getByRole('link', { name: 'สมัครบัญชีฟรี' })).toHaveAttribute('href', '/register');
  });
});

describe('about page', () => {
  it('names Singapore, the support e-mail, the figures and the join button, in English', async () => {
    await renderPage(<AboutPage />, { language: 'en' });
    expect(h1()).toHaveTextContent('About ViewPact');
    for (const title of ['Our mission', 'Our vision', 'Our values']) {
      expect(screen.getByRole('heading', { level: 2, name: title })).toBeInTheDocument();
    }
    expect(screen.getByText(/a group headquartered in Singapore/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'support@viewpact.app' })).toHaveAttribute('href', 'mailto:support@viewpact.app');
    for (const figure of ['100+', '150+', '21', '57M+']) expect(screen.getByText(figure)).toBeInTheDocument();
    expect(screen.queryByText(/1000\+|500\+/)).toBeNull();
    expect(screen.getByRole('link', { name: 'Join ViewPact' })).toHaveAttribute('href', '/register');
  });

  it('reads in Thai', async () => {
    await renderPage(<AboutPage />, { language: 'th' });
    expect(h1()).toHaveTextContent('เกี่ยวกับ ViewPact');
    expect(screen.getByText(/สำนักงานใหญ่ในสิงคโปร์/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'support@viewpact.app' })).toHaveAttribute('href', 'mailto:support@viewpact.app');
    expect(screen.getByRole('link', { name: 'เข้าร่วม ViewPact' })).toHaveAttribute('href', '/register');
  });
});

describe('help page', () => {
  it('answers payment, payout, billing, counting, estimates and support, in English', async () => {
    await renderPage(<HelpPage />, { language: 'en' });
    expect(h1()).toHaveTextContent('Help Centre');
    expect(await screen.findByText(/Brands pay ฿10\.00 for every 1,000 counted views on videos linked to their campaigns\. Creators earn ฿5\.00/)).toBeInTheDocument();
    expect(screen.getByText(/Nothing is charged for videos that are not linked to a campaign/)).toBeInTheDocument();
    expect(screen.getByText(/Creators are paid at the end of each month, for the views counted/)).toBeInTheDocument();
    expect(screen.getByText(/Brands are billed at the end of each month/)).toBeInTheDocument();
    expect(screen.getByText(/the counts come exactly from TikTok's Display API/)).toBeInTheDocument();
    expect(screen.getByText(/the median views of the creator's videos that have been measured, or zero/)).toBeInTheDocument();
    expect(screen.getByText(/are estimates until the month-end statement/)).toBeInTheDocument();
    expect(screen.getByText('How do I join an opportunity?')).toBeInTheDocument();
    expect(screen.getByText('How do I add a video by URL?')).toBeInTheDocument();
    expect(screen.getByText('What does “beta” mean?')).toBeInTheDocument();
    // Issue 34: how VAT and withholding tax apply, for brands and for creators.
    expect(screen.getByText('Do prices include VAT? How does withholding tax work?')).toBeInTheDocument();
    expect(screen.getByText(/Rates and prices are before VAT\. While ViewPact is registered for VAT, 7% VAT is added to each invoice/)).toBeInTheDocument();
    expect(screen.getByText(/Brands: paying for advertising, a company deducts 2% withholding tax from the amount before VAT/)).toBeInTheDocument();
    expect(screen.getByText(/Creators: when the gross of a payout reaches ฿1,000\.00, we withhold 3% income tax/)).toBeInTheDocument();
    expect(screen.getByText(/Settings → Billing details/)).toBeInTheDocument();
    for (const link of screen.getAllByRole('link', { name: /support@viewpact\.app|E-mail support/ })) {
      expect(link).toHaveAttribute('href', 'mailto:support@viewpact.app');
    }
  });

  it('states the counting rules with the numbers of the database, in English', async () => {
    const { container } = await renderPage(<HelpPage />, { url: '/help', language: 'en' });
    const section = container.querySelector('section#counting-rules') as HTMLElement;
    expect(section).not.toBeNull();
    expect(within(section).getByRole('heading', { level: 2 })).toHaveTextContent('How views are counted for payment');
    expect(screen.getByRole('link', { name: 'Counting rules' })).toHaveAttribute('href', '/help#counting-rules');
    expect(screen.getByRole('link', { name: 'Which views are paid? See the counting rules.' })).toHaveAttribute('href', '/help#counting-rules');

    // Rules 3 to 8, in order, with ledger_rules' and pay_rates()' numbers.
    expect(await within(section).findByRole('heading', { level: 3, name: '4. Views count for 45 days after posting' })).toBeInTheDocument();
    expect(within(section).getAllByRole('heading', { level: 3 }).map((heading) => heading.textContent)).toEqual([
      '1. The posting time comes from TikTok',
      '2. Only campaign videos count',
      '3. The brand reviews every video',
      '4. Views count for 45 days after posting',
      '5. Only measured views count',
      '6. One count for both sides',
      "Why some views don't count",
    ]);
    expect(within(section).getByText(/If the brand hasn't answered 48 hours after the video was sent, the video is approved automatically/)).toBeInTheDocument();
    expect(within(section).getByText(/until 45 days later\. Then its counted views are frozen at the last measurement taken inside that window/)).toBeInTheDocument();
    expect(within(section).getByText(/every 4 hours during the first 10 days after posting, then every 12 hours until its counting window ends/)).toBeInTheDocument();
    expect(await within(section).findByText(/the creator earns ฿5\.00 and the brand pays ฿10\.00, at the rates the campaign was published with\. Each video's amount is rounded down to the satang/)).toBeInTheDocument();
    expect(within(section).getByText(/videos posted until midnight at the end of that day count/)).toBeInTheDocument();
    expect(within(section).getByText(/An estimate is never paid/)).toBeInTheDocument();
    expect(within(section).getByText(/the views measured while it was up still count, but it gains no more/)).toBeInTheDocument();
    expect(within(section).getByText(/The three always add up to the total views/)).toBeInTheDocument();
    expect(section).not.toHaveTextContent(/30 days|72 hours|pending_review|video_ledger/);

    // Every reason a video's views may not count, as the ledger names them.
    const reasons = Array.from(section.querySelectorAll('dt'), (term) => term.textContent);
    expect(reasons).toEqual([
      'Excluded by ViewPact',
      'Not in a campaign',
      'Pitch',
      "Not the creator's account",
      'TikTok account not verified',
      'Posted before the campaign',
      'Posted after the deadline',
      'Rejected',
      'Estimated',
      'Pending review',
    ]);
  });

  it('opens and shows the question a link points to', async () => {
    // jsdom has no layout, so no scrollIntoView of its own.
    const original = Element.prototype.scrollIntoView;
    const scrollIntoView = vi.fn();
    Element.prototype.scrollIntoView = scrollIntoView;
    try {
      const { container } = await renderPage(<HelpPage />, { url: '/help#estimated', language: 'en' });
      const question = container.querySelector('details#estimated');
      expect(question).toHaveAttribute('open');
      expect(scrollIntoView.mock.contexts).toContain(question);
      expect(container.querySelector('details#counting')).not.toHaveAttribute('open');
    } finally {
      Element.prototype.scrollIntoView = original;
    }
  });

  it('reads in Thai', async () => {
    await renderPage(<HelpPage />, { language: 'th' });
    expect(h1()).toHaveTextContent('ศูนย์ช่วยเหลือ');
    expect(await screen.findByText(/แบรนด์จ่าย ฿10\.00 ต่อ 1,000 วิว/)).toBeInTheDocument();
    expect(screen.getByText(/ครีเอเตอร์รับเงินทุกสิ้นเดือน/)).toBeInTheDocument();
    expect(screen.getByText(/เรียกเก็บเงินแบรนด์ทุกสิ้นเดือน/)).toBeInTheDocument();
    expect(screen.getByText('ราคารวมภาษีมูลค่าเพิ่มหรือยัง? ภาษีหัก ณ ที่จ่ายคิดอย่างไร?')).toBeInTheDocument();
    expect(screen.getByText(/แบรนด์: ค่าโฆษณาต้องหักภาษี ณ ที่จ่ายร้อยละ 2/)).toBeInTheDocument();
    expect(screen.getByText(/ครีเอเตอร์: เมื่อยอดโอนครั้งใดมียอดก่อนหักภาษีตั้งแต่ ฿1,000\.00 เราจะหักภาษี ณ ที่จ่ายร้อยละ 3/)).toBeInTheDocument();
    expect(screen.getByText(/ตัวเลขจะมาจาก Display API ของ TikTok โดยตรง/)).toBeInTheDocument();
    expect(screen.getByText(/ค่ามัธยฐานของยอดวิว/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'ส่งอีเมลถึงทีมช่วยเหลือ' })).toHaveAttribute('href', 'mailto:support@viewpact.app');

    const section = screen.getByRole('region', { name: 'ยอดวิวแบบไหนที่นับเป็นเงิน' });
    expect(await within(section).findByText(/ถ้าแบรนด์ไม่ตอบภายใน 48 ชั่วโมงหลังส่ง/)).toBeInTheDocument();
    expect(within(section).getByRole('heading', { level: 3, name: '4. นับยอดวิว 45 วันหลังโพสต์' })).toBeInTheDocument();
    expect(within(section).getByText(/วัดทุก 4 ชั่วโมงใน 10 วันแรกหลังโพสต์ แล้ววัดทุก 12 ชั่วโมง/)).toBeInTheDocument();
    expect(await within(section).findByText(/ครีเอเตอร์ได้รับ ฿5\.00 และแบรนด์จ่าย ฿10\.00/)).toBeInTheDocument();
    expect(section.querySelectorAll('dt')).toHaveLength(10);
    expect(section).not.toHaveTextContent(/ของคุณ/);
  });
});

describe('legal pages', () => {
  it.each([
    ['terms', 'en', TermsPage, 'Terms of Service', /Governing law and disputes/],
    ['terms', 'th', TermsPage, 'ข้อกำหนดการใช้บริการ', /กฎหมายที่ใช้บังคับ/],
    ['privacy', 'en', PrivacyPage, 'Privacy Policy', /Personal Data Protection Act B\.E\. 2562/],
    ['privacy', 'th', PrivacyPage, 'นโยบายความเป็นส่วนตัว', /พระราชบัญญัติคุ้มครองข้อมูลส่วนบุคคล พ\.ศ\. 2562/],
  ] as const)('%s in %s is final: no draft notice, nothing left in brackets', async (_name, language, Page, title, text) => {
    const { container } = await renderPage(<Page />, { language });
    expect(h1()).toHaveTextContent(title);
    expect(screen.queryByRole('note')).toBeNull();
    expect(screen.queryByText(/draft|ฉบับร่าง/i)).toBeNull();
    expect(screen.getAllByText(text).length).toBeGreaterThan(0);
    expect(container.textContent).not.toMatch(/\[|\]|to be confirmed|รอการยืนยัน/);
    expect(screen.getByRole('link', { name: 'support@viewpact.app' })).toHaveAttribute('href', 'mailto:support@viewpact.app');
  });

  it('terms state the taxes, the payouts, the counting window from ledger_rules and the law, in English', async () => {
    await renderPage(<TermsPage />, { language: 'en' });
    const pricing = screen.getByRole('region', { name: '8. Pricing, billing and payouts' });
    expect(within(pricing).getByText(/Rates and charges are stated before VAT: where ViewPact is registered for VAT, VAT at the legal rate \(currently 7%\) is added/)).toBeInTheDocument();
    expect(within(pricing).getByText(/otherwise no VAT is charged/)).toBeInTheDocument();
    expect(within(pricing).getByText(/reaches ฿1,000\.00, we withhold 3% income tax from it, file it with the Revenue Department \(form PND\.3\) and issue a withholding tax certificate \(50 Tawi\)/)).toBeInTheDocument();
    expect(within(pricing).getByText(/once its net reaches ฿100\.00; a smaller amount carries over/)).toBeInTheDocument();
    expect(within(pricing).getByText(/a change applies only to campaigns published after it/)).toBeInTheDocument();
    // The row's window (45 days here), not the default 30.
    expect(await screen.findByText(/at least until its counting window ends, 45 days after posting/)).toBeInTheDocument();
    expect(screen.getByText(/Pay each monthly invoice by its due date, 30 days after the date it is issued, and send us the withholding tax certificate \(50 Tawi\)/)).toBeInTheDocument();
    // Issue 34: VAT shown on each invoice, a receipt/tax invoice per payment, the brand's 2% withholding, credit notes.
    expect(within(pricing).getByText(/shown separately on each invoice, and each payment we receive is confirmed by a receipt\/tax invoice with the particulars section 86\/4 of the Revenue Code requires; otherwise no VAT is charged and we issue receipts/)).toBeInTheDocument();
    expect(within(pricing).getByText(/A brand paying for advertising deducts withholding tax at 2% of the amount before VAT .* gives us the withholding tax certificate \(50 Tawi\)/)).toBeInTheDocument();
    expect(within(pricing).getByText(/we issue a credit note naming the original document, the reason and the VAT reduced/)).toBeInTheDocument();
    expect(screen.getByText(/delete your account yourself in Settings → Account/)).toBeInTheDocument();
    expect(screen.getByText(/governed by the laws of Thailand/)).toBeInTheDocument();
    expect(screen.getByText(/If the two versions differ, the Thai version prevails/)).toBeInTheDocument();
  });

  it('terms state the same in Thai', async () => {
    await renderPage(<TermsPage />, { language: 'th' });
    expect(screen.getByText(/เรตและยอดที่เรียกเก็บเป็นราคาก่อนภาษีมูลค่าเพิ่ม .*\(ปัจจุบันร้อยละ 7\).*ใบเสร็จรับเงิน\/ใบกำกับภาษีที่มีรายการครบตามมาตรา 86\/4/)).toBeInTheDocument();
    expect(screen.getByText(/แบรนด์ที่จ่ายค่าโฆษณาต้องหักภาษี ณ ที่จ่ายร้อยละ 2 ของมูลค่าก่อนภาษีมูลค่าเพิ่ม.*หนังสือรับรองการหักภาษี ณ ที่จ่าย \(50 ทวิ\)/)).toBeInTheDocument();
    expect(screen.getByText(/เราจะออกใบลดหนี้ที่ระบุเอกสารเดิม/)).toBeInTheDocument();
    expect(screen.getByText(/ภายในวันครบกำหนด คือ 30 วันนับจากวันที่ออกใบแจ้งหนี้/)).toBeInTheDocument();
    expect(screen.getByText(/ตั้งแต่ ฿1,000\.00 เราจะหักภาษี ณ ที่จ่ายร้อยละ 3 นำส่งกรมสรรพากร \(แบบ ภ\.ง\.ด\.3\) และออกหนังสือรับรองการหักภาษี ณ ที่จ่าย \(50 ทวิ\)/)).toBeInTheDocument();
    expect(await screen.findByText(/อย่างน้อยจนจบช่วงนับยอด คือ 45 วันหลังโพสต์ และนานกว่านั้นหากบรีฟกำหนด/)).toBeInTheDocument();
    expect(screen.getByText(/อยู่ภายใต้และตีความตามกฎหมายไทย/)).toBeInTheDocument();
    expect(screen.getByText(/ให้ถือตามฉบับภาษาไทย/)).toBeInTheDocument();
  });

  it('privacy states what deleting an account erases and what is kept, and for how long', async () => {
    await renderPage(<PrivacyPage />, { language: 'en' });
    const retention = screen.getByRole('region', { name: '6. How long we keep it' });
    expect(within(retention).getByText(/When you delete your account in Settings → Account, we erase or anonymise it at once/)).toBeInTheDocument();
    expect(within(retention).getByText(/Accounting Act B\.E\. 2543 and Revenue Code require: at least 5 years/)).toBeInTheDocument();
    expect(within(retention).getByText(/the legal name, address and tax ID printed on the withholding tax certificate/)).toBeInTheDocument();
    expect(within(retention).getByText(/for at most one hour/)).toBeInTheDocument();
    expect(screen.getByText(/Sign-in security: a cookie, kept for up to 180 days/)).toBeInTheDocument();
  });

  it('privacy states the same in Thai', async () => {
    await renderPage(<PrivacyPage />, { language: 'th' });
    expect(screen.getByText(/เราจะลบหรือทำให้ข้อมูลไม่สามารถระบุตัวตนได้ทันที/)).toBeInTheDocument();
    expect(screen.getByText(/พระราชบัญญัติการบัญชี พ\.ศ\. 2543 และประมวลรัษฎากรกำหนด คืออย่างน้อย 5 ปี/)).toBeInTheDocument();
  });
});
