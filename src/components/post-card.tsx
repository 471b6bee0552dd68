// One post of the feed or of the post detail. Presentational: the screen passes plain values, the
// two actions, the actions menu (docs/product.md §4) and, in the feed, how to link to the detail (docs/product.md §2).
import { useId, type ReactNode } from 'react';
import { useT } from '../i18n/use-t';
import type { ApiPostUpdate, PostKind } from '../../common/contract';
import type { PrayOutcome } from '../commands/pray-gate';
import { BookmarkIcon, PersonIcon } from './icons';
import { PrayButton } from './pray-button';
import { deferredDialog } from './deferred-dialog';
import type { PostUpdatesProps } from './post-updates';
import { RelativeTime } from './relative-time';

// Issue #28 item 3: the updates' list loads with the first card that has any, as a deferred dialog does
// (deferred-dialog.tsx: nothing until needed, a failed load shows nothing and is tried again), to
// keep the first load's budget (docs/decisions/0195-updates-of-a-request.md).
const PostUpdates = deferredDialog<PostUpdatesProps>(() => import('./post-updates'), (props) => props.updates.length > 0);

export type PostCardData = {
  /** null for an anonymous post. */
  authorName: string | null;
  kind: PostKind;
  text: string;
  createdAt: string;
  prayedCount: number;
  isPrayed: boolean;
  isBookmarked: boolean;
  isAnswered: boolean;
  /** The testimony of an answered request (docs/product.md §1), null when none was written. */
  answerText: string | null;
  /** The comment count to show (the server's plus this device's unsent changes). */
  commentCount: number;
  /** Created or changed on this device and not yet acknowledged by the server (prays aside). */
  isPending: boolean;
  /** A pray of this device waits to be sent: shown on the pray button (issue #12). */
  hasUnsentPrays?: boolean;
  /** Hidden by reports, as its author sees it (issue #11): waiting for a moderator, or kept hidden by one. */
  review?: ReviewState;
  /** Issue #28 item 3: the author's updates, oldest first (negative ids: written here, not yet sent). */
  updates?: ApiPostUpdate[];
  /** The post's id when the viewer wrote it, who may remove its updates. */
  removableUpdatesOf?: number | undefined;
};

type ReviewState = 'pending' | 'kept';

/** ApiPost / ApiComment `hidden_pending_review`: present only on a hidden row its author sees. */
export function reviewStateOf(row: { hidden_pending_review?: boolean }): ReviewState | undefined {
  if (row.hidden_pending_review === undefined) return undefined;
  return row.hidden_pending_review ? 'pending' : 'kept';
}

/** The author's notice on a post or comment hidden by reports. */
export function ReviewNotice({ review }: { review: ReviewState | undefined }) {
  const { t } = useT();
  if (review === undefined) return null;
  return (
    <p className="review-notice" role="note">
      {t(review === 'pending' ? 'moderation.hiddenPending' : 'moderation.hiddenKept')}
    </p>
  );
}

/** Renders a link to the post's detail (the router's Link, kept out of this component). */
export type DetailLink = (props: { className: string; children: ReactNode; ariaLabel?: string }) => ReactNode;

type PostActionsProps = {
  post: PostCardData;
  /** Resolves with what the tap did, null when it failed (src/components/pray-button.tsx). */
  onPray: () => Promise<PrayOutcome | null>;
  onToggleBookmark: () => void;
  /** In a feed: the text and the comments control open the post detail. */
  detailLink?: DetailLink | undefined;
  /** The author's name as a link to their profile; absent for an anonymous post. */
  authorLink?: DetailLink | undefined;
};

type PostCardProps = PostActionsProps & {
  /** The actions menu (docs/product.md §4), already wired by the screen. */
  menu?: ReactNode;
};

export function PostCard({ post, onPray, onToggleBookmark, detailLink, authorLink, menu }: PostCardProps) {
  const { t } = useT();
  const headingId = useId();
  const author = post.authorName ?? t('post.anonymous');
  return (
    <article className="post-card" aria-labelledby={headingId} data-kind={post.kind}>
      <header className="post-card__head">
        <span className="avatar" aria-hidden="true">
          {post.authorName ? initialOf(post.authorName) : <PersonIcon size={20} />}
        </span>
        <div className="post-card__meta">
          <h2 id={headingId} className="post-card__author">
            {authorLink ? authorLink({ className: 'post-card__author-link', children: author }) : author}
          </h2>
          <p className="post-card__sub">
            <span className={`kind kind--${post.kind.toLowerCase()}`}>{t(`post.kind.${post.kind}`)}</span>
            <span aria-hidden="true"> · </span>
            <RelativeTime iso={post.createdAt} />
          </p>
        </div>
        {post.isAnswered && <span className="badge badge--answered">{t('post.answered')}</span>}
        {menu}
      </header>
      <ReviewNotice review={post.review} />
      {detailLink ? (
        <p className="post-card__text">{detailLink({ className: 'post-card__text-link', children: post.text })}</p>
      ) : (
        <p className="post-card__text">{post.text}</p>
      )}
      {post.isAnswered && post.answerText && (
        <div className="post-card__testimony">
          <p className="post-card__testimony-label">{t('postDetail.testimony')}</p>
          <p>{post.answerText}</p>
        </div>
      )}
      {post.updates && <PostUpdates updates={post.updates} removableOf={post.removableUpdatesOf} />}
      {post.isPending && (
        <p className="post-card__pending">
          {t('post.pending')}
        </p>
      )}
      <PostActions post={post} onPray={onPray} onToggleBookmark={onToggleBookmark} detailLink={detailLink} />
    </article>
  );
}

function PostActions({ post, onPray, onToggleBookmark, detailLink }: PostActionsProps) {
  const { t } = useT();
  return (
    <footer className="post-card__actions">
      <PrayButton
        verb={post.kind === 'THANK' ? 'thank' : 'pray'}
        count={post.prayedCount}
        isPrayed={post.isPrayed}
        isWaiting={post.hasUnsentPrays ?? false}
        onPray={onPray}
      />
      <button
        type="button"
        className="icon-button bookmark-button"
        aria-pressed={post.isBookmarked}
        aria-label={t('post.bookmarkAria')}
        title={t('post.bookmark')}
        onClick={onToggleBookmark}
      >
        <BookmarkIcon filled={post.isBookmarked} />
      </button>
      {detailLink?.({ className: 'post-card__comments', children: t('postDetail.comments', { count: post.commentCount }) })}
    </footer>
  );
}

function initialOf(name: string): string {
  return (name.trim()[0] ?? '?').toLocaleUpperCase();
}
