/** The last 4 digits of an account number or PromptPay ID: what a list shows of it. */
export const lastFour = (digits: string) => digits.slice(-4);

/** 0812345678 → 081-234-5678; a 13-digit ID as ID cards print it (1-2345-67890-12-3). */
export function formatPromptPayId(id: string): string {
  if (/^0\d{9}$/.test(id)) return `${id.slice(0, 3)}-${id.slice(3, 6)}-${id.slice(6)}`;
  return id.replace(/^(\d)(\d{4})(\d{5})(\d{2})(\d)$/, '$1-$2-$3-$4-$5');
}

