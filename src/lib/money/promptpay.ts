import generatePayload from 'promptpay-qr';

/** The largest amount the payload's tag 54 holds: 13 characters, '9999999999.99'. */
const MAX_AMOUNT_SATANG = 999_999_999_999;

/**
 * The EMVCo payload of a PromptPay QR code that asks for exactly `amountSatang`, paid to a
 * Thai mobile number (0XXXXXXXXX) or a 13-digit national ID / tax ID. Spaces and dashes in
 * the target are ignored; anything else throws `promptpay_target_invalid` or
 * `promptpay_amount_invalid`.
 */
export function promptPayPayload(target: string, amountSatang: number): string {
  const digits = target.replace(/[\s-]/g, '');
  if (!/^0\d{9}$/.test(digits) && !(/^\d{13}$/.test(digits) && hasTaxIdCheckDigit(digits))) {
    throw new Error('promptpay_target_invalid');
  }
  if (!Number.isSafeInteger(amountSatang) || amountSatang <= 0 || amountSatang > MAX_AMOUNT_SATANG) {
    throw new Error('promptpay_amount_invalid');
  }
  // The library writes the amount with toFixed(2): satang / 100 always rounds back exactly.
  return generatePayload(digits, { amount: amountSatang / 100 });
}

/** The payload drawn as a PNG data URL, for an <img>. The QR code library loads only then. */
export async function promptPayQrDataUrl(payload: string): Promise<string> {
  const { toDataURL } = await import('qrcode');
  return toDataURL(payload, { errorCorrectionLevel: 'M', margin: 2, width: 320 });
}

/** Thai national IDs and tax IDs end in a mod-11 check digit: a typo is caught before anyone pays. */
function hasTaxIdCheckDigit(id: string): boolean {
  let sum = 0;
  for (let i = 0; i < 12; i++) sum += Number(id[i]) * (13 - i);
  return (11 - (sum % 11)) % 10 === Number(id[12]);
}
