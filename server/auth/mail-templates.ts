import type { MailMessage } from './mailer';

type Mail = Omit<MailMessage, 'to'>;

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (char) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[char]!);

function bilingual(subject: string, en: { intro: string; action: string; ignore: string }, th: { intro: string; action: string; ignore: string }, link: string, code: string): Mail {
  const text = [
    en.intro, `${en.action}: ${link}`, `Code: ${code}`, en.ignore,
    '',
    th.intro, `${th.action}: ${link}`, `รหัส: ${code}`, th.ignore,
  ].join('\n');
  const block = (part: typeof en, codeLabel: string) =>
    `<p>${escapeHtml(part.intro)}</p><p><a href="${escapeHtml(link)}">${escapeHtml(part.action)}</a></p>` +
    `<p>${codeLabel}: <strong>${code}</strong></p><p>${escapeHtml(part.ignore)}</p>`;
  return { subject, text, html: `${block(en, 'Code')}<hr>${block(th, 'รหัส')}` };
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
      intro: 'มีคำขอรีเซ็ตรหัสผ่านบัญชี ViewPact ของคุณ ลิงก์นี้ใช้ได้ครั้งเดียวภายใน 1 ชั่วโมง',
      action: 'ตั้งรหัสผ่านใหม่',
      ignore: 'หากคุณไม่ได้ขอ ไม่ต้องทำอะไร รหัสผ่านของคุณจะยังเหมือนเดิม',
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
      intro: 'ยินดีต้อนรับสู่ ViewPact! ยืนยันอีเมลของคุณเพื่อสร้างบัญชีให้เสร็จสมบูรณ์ ลิงก์นี้ใช้ได้ภายใน 1 ชั่วโมง',
      action: 'ยืนยันอีเมลของฉัน',
      ignore: 'หากคุณไม่ได้สมัคร ไม่ต้องทำอะไร',
    },
    link,
    code,
  );
