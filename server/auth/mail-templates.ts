import type { MailMessage } from './mailer';

type Mail = Omit<MailMessage, 'to'>;

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (char) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[char]!);

type Part = { intro: string; action: string; ignore: string };
/** The Thai part opens with a greeting and closes with a sign-off, as Thai services' e-mails do. */
type ThaiPart = Part & { greeting: string; signOff: string };

function bilingual(subject: string, en: Part, th: ThaiPart, link: string, code: string): Mail {
  const text = [
    en.intro, `${en.action}: ${link}`, `Code: ${code}`, en.ignore,
    '',
    th.greeting, th.intro, `${th.action}: ${link}`, `รหัส: ${code}`, th.ignore, th.signOff,
  ].join('\n');
  const paragraph = (line: string) => `<p>${escapeHtml(line)}</p>`;
  const block = (part: Part, codeLabel: string) =>
    `${paragraph(part.intro)}<p><a href="${escapeHtml(link)}">${escapeHtml(part.action)}</a></p>` +
    `<p>${codeLabel}: <strong>${code}</strong></p>${paragraph(part.ignore)}`;
  return { subject, text, html: `${block(en, 'Code')}<hr>${paragraph(th.greeting)}${block(th, 'รหัส')}${paragraph(th.signOff)}` };
}

export const recoveryMail = (link: string, code: string): Mail =>
  bilingual(
    'Reset your ViewPact password / รีเซ็ตรหัสผ่าน ViewPact',
    {
      intro: 'Someone asked to reset the password of your ViewPact account. The link works once, for one hour.',
      action: 'Choose a new password',
      ignore: 'If it was not you, ignore this e-mail: your password stays the same.',
    },
    {
      greeting: 'สวัสดี',
      intro: 'เราได้รับคำขอรีเซ็ตรหัสผ่านบัญชี ViewPact ที่ใช้อีเมลนี้ ลิงก์ด้านล่างใช้ได้ครั้งเดียว ภายใน 1 ชั่วโมง',
      action: 'ตั้งรหัสผ่านใหม่',
      ignore: 'ถ้าไม่ได้ขอรีเซ็ต ไม่ต้องทำอะไร รหัสผ่านเดิมยังใช้ได้ตามปกติ',
      signOff: 'ทีมงาน ViewPact',
    },
    link,
    code,
  );

export const signupMail = (link: string, code: string): Mail =>
  bilingual(
    'Confirm your ViewPact account / ยืนยันบัญชี ViewPact',
    {
      intro: 'Welcome to ViewPact! Confirm your e-mail address to finish creating your account. The link works for one hour.',
      action: 'Confirm my e-mail address',
      ignore: 'If you did not sign up, ignore this e-mail.',
    },
    {
      greeting: 'สวัสดี',
      intro: 'ยินดีต้อนรับสู่ ViewPact! ยืนยันอีเมลนี้เพื่อสร้างบัญชีให้เสร็จ ลิงก์ด้านล่างใช้ได้ภายใน 1 ชั่วโมง',
      action: 'ยืนยันอีเมล',
      ignore: 'ถ้าไม่ได้สมัคร ViewPact ไม่ต้องทำอะไร',
      signOff: 'ทีมงาน ViewPact',
    },
    link,
    code,
  );
