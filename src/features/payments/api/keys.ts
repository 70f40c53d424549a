import { formatPageAt, toPageAt, type PageAt } from '@/lib/paging';

export type InvoiceStatus = 'due' | 'paid';

/** A page of a payments list, with the totals to page through it (pages start at 1). */
export type Paged<T> = { rows: T[]; totalCount: number; totalPages: number };

export const paymentsPageSize = 10;

/** Rows `page` covers, for range(). */
export const pageRange = (page: number, size = paymentsPageSize) => [(page - 1) * size, page * size - 1] as const;

export const paged = <T>(rows: T[], count: number | null, size = paymentsPageSize): Paged<T> => ({
  rows,
  totalCount: count ?? rows.length,
  totalPages: Math.max(1, Math.ceil((count ?? rows.length) / size)),
});

export const paymentsKeys = {
  all: ['payments'] as const,
  admin: () => [...paymentsKeys.all, 'admin'] as const,
  payouts: () => [...paymentsKeys.admin(), 'payouts'] as const,
  duePayouts: (at: PageAt | number) => [...paymentsKeys.payouts(), 'due', formatPageAt(toPageAt(at))] as const,
  paidPayouts: (at: PageAt | number) => [...paymentsKeys.payouts(), 'paid', formatPageAt(toPageAt(at))] as const,
  invoices: () => [...paymentsKeys.admin(), 'invoices'] as const,
  adminInvoices: (status: InvoiceStatus, at: PageAt | number) => [...paymentsKeys.invoices(), status, formatPageAt(toPageAt(at))] as const,
  monthCloses: (page: number) => [...paymentsKeys.admin(), 'month-closes', page] as const,
  /** A month close run the page follows (null: the one running when the page opened); not under admin(), which a close reloads. */
  closeRun: (id: number | null) => [...paymentsKeys.all, 'close-run', id] as const,
  banks: () => [...paymentsKeys.all, 'banks'] as const,
  promptPayQr: (target: string, amountSatang: number) => [...paymentsKeys.all, 'promptpay-qr', target, amountSatang] as const,
  /** A brand's invoices, every page: what a close or a payment changes. */
  brandInvoiceLists: () => [...paymentsKeys.all, 'brand-invoices'] as const,
  brandInvoices: (brandId: string, page: number) => [...paymentsKeys.brandInvoiceLists(), brandId, page] as const,
};
