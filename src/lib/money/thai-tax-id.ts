/**
 * A Thai tax ID (a company's, or a person's national ID): 13 digits whose last is the mod-11
 * check digit, as private.thai_id_valid() checks it in the database. Forms check it too, so a
 * typo is caught as it is typed.
 */
export function thaiTaxIdValid(id: string): boolean {
  if (!/^\d{13}$/.test(id)) return false;
  let sum = 0;
  for (let i = 0; i < 12; i++) sum += Number(id[i]) * (13 - i);
  return (11 - (sum % 11)) % 10 === Number(id[12]);
}
