/** /dashboard/payments (issue 14): the brand's monthly invoices. Built in the next step. */
export default function BrandPaymentsPage() {
  return null;
}
