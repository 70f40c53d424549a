import { describe, expect, it } from 'vitest';
import { initials } from './initials';

describe('initials', () => {
  it('takes a Thai name’s first consonant, never the vowel written before it', () => {
    expect(initials('เจน')).toBe('จ');
    expect(initials('ไอซ์')).toBe('อ');
    expect(initials('แพรว')).toBe('พ');
    expect(initials('โบ')).toBe('บ');
    expect(initials('ใบเตย')).toBe('บ');
    expect(initials('สมชาย')).toBe('ส');
  });

  it('never keeps a tone mark or a vowel sign on the consonant', () => {
    expect(initials('กุ้ง')).toBe('ก');
    expect(initials('ฟ้าใส')).toBe('ฟ');
    expect(initials('ชื่นใจ')).toBe('ช');
    expect(initials('น้ำผึ้ง')).toBe('น');
    expect(initials('ปิ่น')).toBe('ป');
    expect(initials('ฐิติ')).toBe('ฐ');
    for (const name of ['กุ้ง', 'ฟ้าใส', 'ชื่นใจ', 'น้ำผึ้ง', 'ปิ่น ภูผา', 'ดื้อ ดึง', 'ไอซ์ ครีม']) {
      // Nothing but consonants: no above or below vowel (U+0E31, U+0E34–U+0E3A, U+0E47) and no tone or other mark (U+0E48–U+0E4E).
      expect(initials(name, 2), name).toMatch(/^[\u0E01-\u0E2E]+$/u);
    }
  });

  it('takes a Thai letter only from the start of a word, never from inside it', () => {
    expect(initials('ฟ้าใส', 2)).toBe('ฟ');
    expect(initials('ใบเตย', 2)).toBe('บ');
    expect(initials('น้ำผึ้ง', 2)).toBe('น');
    expect(initials('สมชาย ใจดี', 2)).toBe('สจ');
    expect(initials('ไอซ์ ครีม', 2)).toBe('อค');
    expect(initials('ชาไทย สยาม', 2)).toBe('ชส');
    expect(initials('  กุ้ง   ก้อย ', 2)).toBe('กก');
  });

  it('mixes a Thai word and an English one, each by its own rule', () => {
    expect(initials('ฟ้าใส Coco', 2)).toBe('ฟC');
    expect(initials('Coco ฟ้าใส', 2)).toBe('CO');
    expect(initials('Mali ฟ้าใส', 5)).toBe('MALIฟ');
  });

  it('keeps the English behaviour: the first letters in capitals, spaces skipped', () => {
    expect(initials('Nalinee')).toBe('N');
    expect(initials('nalinee@example.com')).toBe('N');
    expect(initials('GlowLab Skincare', 2)).toBe('GL');
    expect(initials('  Coco Farm', 2)).toBe('CO');
    expect(initials('A')).toBe('A');
    expect(initials('A B', 2)).toBe('AB');
  });

  it('keeps emoji whole, and says nothing for an empty name', () => {
    expect(initials('👩‍💻 Dev')).toBe('👩‍💻');
    expect(initials('🇹🇭 Thai Tea', 2)).toBe('🇹🇭T');
    expect(initials('')).toBe('');
    expect(initials('   ')).toBe('');
  });

  it('gives a name of Thai vowels alone its first character', () => {
    expect(initials('ไๆ')).toBe('ไ');
  });
});
