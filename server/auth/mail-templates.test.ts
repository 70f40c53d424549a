import { describe, expect, it } from 'vitest';
import { recoveryMail, signupMail } from './mail-templates';

const link = 'https://app.viewpact.test/auth/callback?token=t&type=recovery';

describe('the auth e-mails', () => {
  it.each([
    ['recovery', recoveryMail(link, '123456')],
    ['signup', signupMail(link, '123456')],
  ])('%s: English first, then Thai with a greeting and a sign-off, the link and the code in both', (_, mail) => {
    const [english, thai] = mail.text.split('\n\n');
    expect(english.split('\n')).toHaveLength(4);
    expect(english).toContain(`: ${link}`);
    expect(english).toContain('Code: 123456');
    const lines = thai.split('\n');
    expect(lines[0]).toBe('สวัสดี');
    expect(lines.at(-1)).toBe('ทีมงาน ViewPact');
    expect(thai).toContain(`: ${link}`);
    expect(thai).toContain('รหัส: 123456');
    expect(thai).not.toMatch(/ของคุณ|ของฉัน/);
    const [, thaiHtml] = mail.html.split('<hr>');
    expect(thaiHtml.startsWith('<p>สวัสดี</p>')).toBe(true);
    expect(thaiHtml.endsWith('<p>ทีมงาน ViewPact</p>')).toBe(true);
    expect(thaiHtml).toContain('<strong>123456</strong>');
  });

  it('keeps the English texts as they were', () => {
    expect(recoveryMail(link, '123456').text.split('\n\n')[0]).toBe(
      [
        'Someone asked to reset the password of your ViewPact account. The link works once, for one hour.',
        `Choose a new password: ${link}`,
        'Code: 123456',
        'If it was not you, ignore this e-mail: your password stays the same.',
      ].join('\n'),
    );
    expect(signupMail(link, '123456').html.split('<hr>')[0]).toBe(
      '<p>Welcome to ViewPact! Confirm your e-mail address to finish creating your account. The link works for one hour.</p>' +
        `<p><a href="${link.replaceAll('&', '&amp;')}">Confirm my e-mail address</a></p>` +
        '<p>Code: <strong>123456</strong></p><p>If you did not sign up, ignore this e-mail.</p>',
    );
  });
});
