/// <reference types="vite/client" />

interface ImportMetaEnv {
  readonly VITE_SUPABASE_URL?: string;
  /** The project's publishable key (sb_publishable_…). */
  readonly VITE_SUPABASE_PUBLISHABLE_KEY?: string;
  /** Legacy: the anon JWT key, read when VITE_SUPABASE_PUBLISHABLE_KEY is unset. */
  readonly VITE_SUPABASE_ANON_KEY?: string;
  readonly VITE_SUPPORT_EMAIL?: string;
  readonly VITE_CHAT_URL?: string;
  readonly VITE_CREDIT_LINE?: string;
  readonly VITE_TIKTOK_PLAYER_URL?: string;
}

/** The community chat's QR code, drawn at build time (vite.config.ts): an image URL. */
declare module 'virtual:chat-qr' {
  const src: string;
  export default src;
}

/** When the build ran (an ISO time), set by vite.config.ts: the year the pages drawn at build time show. */
declare const __VIEWPACT_BUILT_AT__: string | undefined;
