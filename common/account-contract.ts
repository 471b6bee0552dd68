// The /api/v1 wire types of the accounts area (docs/product.md §7 Auth and User): settings, profile,
// prayer sessions, statistics, social sign-in, account links. Companion of contract.ts.
import type { ApiUser, AuthResponse, ChannelId } from './contract';

/** docs/product.md §10: channel 1 en-US, 2 pt-BR, 3 es-ES. PUT user/locale accepts exactly these. */
export const LOCALES = ['en-US', 'pt-BR', 'es-ES'] as const;
export type Locale = (typeof LOCALES)[number];

export const SOCIAL_PROVIDERS = ['google', 'facebook', 'apple'] as const;
export type SocialProvider = (typeof SOCIAL_PROVIDERS)[number];

export const SESSION_ITEMS_QTD = { min: 1, max: 50 } as const;
export const USERNAME_PATTERN = /^(?=.*[a-z])[a-z0-9_.]{3,30}$/;
export const AVATAR_MAX_BYTES = 2 * 1024 * 1024;

export type UserResponse = { user: ApiUser };
export type MessageResponse = { message: string };
export type CheckEmailResponse = { exists: boolean };

export type ApiProviderStatus = { provider: SocialProvider; linked: boolean; available: boolean };

/** GET user/settings: what the settings screens show besides the ApiUser itself. */
export type ApiUserSettings = {
  locale: string;
  channel_id: ChannelId;
  session_items_qtd: number;
  img_show: boolean;
  email: string | null;
  /** false for a member who only signs in through a provider: 'set a password' instead of 'change'. */
  has_password: boolean;
  providers: ApiProviderStatus[];
};

/** GET user/profile/{id or username}: what anyone may see of a person. */
export type ApiPublicProfile = {
  id: number;
  name: string;
  nickname: string | null;
  username: string;
  /** null when the person hides their picture (img_show false), except to themselves. */
  avatar: string | null;
  img_show: boolean;
  is_guest: boolean;
  member_since: string;
  counts: { posts: number; answered: number; prayers: number };
};

export type ApiPrayerSession = {
  id: number;
  items_qtd: number;
  items_prayed: number;
  duration_seconds: number;
  started_at: string;
  finished_at: string | null;
};
export type SessionResponse = { session: ApiPrayerSession; today_prayer_count: number };

/** One UTC day (YYYY-MM-DD) of a chart. */
export type DayCount = { date: string; count: number };
export type SessionDay = DayCount & { duration_seconds: number };

/** GET user/my-statistics: the statistics screen (docs/product.md §2 /statistics), days in UTC. */
export type ApiStatistics = {
  today_prayer_count: number;
  total_prayers: number;
  /** The last 30 days, oldest first, today last, days without prayers included as 0. */
  prayers_per_day: DayCount[];
  sessions: {
    total: number;
    finished: number;
    total_duration_seconds: number;
    total_items_prayed: number;
    per_day: SessionDay[];
  };
  /** Consecutive days, ending today (or yesterday when nothing yet today), with a prayer or a finished session. */
  streak_days: number;
  longest_streak_days: number;
  requests_posted: number;
  thanks_posted: number;
  answered_requests: number;
  /** Prayers by other people on my posts. */
  prayers_received: number;
  bookmarks: number;
  member_since: string;
};

export type ProviderRedirectResponse = { provider: SocialProvider; url: string; state: string };
/** created: a new member was made; linked: the provider was linked to the account by this call. */
export type ProviderCallbackResponse = AuthResponse & { created: boolean; linked: boolean };

export type AccountLinkResponse = MessageResponse & { expires_at: string };
