import { useMutation } from '@tanstack/react-query';
import { parseOrThrow, toAppError } from '@/lib/errors';
import { supabase } from '@/lib/supabase';
import { closeMonthSchema } from './close-month';
import { loadDocuments } from './money-modules';

export type Pnd3Export = {
  /** The CSV of the payees that have a tax ID; null when there is none. */
  csv: string | null;
  included: number;
  /** Payees withheld from whose tax ID is missing: left out of the file, to be completed by hand. */
  missingTaxId: string[];
};

/** 'Somchai Jaidee Na Ayutthaya' → first name 'Somchai', last name 'Jaidee Na Ayutthaya'. */
export function splitName(legalName: string): { firstName: string; lastName: string } {
  const name = legalName.trim().replace(/\s+/g, ' ');
  const space = name.indexOf(' ');
  return space < 0 ? { firstName: name, lastName: '' } : { firstName: name.slice(0, space), lastName: name.slice(space + 1) };
}

/** pnd3_rows(): the month's paid payouts with tax withheld, as the PND.3 attachment's CSV (pnd3Csv). */
export async function exportPnd3(input: { month: string }): Promise<Pnd3Export> {
  const { month } = parseOrThrow(closeMonthSchema.safeParse(input));
  const [{ data, error }, { pnd3Csv }] = await Promise.all([supabase().rpc('pnd3_rows', { p_month: month }), loadDocuments()]);
  if (error) throw toAppError(error, 'internal_error');
  // The generated types cannot tell: tax_id and address are null for a creator who gave none.
  const rows: { tax_id: string | null; legal_name: string | null; address: string | null; paid_on: string; gross_satang: number; wht_satang: number; wht_rate_bp: number }[] = data;
  const withId = rows.filter((row) => row.tax_id && /^\d{13}$/.test(row.tax_id));
  const missingTaxId = rows.filter((row) => !withId.includes(row)).map((row) => row.legal_name?.trim() || '?');
  const csv =
    withId.length === 0
      ? null
      : pnd3Csv(
          withId.map((row) => ({
            taxId: row.tax_id ?? '',
            title: '',
            ...splitName(row.legal_name ?? ''),
            address: row.address ?? '',
            paidOn: row.paid_on,
            incomeType: '40(2)' as const,
            ratePercent: row.wht_rate_bp / 100,
            grossSatang: row.gross_satang,
            whtSatang: row.wht_satang,
          })),
        );
  return { csv, included: withId.length, missingTaxId };
}

/** Reads only: nothing to invalidate. The section shows what was left out. */
export const useExportPnd3 = () => useMutation({ mutationFn: exportPnd3 });
