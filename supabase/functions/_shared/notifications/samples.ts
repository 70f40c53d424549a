import type { NotificationParams, NotificationType } from './render.ts';

/** One notification of every type with the params the database stores (for tests and previews). */
export const sampleParams: Record<NotificationType, NotificationParams> = {
  video_approved: { video: 'v1', title: 'Morning routine', brief: 'b1', brief_title: 'Skincare Review', auto: false },
  video_rejected: { video: 'v1', title: 'Morning routine', brief: 'b1', brief_title: 'Skincare Review', reason: 'off_brief', note: null },
  video_not_counted: { video: 'v1', title: 'Morning routine', reason: 'Bought views' },
  video_unavailable: { video: 'v1', title: 'Morning routine' },
  brief_closed: { brief: 'b1', brief_title: 'Skincare Review' },
  brief_budget_reached: { brief: 'b1', brief_title: 'Skincare Review' },
  brief_deadline_near: { brief: 'b1', brief_title: 'Skincare Review', deadline: '2026-11-25' },
  statement_ready: { month: '2026-11-01', earning_satang: 160_789 },
  payout_sent: { payout: 'p1', month: '2026-11-01', net_satang: 160_789, reference: 'KB-0042', paid_on: '2026-12-03' },
  tiktok_expiring: { expires_at: '2026-11-25T10:05:00Z' },
  tiktok_revoked: { reason: 'deauthorized' },
  creator_joined: { brief: 'b1', brief_title: 'Skincare Review', creator_name: 'Nok' },
  review_waiting: { video: 'v1', title: 'Morning routine', brief: 'b1', brief_title: 'Skincare Review', creator_name: 'Nok', auto_approve_at: '2026-11-25T10:05:00Z' },
  review_auto_approve_soon: { video: 'v1', title: 'Morning routine', brief: 'b1', brief_title: 'Skincare Review', auto_approve_at: '2026-11-25T10:05:00Z' },
  budget_80: { brief: 'b1', brief_title: 'Skincare Review', budget_satang: 5_000_000, committed_satang: 4_100_000 },
  budget_reached: { brief: 'b1', brief_title: 'Skincare Review', budget_satang: 5_000_000 },
  invoice_issued: { month: '2026-11-01', charge_satang: 321_578 },
  fraud_signal: { video: 'v1', title: 'Morning routine', creator_name: 'Nok', signals: ['view_jump', 'low_engagement'] },
  payouts_due: { month: '2026-11-01', payouts: 12, net_satang: 1_234_500 },
};
