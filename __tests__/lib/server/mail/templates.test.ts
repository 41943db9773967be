/** @jest-environment node */
import { otpMail } from '@/lib/server/mail/templates';

describe('otpMail', () => {
  const mail = otpMail({ to: 'ada@example.com', brand: 'Regal Flowers', code: '012345', validMinutes: 10 });

  it('names the brand in the subject and gives the code with its validity in text and HTML', () => {
    expect(mail.to).toBe('ada@example.com');
    expect(mail.subject).toBe('Your Regal Flowers one-time password');
    expect(mail.text).toContain('Your Regal Flowers one-time password is: 012345');
    expect(mail.text).toContain('valid for 10 minutes');
    expect(mail.html).toContain('>012345</p>');
    expect(mail.html).toContain('valid for 10 minutes');
  });

  it('escapes the brand in HTML', () => {
    const odd = otpMail({ to: 'a@b.co', brand: 'Roses & <Co>', code: '111111', validMinutes: 10 });
    expect(odd.html).toContain('Roses &#38; &#60;Co&#62;');
    expect(odd.html).not.toContain('<Co>');
  });
});
