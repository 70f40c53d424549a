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

  it('keeps a consonant’s vowel and tone marks with it, and skips lone vowels and silent letters', () => {
    expect(initials('ชื่นใจ')).toBe('ชื่');
    expect(initials('น้ำผึ้ง', 2)).toBe('น้ำผึ้');
    expect(initials('ไอซ์ ครีม', 2)).toBe('อค');
    expect(initials('ใบเตย', 2)).toBe('บต');
  });

  it('keeps the English behaviour: the first letters in capitals, spaces skipped', () => {
    expect(initials('Nalinee')).toBe('N');
    expect(initials('nalinee@example.com')).toBe('N');
    expect(initials('GlowLab Skincare', 2)).toBe('GL');
    expect(initials('  Coco Farm', 2)).toBe('CO');
    expect(initials('A')).toBe('A');
  });

  it('keeps emoji whole, and says nothing for an empty name', () => {
    expect(initials('👩‍💻 Dev')).toBe('👩‍💻');
    expect(initials('🇹🇭 Thai Tea', 2)).toBe('🇹🇭T');
    expect(initials('')).toBe('');
  });

  it('gives a name of Thai vowels alone its first character', () => {
    expect(initials('ไๆ')).toBe('ไ');
  });
});
