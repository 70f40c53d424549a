import { queryOptions, useQuery } from '@tanstack/react-query';
import { paymentsKeys } from './keys';
import { loadPromptPay } from './money-modules';

/**
 * The PromptPay QR code that asks for exactly `amountSatang` to `target` (a mobile number or
 * national ID), as an image data URL: any Thai banking app scans it with the amount filled in.
 * The QR library loads only when an admin opens a payment.
 */
export async function getPromptPayQr(target: string, amountSatang: number): Promise<{ payload: string; image: string }> {
  const { promptPayPayload, promptPayQrDataUrl } = await loadPromptPay();
  const payload = promptPayPayload(target, amountSatang);
  return { payload, image: await promptPayQrDataUrl(payload) };
}

export const promptPayQrQueryOptions = (target: string, amountSatang: number) =>
  queryOptions({ queryKey: paymentsKeys.promptPayQr(target, amountSatang), queryFn: () => getPromptPayQr(target, amountSatang), staleTime: Infinity, retry: false });

export const usePromptPayQr = (target: string, amountSatang: number) => useQuery(promptPayQrQueryOptions(target, amountSatang));
