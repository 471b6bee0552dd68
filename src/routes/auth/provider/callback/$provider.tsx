// '/auth/provider/callback/{provider}' (docs/product.md §2 return point of a social sign-in): completes the
// OAuth code flow with the server (docs/api.md: GET auth/provider/callback/{provider}?code&state),
// stores the session like login (docs/product.md §4) and goes to the community, or back to the social
// settings when the provider was linked to the signed-in member. Any failure is said plainly.
import { Link, createFileRoute, notFound, useNavigate } from '@tanstack/react-router';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SOCIAL_PROVIDERS, type SocialProvider } from '../../../../../common/account-contract';
import { completeProviderSignIn, forgetProviderState, isOurProviderState } from '../../../../state';
import { heldTokens } from '../../../../state/held-session';
import { formMessage } from '../../../../components/api-error';
import { AuthCard, FormStatus } from '../../../../components/auth-card';

type CallbackSearch = { code?: string; state?: string; error?: string };

function text(value: unknown): string | undefined {
  return typeof value === 'string' && value !== '' ? value : undefined;
}

function isProvider(value: string): value is SocialProvider {
  return SOCIAL_PROVIDERS.some((provider) => provider === value);
}

export const Route = createFileRoute('/auth/provider/callback/$provider')({
  params: {
    parse: ({ provider }) => {
      if (!isProvider(provider)) throw notFound();
      return { provider };
    },
    stringify: ({ provider }) => ({ provider }),
  },
  validateSearch: (search: Record<string, unknown>): CallbackSearch => ({ code: text(search.code), state: text(search.state), error: text(search.error) }),
  component: ProviderCallbackScreen,
});

function ProviderCallbackScreen() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { provider } = Route.useParams();
  const search = Route.useSearch();
  // What the address alone tells: a refusal by the provider, or a state this tab did not start.
  const [error, setError] = useState<string | null>(() => {
    if (search.error || !search.code) return t('accounts.callbackRefused');
    return isOurProviderState(search.state) ? null : t('accounts.callbackStale');
  });
  const started = useRef(false);

  useEffect(() => {
    // The code is single-use: a second run (React's strict mode, a re-render) must not spend it.
    if (started.current || error !== null || !search.code) return;
    started.current = true;
    forgetProviderState();
    // A member who was signed in came to link the provider: back to where they started.
    const wasMember = heldTokens().hasMemberToken;
    const query = { code: search.code, ...(search.state ? { state: search.state } : {}) };
    completeProviderSignIn(provider, query)
      .then(({ linked }) => navigate({ to: wasMember && linked ? '/settings/social' : '/community', replace: true }))
      .catch((err: unknown) => setError(formMessage(err, t, t('accounts.callbackFailed'))));
  }, [error, navigate, provider, search.code, search.state, t]);

  const name = t(`accounts.provider.${provider}`);
  return (
    <AuthCard title={t('accounts.callbackTitle', { provider: name })} lead={error ? t('accounts.callbackFailedLead') : t('accounts.callbackLead')}>
      {error ? (
        <div className="form">
          <FormStatus error={error} />
          <Link to="/login" className="button button--primary button--wide">
            {t('accounts.callbackRetry')}
          </Link>
        </div>
      ) : (
        <p role="status" aria-live="polite">
          {t('auth.submitting')}
        </p>
      )}
    </AuthCard>
  );
}
