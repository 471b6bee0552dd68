// Environment settings of the accounts area (docs/product.md §7 Auth/User): data directory, public URL of
// the app (for mailed links), mail, bot check and social sign-in. Part of AppConfig (config.ts).
import { SOCIAL_PROVIDERS, type SocialProvider } from '../common/account-contract';
import { BOT_CHECK_ACTIONS } from '../common/constants';

export type BotAction = (typeof BOT_CHECK_ACTIONS)[number];
type OAuthProviderName = SocialProvider;

export type OAuthProviderConfig = {
  clientId: string;
  clientSecret: string;
  authUrl: string;
  tokenUrl: string;
  /** Absent: the identity is read from the id_token of the token response (Apple). */
  userinfoUrl: string | undefined;
  scope: string;
  /** Where the provider sends the browser back: the app route of docs/product.md §2. */
  redirectUri: string;
  /** PKCE (RFC 7636) where the provider supports it. */
  pkce: boolean;
};

export type RecaptchaConfig = {
  /** Unset: the bot check is off. */
  secret: string | undefined;
  verifyUrl: string;
  /** reCAPTCHA v3 score below which a request is refused (a v2 answer has no score and passes on success). */
  minScore: number;
  /** Which docs/product.md §9 actions are enforced (RECAPTCHA_ACTIONS, default all four). */
  actions: readonly BotAction[];
};

export type AccountsConfig = {
  /** Mail (.eml) and the generated app secret live here (env DATA_DIR, default ./data). */
  dataDir: string;
  /** Origin of the app as users reach it, for links in mail (env PUBLIC_URL). */
  publicUrl: string;
  /** HMAC key of signed links and OAuth state (env APP_SECRET; else generated under dataDir). */
  appSecret: string | undefined;
  mail: { smtpUrl: string | undefined; from: string };
  recaptcha: RecaptchaConfig;
  oauth: Partial<Record<OAuthProviderName, OAuthProviderConfig>>;
};

type ProviderDefaults = Omit<OAuthProviderConfig, 'clientId' | 'clientSecret' | 'redirectUri'>;

const PROVIDER_DEFAULTS: Record<OAuthProviderName, ProviderDefaults> = {
  google: {
    authUrl: 'https://accounts.google.com/o/oauth2/v2/auth',
    tokenUrl: 'https://oauth2.googleapis.com/token',
    userinfoUrl: 'https://openidconnect.googleapis.com/v1/userinfo',
    scope: 'openid email profile',
    pkce: true,
  },
  facebook: {
    authUrl: 'https://www.facebook.com/v19.0/dialog/oauth',
    tokenUrl: 'https://graph.facebook.com/v19.0/oauth/access_token',
    userinfoUrl: 'https://graph.facebook.com/me?fields=id,name,email,picture.type(large)',
    scope: 'email public_profile',
    pkce: true,
  },
  // Apple answers with response_mode=query only when no scope is asked; the id_token carries `sub`
  // (and the email when Apple includes it). OAUTH_APPLE_CLIENT_SECRET is the signed client JWT.
  apple: {
    authUrl: 'https://appleid.apple.com/auth/authorize',
    tokenUrl: 'https://appleid.apple.com/auth/token',
    userinfoUrl: undefined,
    scope: '',
    pkce: false,
  },
};

function nonEmpty(value: string | undefined): string | undefined {
  return value === undefined || value.trim() === '' ? undefined : value.trim();
}

function loadProvider(env: NodeJS.ProcessEnv, name: OAuthProviderName, publicUrl: string): OAuthProviderConfig | undefined {
  const prefix = `OAUTH_${name.toUpperCase()}_`;
  const clientId = nonEmpty(env[`${prefix}CLIENT_ID`]);
  const clientSecret = nonEmpty(env[`${prefix}CLIENT_SECRET`]);
  if (clientId === undefined || clientSecret === undefined) return undefined;
  const defaults = PROVIDER_DEFAULTS[name];
  return {
    clientId,
    clientSecret,
    authUrl: nonEmpty(env[`${prefix}AUTH_URL`]) ?? defaults.authUrl,
    tokenUrl: nonEmpty(env[`${prefix}TOKEN_URL`]) ?? defaults.tokenUrl,
    userinfoUrl: nonEmpty(env[`${prefix}USERINFO_URL`]) ?? defaults.userinfoUrl,
    scope: env[`${prefix}SCOPE`] ?? defaults.scope,
    redirectUri: nonEmpty(env[`${prefix}REDIRECT_URI`]) ?? `${publicUrl}/auth/provider/callback/${name}`,
    pkce: defaults.pkce,
  };
}

function loadActions(value: string | undefined): readonly BotAction[] {
  if (nonEmpty(value) === undefined) return BOT_CHECK_ACTIONS;
  const names = (value ?? '').split(',').map((s) => s.trim()).filter((s) => s !== '');
  const unknown = names.filter((n) => !BOT_CHECK_ACTIONS.some((a) => a === n));
  if (unknown.length > 0) throw new Error(`RECAPTCHA_ACTIONS: unknown action(s) ${unknown.join(', ')}`);
  return BOT_CHECK_ACTIONS.filter((a) => names.includes(a));
}

function loadScore(value: string | undefined): number {
  const score = nonEmpty(value) === undefined ? 0.5 : Number(value);
  if (!Number.isFinite(score) || score < 0 || score > 1) throw new Error(`RECAPTCHA_MIN_SCORE must be between 0 and 1, got '${String(value)}'`);
  return score;
}

/** The provider's display name, for messages ('Sign-in with Google is not available'). */
export function providerLabel(name: OAuthProviderName): string {
  return name.charAt(0).toUpperCase() + name.slice(1);
}

export function loadAccountsConfig(env: NodeJS.ProcessEnv): AccountsConfig {
  const publicUrl = (nonEmpty(env.PUBLIC_URL) ?? `http://localhost:${env.PORT ?? '8080'}`).replace(/\/+$/, '');
  const oauth: Partial<Record<OAuthProviderName, OAuthProviderConfig>> = {};
  for (const name of SOCIAL_PROVIDERS) {
    const provider = loadProvider(env, name, publicUrl);
    if (provider !== undefined) oauth[name] = provider;
  }
  return {
    dataDir: nonEmpty(env.DATA_DIR) ?? './data',
    publicUrl,
    appSecret: nonEmpty(env.APP_SECRET),
    mail: { smtpUrl: nonEmpty(env.SMTP_URL), from: nonEmpty(env.MAIL_FROM) ?? 'Prayer <no-reply@prayer.local>' },
    recaptcha: {
      secret: nonEmpty(env.RECAPTCHA_SECRET),
      verifyUrl: nonEmpty(env.RECAPTCHA_VERIFY_URL) ?? 'https://www.google.com/recaptcha/api/siteverify',
      minScore: loadScore(env.RECAPTCHA_MIN_SCORE),
      actions: loadActions(env.RECAPTCHA_ACTIONS),
    },
    oauth,
  };
}
