/**
 * Query keys of billing (issue 34): a brand's billing details and documents, the brands whose
 * details are missing, the admin's open invoices and credit notes with credit left. All under ['payments', 'billing'], which a
 * payment or a saved detail reloads at once.
 */
export const billingKeys = {
  all: ['payments', 'billing'] as const,
  details: (brandId: string) => [...billingKeys.all, 'details', brandId] as const,
  documents: (brandId: string, page: number) => [...billingKeys.all, 'documents', brandId, page] as const,
  missing: () => [...billingKeys.all, 'missing'] as const,
  openInvoices: (page: number) => [...billingKeys.all, 'open-invoices', page] as const,
  credits: (page: number) => [...billingKeys.all, 'credits', page] as const,
  firstMonth: (brandId: string) => [...billingKeys.all, 'first-month', brandId] as const,
  earlier: (brandId: string, before: string | null, page: number) => [...billingKeys.all, 'earlier', brandId, before, page] as const,
};
