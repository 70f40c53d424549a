import { createClient } from '@supabase/supabase-js';
import { z } from 'zod';
import { databaseRefusal, jsonResponse, type FunctionHandler } from './handler.ts';
import { verifyWebhookSignature } from './tiktok/oauth.ts';

/**
 * tiktok-webhook (issue 13): TikTok's deauthorization event, authorization.removed, sent when a
 * creator removes ViewPact in TikTok's settings (the token is already revoked). TikTok calls it
 * without a Supabase token (verify_jwt = false in supabase/config.toml), so the signature is the
 * check: TikTok-Signature, an HMAC of the body with the client secret. Delivery is at least once,
 * retried for up to 72 hours: a repeat is answered 200 and changes nothing.
 */

export const tiktokWebhookEnv = ['TIKTOK_CLIENT_KEY', 'TIKTOK_CLIENT_SECRET'] as const;

const eventSchema = z.object({
  client_key: z.string().max(200),
  event: z.string().max(100),
  create_time: z.number().int().nonnegative(),
  user_openid: z.string().min(1).max(200),
  content: z.string().max(10_000).optional(),
});

export const tiktokWebhook: FunctionHandler = async (request, env) => {
  if (request.method !== 'POST') return jsonResponse({ code: 'method_not_allowed', error: 'Use POST' }, 405);
  const secret = env.get('TIKTOK_CLIENT_SECRET');
  if (!secret) return jsonResponse({ code: 'tiktok_not_configured', error: 'The TikTok connection is not configured on this server' }, 503);
  const body = await request.text();
  if (body.length > 20_000) return jsonResponse({ code: 'bad_request', error: 'The event is too large' }, 413);
  if (!(await verifyWebhookSignature(request.headers.get('tiktok-signature'), body, secret))) {
    return jsonResponse({ code: 'bad_signature', error: 'The TikTok-Signature header does not match this body' }, 401);
  }
  let parsed: z.infer<typeof eventSchema>;
  try {
    parsed = eventSchema.parse(JSON.parse(body));
  } catch {
    return jsonResponse({ code: 'bad_request', error: 'The event is not one TikTok sends' }, 400);
  }
  if (parsed.client_key !== env.get('TIKTOK_CLIENT_KEY')) return jsonResponse({ code: 'bad_request', error: 'The event is for another app' }, 400);
  // Other events are acknowledged and ignored: TikTok would otherwise retry them for 72 hours.
  if (parsed.event !== 'authorization.removed') return jsonResponse({ received: true, handled: false });
  const service = createClient(env.supabaseUrl, env.secretKey, { auth: { persistSession: false, autoRefreshToken: false } });
  const recorded = await service.rpc('tiktok_deauthorize', {
    p_open_id: parsed.user_openid,
    p_event_key: `${parsed.event}:${parsed.user_openid}:${parsed.create_time}`,
    p_event: parsed.event,
  });
  // A rule of the database refused it: its status and code, as every function answers them.
  const refusal = databaseRefusal(recorded);
  if (refusal) return jsonResponse({ code: refusal.code, error: refusal.error }, refusal.status);
  // Any other error is worth a retry from TikTok: 500 makes it send the event again.
  if (recorded.error) return jsonResponse({ code: 'internal_error', error: 'The event could not be recorded; TikTok will send it again' }, 500);
  return jsonResponse({ received: true, handled: recorded.data === true });
};
