// '/profile/{slug}' (docs/product.md §2 user profile): a person's name, picture, when they joined and their
// public counts (GET user/profile/{slug}, through the worker into the users table), with the public
// requests and lists of theirs this device holds. Offline it shows the copy last read.
import { Link, createFileRoute } from '@tanstack/react-router';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { usePublicProfile, useUserLists, useUserPosts } from '../../../db/account-queries';
import type { UserRow } from '../../../model/types';
import { formatDay } from '../../../i18n/format';
import { refreshProfile } from '../../../state';
import { describeError, formMessage } from '../../../components/api-error';
import { ProfilePicture } from '../../../components/profile-picture';
import { RelativeTime } from '../../../components/relative-time';
import { personName } from '../../../i18n/person-name';

export const Route = createFileRoute('/_app/profile/$slug')({ component: PublicProfileScreen });

type LoadState = { kind: 'loading' } | { kind: 'done' } | { kind: 'missing' } | { kind: 'failed'; message: string };

/** GET user/profile/{slug} when the screen opens; the state is tied to the slug it was asked for. */
function useProfileLoad(slug: string): LoadState {
  const { t } = useTranslation();
  const [outcome, setOutcome] = useState<{ slug: string; state: LoadState } | null>(null);
  useEffect(() => {
    let isCurrent = true;
    refreshProfile(slug)
      .then(() => isCurrent && setOutcome({ slug, state: { kind: 'done' } }))
      .catch((err: unknown) => {
        if (!isCurrent) return;
        const { status } = describeError(err);
        const state: LoadState = status === 404 || status === 422 ? { kind: 'missing' } : { kind: 'failed', message: formMessage(err, t, t('auth.failed')) };
        setOutcome({ slug, state });
      });
    return () => {
      isCurrent = false;
    };
  }, [slug, t]);
  return outcome?.slug === slug ? outcome.state : { kind: 'loading' };
}

function PublicProfileScreen() {
  const { t } = useTranslation();
  const { slug } = Route.useParams();
  const profile = usePublicProfile(slug);
  const load = useProfileLoad(slug);
  if (profile) return <ProfileView profile={profile} note={load.kind === 'failed' ? load.message : null} />;
  if (profile === undefined || load.kind === 'loading') return <p role="status">{t('accounts.publicProfile.loading')}</p>;
  return (
    <div className="profile">
      <h1 className="settings__title">{t('accounts.publicProfile.missingTitle')}</h1>
      <p role="alert">{load.kind === 'failed' ? load.message : t('accounts.publicProfile.missing')}</p>
    </div>
  );
}

function ProfileView({ profile, note }: { profile: UserRow; note: string | null }) {
  const { t, i18n } = useTranslation();
  const posts = useUserPosts(profile.id);
  const lists = useUserLists(profile.id);
  const name = personName(profile, t);
  return (
    <article className="profile">
      <title>{`${name} · ${t('app.name')}`}</title>
      <header className="accounts-identity">
        <ProfilePicture name={name} avatar={profile.avatar} size={96} />
        <div>
          <h1 className="settings__title">{name}</h1>
          {/* Issue #12: people are shown by name (and nickname), never by a generated username. */}
          {profile.nickname && <p className="settings__hint">{profile.nickname}</p>}
          <p className="settings__hint">{t('accounts.publicProfile.memberSince', { date: formatDay(profile.member_since.slice(0, 10), i18n.language) })}</p>
        </div>
      </header>
      {note && <p className="settings__offline">{note}</p>}
      <dl className="profile__counts">
        <div>
          <dt>{t('accounts.publicProfile.posts', { count: profile.counts.posts })}</dt>
          <dd>{profile.counts.posts}</dd>
        </div>
        <div>
          <dt>{t('accounts.publicProfile.answered', { count: profile.counts.answered })}</dt>
          <dd>{profile.counts.answered}</dd>
        </div>
        <div>
          <dt>{t('accounts.publicProfile.prayers', { count: profile.counts.prayers })}</dt>
          <dd>{profile.counts.prayers}</dd>
        </div>
      </dl>
      {/* Issue #12: the device may not hold someone's lists; an empty section would claim what it cannot know. */}
      {lists && lists.length > 0 && (
        <section aria-labelledby="profile-lists">
          <h2 id="profile-lists" className="settings-section__title">{t('accounts.publicProfile.lists')}</h2>
          <ul className="profile__list">{lists.map((list) => <li key={list.id}>{list.name}</li>)}</ul>
        </section>
      )}
      <section aria-labelledby="profile-posts">
        <h2 id="profile-posts" className="settings-section__title">{t('accounts.publicProfile.recent')}</h2>
        {posts && posts.length > 0 ? (
          <ul className="profile__list">
            {posts.map((post) => (
              <li key={post.id}>
                <p>{post.text}</p>
                <p className="settings__hint">
                  <RelativeTime iso={post.created_at} />
                </p>
              </li>
            ))}
          </ul>
        ) : profile.counts.posts > 0 ? (
          // Issue #26 point 6: never a heading with nothing under it.
          <p className="settings__hint">{t('accounts.publicProfile.postsElsewhere')}</p>
        ) : (
          <div className="settings-empty">
            <p className="settings__hint">{t('reporting.profileNoPosts', { name })}</p>
            <Link to="/community" className="button button--secondary">
              {t('reporting.backToCommunity')}
            </Link>
          </div>
        )}
      </section>
    </article>
  );
}
