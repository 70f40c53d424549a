export const earningsKeys = {
  all: ['earnings'] as const,
  thisMonth: (userId: string | undefined) => [...earningsKeys.all, 'this-month', userId] as const,
  statements: (userId: string | undefined) => [...earningsKeys.all, 'statements', userId] as const,
  allStatements: (userId: string | undefined) => [...earningsKeys.all, 'all-statements', userId] as const,
  monthLines: (userId: string | undefined, month: string) => [...earningsKeys.all, 'lines', userId, month] as const,
  payoutAccount: (userId: string | undefined) => ['payout-account', userId] as const,
  /** Outside `all`: the rules and the banks change only when an operator edits them. */
  payRules: () => ['pay-rules'] as const,
  payoutBanks: () => ['payout-banks'] as const,
};
