import { describe, expect, it } from 'vitest';
import { bahtTextToSatang, budgetTextSchema, satangToBahtText } from './budget-input';

describe('a budget typed in baht', () => {
  it('is stored as round(baht × 100) satang, exactly, half up', () => {
    expect(bahtTextToSatang('50000')).toBe(5_000_000);
    expect(bahtTextToSatang('฿50,000.5')).toBe(5_000_050);
    expect(bahtTextToSatang(' 1250.75 ')).toBe(125_075);
    // 1.005 × 100 is 100.49999… in binary floating point; on the digits it is 100.5, so 101.
    expect(bahtTextToSatang('1.005')).toBe(101);
    expect(bahtTextToSatang('1.004')).toBe(100);
    expect(bahtTextToSatang('0.999')).toBe(100);
  });

  it('is no limit when empty', () => {
    expect(bahtTextToSatang('')).toBeNull();
    expect(budgetTextSchema.parse(undefined)).toBe('');
  });

  it('must be a number of baht', () => {
    for (const text of ['abc', '12a', '-5', '1.2.3', '1e5', '.5']) expect(budgetTextSchema.safeParse(text).success, text).toBe(false);
    for (const text of ['0', '5', '50,000', '1250.50', '฿ 99']) expect(budgetTextSchema.safeParse(text).success, text).toBe(true);
  });

  it('shows a stored budget back in baht', () => {
    expect(satangToBahtText(5_000_000)).toBe('50000');
    expect(satangToBahtText(125_050)).toBe('1250.50');
    expect(satangToBahtText(null)).toBe('');
  });
});
