import type { MergeDeep } from 'type-fest';
import type { Database as Generated } from './database.types';
import type { KeysetAnswer } from './paging';

/**
 * The generated schema types (npm run db:types), with what the SQL guarantees but
 * PostgreSQL's catalog cannot say: a view's columns are all nullable there, a text
 * column with a check is just `string`, and a jsonb result is just `Json`. This is
 * Supabase's documented way to refine generated types (MergeDeep over Database).
 */

export type BriefStatus = 'open' | 'matched' | 'closed';
export type UserType = 'creator' | 'brand' | 'admin';
export type MetricsSource = 'display_api' | 'page' | 'estimate' | 'sandbox' | 'demo';
export type ReviewStatus = 'none' | 'pending' | 'approved' | 'rejected';
export type ReviewReason = 'off_brief' | 'missing_disclosure' | 'brand_safety' | 'quality' | 'other';
export type Availability = 'live' | 'unavailable';
/** review_video()'s p_decision. */
export type ReviewDecision = 'approve' | 'reject';
/** How a creator proved they own their TikTok account (profiles.tiktok_proof; docs/money.md rule 4). */
export type TikTokProof = 'tiktok' | 'bio';

/** Why a video's views do not count (video_ledger.excluded_reason; docs/money.md). */
export type ExcludedReason =
  | 'admin_excluded'
  | 'no_campaign'
  | 'pitch'
  | 'not_owner'
  | 'unverified_account'
  | 'posted_before_brief'
  | 'posted_after_deadline'
  | 'rejected'
  | 'estimated'
  | 'pending_review';

/** delete_my_account(): a wrong password is answered, not raised, so that the count of wrong passwords stays. */
export type AccountDeletion = { deleted: true; tax_records_kept: boolean } | { deleted: false; code: 'password_incorrect' };

/** Views split by the ledger: countedViews + pendingViews + notCountedViews = totalViews. */
export type ViewSplit = { countedViews: number; pendingViews: number; notCountedViews: number };

/** creator_metrics() (supabase/migrations/…_view_ledger.sql). */
export type CreatorMetrics = ViewSplit & {
  totalViews: number;
  totalVideos: number;
  totalBrands: number;
  estEarnings: number;
  engagementRate: number;
  pendingReviews: number;
  unavailableVideos: number;
  estimatedVideos: number;
  demoVideos: number;
};

/** brand_metrics(): figures over campaign videos; pitchVideos counts pitches, which count in nothing else. */
export type BrandMetrics = ViewSplit & {
  totalViews: number;
  totalVideos: number;
  totalCreators: number;
  estPay: number;
  /** Videos (briefs and pitches) awaiting the brand's answer. */
  pendingReviews: number;
  estimatedVideos: number;
  demoVideos: number;
  pitchVideos: number;
};

export type AdminMetrics = {
  totalBrands: number;
  totalCreators: number;
  totalVideos: number;
  totalViews: number;
  countedViews: number;
  pendingViews: number;
  estPay: number;
  estEarnings: number;
  pendingReviews: number;
  estimatedVideos: number;
  demoVideos: number;
};

/** A row of admin_list_users(). */
export type AdminUserRow = {
  id: string;
  user_type: UserType;
  first_name: string | null;
  last_name: string | null;
  tiktok_username: string | null;
  company_name: string | null;
  tiktok_avatar_url: string | null;
  created_at: string;
  email: string | null;
  /** Since when the account is suspended; null when it is not. */
  suspended_at: string | null;
};

export type FraudSignal = 'views_per_like' | 'view_jump' | 'low_engagement' | 'not_owner' | 'burst_posting' | 'duplicate_claim' | 'handle_changed';

/** One fired signal with the numbers behind it (private.signal_rows). */
export type SignalDetail =
  | { code: 'views_per_like'; viewsPerLike: number; platformViewsPerLike: number }
  | { code: 'view_jump'; gained: number; hours: number; at: string; perHour: number; usualPerHour: number }
  | { code: 'low_engagement'; engagementPercent: number; views: number }
  | { code: 'not_owner'; author: string; account: string | null }
  | { code: 'burst_posting'; videos: number; minutes: number }
  | { code: 'duplicate_claim'; accounts: number; others: { name: string; username: string | null; views: number; counted: number }[]; views: number; counted: number }
  | { code: 'handle_changed'; from: string; to: string | null; at: string; changes: number };

