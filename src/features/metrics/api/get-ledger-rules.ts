import { queryOptions, useQuery } from '@tanstack/react-query';
import type { LedgerRules } from '@/lib/database';
import { toAppError } from '@/lib/errors';
import { supabase } from '@/lib/supabase';
import { metricsKeys } from './keys';

/** ledger_rules: the numbers the counting rules use (window days, auto-approval hours); texts quote them from here. */
export async function getLedgerRules(): Promise<LedgerRules> {
  const { data, error } = await supabase().from('ledger_rules').select('*').single();
  if (error) throw toAppError(error, 'ledger_rules_load_failed');
  return data;
}

export const ledgerRulesQueryOptions = () => queryOptions({ queryKey: metricsKeys.ledgerRules(), queryFn: getLedgerRules, staleTime: Infinity });

export const useLedgerRules = () => useQuery(ledgerRulesQueryOptions());
