/**
 * The money feature's PromptPay and document code, loaded only when used (the QR and PDF
 * libraries are heavy). They live in src/features/money/lib, which the layering rule keeps
 * out of other features: these two imports are the only exception, until that code moves
 * to a shared place (or money exposes it through its api/).
 */
// eslint-disable-next-line import-x/no-restricted-paths -- see above
export const loadPromptPay = () => import('@/features/money/lib/promptpay');

// eslint-disable-next-line import-x/no-restricted-paths -- see above
export const loadDocuments = () => import('@/features/money/lib/documents');