/** What admin_user_detail() answers. */
export type AdminUserDetail = {
  profile: Generated['public']['Tables']['profiles']['Row'] & { user_type: UserType };
  email: string | null;
  signed_up_at: string | null;
  last_sign_in_at: string | null;
  tiktok: { state: 'connected' | 'expired' | 'not_connected'; expires_at?: string | null; since?: string };
  suspension: { suspended_at: string; reason: string } | null;
  figures: {
    videos: number;
    countedViews: number;
    estimatedVideos: number;
    demoVideos: number;
    /** Creators. */
    estEarnings?: number;
    /** Brands. */
    briefs?: number;
    estPay?: number;
  } | null;
};

/** Every action admin_audit_log records (its check constraint); each has a label at admin:audit.actions.<action>. */
export const auditActions = [
  'suspend_user',
  'reinstate_user',
  'update_profile',
  'exclude_video',
  'reinstate_video',
  'create_invite',
  'revoke_invite',
  'use_invite',
  'mark_payout_paid',
  'mark_invoice_paid',
  'close_month',
  'close_month_failed',
  'record_brand_payment',
  'record_brand_refund',
] as const;

export type AuditAction = (typeof auditActions)[number];

/** A row of admin_audit_page(): the target named, not only its id. */
export type AuditRow = {
  id: number;
  created_at: string;
  action: AuditAction;
  target_type: 'user' | 'video' | 'invite' | 'payout' | 'invoice' | 'month';
  /** Null for a month. */
  target_id: string | null;
  reason: string | null;
  /** A payment's bank reference and day (mark_payout_paid, mark_invoice_paid). */
  reference: string | null;
  paid_on: string | null;
  details: { entries?: number; payouts?: number; month?: string } & Record<string, unknown>;
  /** Null for the scheduler (a month's close) and the server's own commands. */
  admin_id: string | null;
  admin_name: string | null;
  /** The person's name, the video's title, the invite's note, the payout's creator, the invoice's brand; null when there is none. */
  target_label: string | null;
  /** An invoice's number. */
  target_number: string | null;
  /** A payout's, an invoice's or a closed month, as its first day. */
  target_month: string | null;
};

/** The columns video_ledger adds to video_listings; the SQL guarantees those that are not null. */
type LedgerColumns =
  | 'posted_at'
  | 'review_status'
  | 'availability'
  | 'counted_views'
  | 'pending_views'
  | 'window_ends_at'
  | 'frozen';
type LedgerRefinements = {
  review_status: ReviewStatus;
  review_reason: ReviewReason | null;
  availability: Availability;
  excluded_reason: ExcludedReason | null;
};

type GeneratedViews = Generated['public']['Views'];
type GeneratedTables = Generated['public']['Tables'];
type NotNull<Row, Keys extends keyof Row> = { [K in keyof Row]: K extends Keys ? NonNullable<Row[K]> : Row[K] };

/** A video_ledger row, as the view and review_video() (to_jsonb of the row) give it. */
type LedgerViewRow = NotNull<GeneratedViews['video_ledger']['Row'], 'id' | 'video_id' | 'creator_id' | LedgerColumns> & LedgerRefinements;

/** A row of video_listings, or of review_queue (the same columns, for the videos awaiting an answer). */
type ListingRow<Name extends 'video_listings' | 'review_queue'> = NotNull<
  GeneratedViews[Name]['Row'],
  | 'id'
  | 'user_id'
  | 'video_id'
  | 'share_url'
  | 'view_count'
  | 'like_count'
  | 'comment_count'
  | 'share_count'
  | 'is_estimated'
  | 'is_demo'
  | 'is_pitch'
  | 'created_at'
  | 'updated_at'
  | 'creator_name'
  | LedgerColumns
  // What the counted views earn the creator and cost the brand, in satang at the brief's rates (private.satang).
  | 'earned_satang'
  | 'charged_satang'
> & { metrics_source: MetricsSource | null } & LedgerRefinements;

/** A row of review_queue: a video awaiting the brand's answer, with when it was sent. */
type ReviewQueueRow = ListingRow<'review_queue'> & { queued_at: string };

type BriefColumns = 'id' | 'brand_id' | 'title' | 'description' | 'industry' | 'is_demo' | 'created_at' | 'updated_at';

