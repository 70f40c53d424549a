export const metricsKeys = {
  all: ['metrics'] as const,
  creator: (userId: string | undefined) => [...metricsKeys.all, 'creator', userId] as const,
  brand: (userId: string | undefined) => [...metricsKeys.all, 'brand', userId] as const,
  platform: () => [...metricsKeys.all, 'platform'] as const,
  /** Outside `all`: adding a video changes the figures, never the rates. */
  payRates: () => ['pay-rates'] as const,
  /** Outside `all` too: the counting rules change only when an operator edits them. */
  ledgerRules: () => ['ledger-rules'] as const,
};
