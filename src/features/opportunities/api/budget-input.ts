import { z } from '@/lib/zod';

/** Whole baht, or baht with satang: "50000", "50,000", "1250.5", "฿1,250.75". */
const bahtPattern = /^\d{1,12}(\.\d+)?$/;

const normalise = (text: string) => text.replace(/[\s,฿]/g, '');

/**
 * A budget as a brand types it, in baht; empty means no limit. Only the shape is checked here:
 * the smallest budget (1 baht) and not going under what was spent are the database's rules
 * (budget_invalid, budget_below_spend).
 */
export const budgetTextSchema = z
  .string()
  .trim()
  .refine((text) => text === '' || bahtPattern.test(normalise(text)), 'opportunities:messages.budgetNotNumber')
  .default('');

/**
 * Satang from the typed baht, round(baht × 100) half up, worked out on the digits so that no
 * binary fraction creeps in (1.005 baht is 101 satang); null when empty (no limit).
 */
export function bahtTextToSatang(text: string): number | null {
  const plain = normalise(text);
  if (plain === '') return null;
  if (!bahtPattern.test(plain)) throw new RangeError(`Not an amount of baht: ${text}`);
  const [whole, fraction = ''] = plain.split('.');
  const satang = Number(whole) * 100 + Number(fraction.slice(0, 2).padEnd(2, '0'));
  return fraction.length > 2 && Number(fraction[2]) >= 5 ? satang + 1 : satang;
}

/** What the budget field shows for a stored budget: 50000, or 1250.50 with satang. */
export function satangToBahtText(satang: number | null | undefined): string {
  if (satang === null || satang === undefined) return '';
  const whole = Math.floor(satang / 100);
  const rest = satang % 100;
  return rest === 0 ? String(whole) : `${whole}.${String(rest).padStart(2, '0')}`;
}
