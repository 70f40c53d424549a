import { describe, expect, it } from 'vitest';
import { promptPayPayload, promptPayQrDataUrl } from './promptpay';

/** Splits an EMVCo payload into its tag → value pairs (two-digit tag, two-digit length). */
function parseTlv(payload: string): Map<string, string> {
  const fields = new Map<string, string>();
  for (let at = 0; at < payload.length; ) {
    const tag = payload.slice(at, at + 2);
    const length = Number(payload.slice(at + 2, at + 4));
    expect(Number.isInteger(length), `length of tag ${tag}`).toBe(true);
    fields.set(tag, payload.slice(at + 4, at + 4 + length));
    at += 4 + length;
    expect(at, `tag ${tag} runs past the end`).toBeLessThanOrEqual(payload.length);
  }
  return fields;
}

/** CRC-16/CCITT-FALSE: polynomial 0x1021, initial 0xFFFF, no reflection, no final XOR. */
function crc16(text: string): string {
  let crc = 0xffff;
  for (const byte of new TextEncoder().encode(text)) {
    crc ^= byte << 8;
    for (let bit = 0; bit < 8; bit++) crc = crc & 0x8000 ? ((crc << 1) ^ 0x1021) & 0xffff : (crc << 1) & 0xffff;
  }
  return crc.toString(16).toUpperCase().padStart(4, '0');
}

describe('promptPayPayload', () => {
  it('asks for an exact amount to a mobile number', () => {
    const payload = promptPayPayload('081-234-5678', 123_450);
    const fields = parseTlv(payload);

    expect(fields.get('00')).toBe('01');
    expect(fields.get('01')).toBe('12'); // dynamic: the amount is fixed
    const merchant = parseTlv(fields.get('29')!);
    expect(merchant.get('00')).toBe('A000000677010111');
    expect(merchant.get('01')).toBe('0066812345678');
    expect(fields.get('53')).toBe('764');
    expect(fields.get('54')).toBe('1234.50');
    expect(fields.get('58')).toBe('TH');
    expect(payload.endsWith(`6304${fields.get('63')}`)).toBe(true);
    expect(fields.get('63')).toBe(crc16(payload.slice(0, -4)));
  });

  it('pays a 13-digit national ID or tax ID', () => {
    const payload = promptPayPayload('1 1017 00230 70 8', 50);
    const fields = parseTlv(payload);

    const merchant = parseTlv(fields.get('29')!);
    expect(merchant.get('00')).toBe('A000000677010111');
    expect(merchant.get('02')).toBe('1101700230708');
    expect(merchant.has('01')).toBe(false);
    expect(fields.get('54')).toBe('0.50');
    expect(fields.get('63')).toBe(crc16(payload.slice(0, -4)));
  });

  it('checks the CRC of a payload known from elsewhere', () => {
    // A CRC-16/CCITT-FALSE reference value: "123456789" → 29B1.
    expect(crc16('123456789')).toBe('29B1');
  });

  it.each(['', '812345678', '08123456789', '1812345678', '1101700230709', '12345678901234', 'abc'])('rejects the target %j', (target) => {
    expect(() => promptPayPayload(target, 100)).toThrow('promptpay_target_invalid');
  });

  it.each([0, -100, 12.5, Number.NaN, 1e13])('rejects the amount %j satang', (amount) => {
    expect(() => promptPayPayload('0812345678', amount)).toThrow('promptpay_amount_invalid');
  });
});

describe('promptPayQrDataUrl', () => {
  it('draws the payload as a PNG', async () => {
    const url = await promptPayQrDataUrl(promptPayPayload('0812345678', 100));
    expect(url).toMatch(/^data:image\/png;base64,/);
    const png = Uint8Array.from(atob(url.split(',')[1]), (char) => char.charCodeAt(0));
    expect([...png.subarray(1, 4)].map((code) => String.fromCharCode(code)).join('')).toBe('PNG');
  });
});