export type NotificationLanguage = 'en' | 'th';
/** notification_settings: the language e-mails are written in, and the e-mailable types switched off. */
type NotificationSettingsRefined = { language: NotificationLanguage };

export type Database = MergeDeep<
  Generated,
  {
    public: {
      Tables: {
        profiles: { Row: { user_type: UserType; tiktok_proof: TikTokProof | null } };
        brand_briefs: { Row: { status: BriefStatus } };
        tiktok_videos: { Row: { metrics_source: MetricsSource | null; availability: Availability } };
        video_snapshots: { Row: { source: MetricsSource } };
        video_reviews: { Row: { status: Exclude<ReviewStatus, 'none'>; reason: ReviewReason | null } };
        notification_settings: { Row: NotificationSettingsRefined };
      };
      Views: {
        opportunities: { Row: NotNull<GeneratedViews['opportunities']['Row'], BriefColumns> & { status: BriefStatus } };
        brief_listings: {
          Row: NotNull<GeneratedViews['brief_listings']['Row'], BriefColumns | 'brand_name' | 'joined_count' | 'edited_fields'> & { status: BriefStatus };
        };
        video_listings: { Row: ListingRow<'video_listings'> };
        review_queue: { Row: ReviewQueueRow };
        video_ledger: { Row: LedgerViewRow };
      };
      Functions: {
        creator_metrics: { Returns: CreatorMetrics };
        brand_metrics: { Returns: BrandMetrics };
        admin_metrics: { Returns: AdminMetrics };
        review_video: { Args: { p_decision: ReviewDecision; p_reason?: ReviewReason }; Returns: LedgerViewRow };
        review_queue_page: { Returns: KeysetAnswer<ReviewQueueRow> };
        video_listing_page: { Args: { p_owner?: 'creator' | 'brand' }; Returns: KeysetAnswer<ListingRow<'video_listings'>> };
        notifications_page: { Returns: KeysetAnswer<Pick<GeneratedTables['notifications']['Row'], 'id' | 'type' | 'params' | 'created_at' | 'read_at'>> };
        admin_list_users: { Returns: KeysetAnswer<AdminUserRow> & { total: number; searched: boolean } };
        admin_user_detail: { Returns: AdminUserDetail };
        admin_list_videos: {
          Returns: KeysetAnswer<ListingRow<'video_listings'> & { signals: FraudSignal[]; signal_details: SignalDetail[] }> & { total: number; searched: boolean };
        };
        admin_audit_page: { Returns: KeysetAnswer<AuditRow> & { total: number } };
        admin_payouts_page: {
          Returns: KeysetAnswer<Pick<GeneratedTables['payouts']['Row'], 'id' | 'creator_id' | 'month' | 'gross_satang' | 'wht_satang' | 'net_satang' | 'wht_rate_bp' | 'paid_on' | 'reference'>>;
        };
        admin_invoices_page: { Returns: KeysetAnswer<GeneratedViews['brand_invoices']['Row']> };
        mark_notifications_read: { Args: { p_ids: number[] | null } };
        save_notification_settings: {
          Args: { p_language: NotificationLanguage | null; p_email_off: string[] | null };
          Returns: Generated['public']['Tables']['notification_settings']['Row'] & NotificationSettingsRefined;
        };
        delete_my_account: { Returns: AccountDeletion };
      };
    };
  }
>;

export type TableRow<Name extends keyof Database['public']['Tables']> = Database['public']['Tables'][Name]['Row'];
export type ViewRow<Name extends keyof Database['public']['Views']> = Database['public']['Views'][Name]['Row'];

export type Profile = TableRow<'profiles'>;
export type VideoListing = ViewRow<'video_listings'>;
export type BriefListing = ViewRow<'brief_listings'>;
export type LedgerRow = ViewRow<'video_ledger'>;
export type VideoSnapshot = TableRow<'video_snapshots'>;
export type LedgerRules = TableRow<'ledger_rules'>;
/**
 * A notification as its recipient reads it (public.notifications): the words are made when it
 * is shown, from type and params (supabase/functions/_shared/notifications/render.ts).
 */
export type NotificationRow = TableRow<'notifications'>;
export type NotificationSettingsRow = TableRow<'notification_settings'>;

/** Spec §3: a page of a list, with the totals to page through it. */
export type Page<T> = { data: T[]; totalCount: number; totalPages: number };
