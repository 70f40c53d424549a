import type { MergeDeep } from 'type-fest';
import type { Database as Generated } from './database.types';

/**
 * The generated schema types (npm run db:types), with what the SQL guarantees but
 * PostgreSQL's catalog cannot say: a view's columns are all nullable there, a text
 * column with a check is just `string`, and a jsonb result is just `Json`. This is
 * Supabase's documented way to refine generated types (MergeDeep over Database).
 */

export type BriefStatus = 'open' | 'matched' | 'closed';
export type UserType = 'creator' | 'brand' | 'admin';
export type MetricsSource = 'display_api' | 'page_data' | 'estimate' | 'sandbox' | 'demo';

/** creator_metrics() (supabase/migrations/…_pay_rates_and_pitches.sql). */
export type CreatorMetrics = {
  totalViews: number;
  totalVideos: number;
  totalBrands: number;
  estEarnings: number;
  engagementRate: number;
  estimatedVideos: number;
  demoVideos: number;
};

/** brand_metrics(): figures over campaign videos; pitchVideos counts pitches, which count in nothing else. */
export type BrandMetrics = {
  totalViews: number;
  totalVideos: number;
  totalCreators: number;
  estPay: number;
  estimatedVideos: number;
  demoVideos: number;
  pitchVideos: number;
};

export type AdminMetrics = {
  totalBrands: number;
  totalCreators: number;
  totalVideos: number;
  totalViews: number;
  estPay: number;
  estEarnings: number;
  estimatedVideos: number;
  demoVideos: number;
};

type GeneratedViews = Generated['public']['Views'];
type NotNull<Row, Keys extends keyof Row> = { [K in keyof Row]: K extends Keys ? NonNullable<Row[K]> : Row[K] };

type BriefColumns = 'id' | 'brand_id' | 'title' | 'description' | 'industry' | 'is_demo' | 'created_at' | 'updated_at';

export type Database = MergeDeep<
  Generated,
  {
    public: {
      Tables: {
        profiles: { Row: { user_type: UserType } };
        brand_briefs: { Row: { status: BriefStatus } };
        tiktok_videos: { Row: { metrics_source: MetricsSource | null } };
      };
      Views: {
        opportunities: { Row: NotNull<GeneratedViews['opportunities']['Row'], BriefColumns> & { status: BriefStatus } };
        brief_listings: {
          Row: NotNull<GeneratedViews['brief_listings']['Row'], BriefColumns | 'brand_name' | 'joined_count'> & { status: BriefStatus };
        };
        video_listings: {
          Row: NotNull<
            GeneratedViews['video_listings']['Row'],
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
          > & { metrics_source: MetricsSource | null };
        };
      };
      Functions: {
        creator_metrics: { Returns: CreatorMetrics };
        brand_metrics: { Returns: BrandMetrics };
        admin_metrics: { Returns: AdminMetrics };
      };
    };
  }
>;

export type TableRow<Name extends keyof Database['public']['Tables']> = Database['public']['Tables'][Name]['Row'];
export type ViewRow<Name extends keyof Database['public']['Views']> = Database['public']['Views'][Name]['Row'];

export type Profile = TableRow<'profiles'>;
export type VideoListing = ViewRow<'video_listings'>;
export type BriefListing = ViewRow<'brief_listings'>;

/** Spec §3: a page of a list, with the totals to page through it. */
export type Page<T> = { data: T[]; totalCount: number; totalPages: number };
