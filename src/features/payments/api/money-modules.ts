/** The PromptPay and document code (src/lib/money), loaded only when used: the QR and PDF libraries are heavy. */
export const loadPromptPay = () => import('@/lib/money/promptpay');

export const loadDocuments = () => import('@/lib/money/documents');
