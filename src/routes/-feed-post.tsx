// One post of a feed wired to its commands: pray, bookmark and the actions menu of docs/product.md §4; its
// text and comments control open the post detail (docs/product.md §2). Screens that show posts render this;
// PostCard stays presentational.
import { Link } from '@tanstack/react-router';
import { useT } from '../i18n/use-t';
import type { ShownPost } from '../model/shown';
import type { PrayOutcome } from '../commands/pray-gate';
import { lazyCommand } from '../commands/lazy';
import { bannerMessage } from '../components/api-error';
import { useBanner } from '../components/banner-provider';
import { PostCard, reviewStateOf, type DetailLink, type PostCardData } from '../components/post-card';
import { usePostMenu } from './-post-menu';
import { profileLink } from './-profile-link';
import type { TFunction } from 'i18next';
import { personName } from '../i18n/person-name';

const prayForPost = lazyCommand('prayForPost');
const toggleBookmark = lazyCommand('toggleBookmark');

export function toCardData(post: ShownPost, t: TFunction): PostCardData {
  return {
    authorName: post.is_anonymous ? null : personName(post.user, t),
    kind: post.type,
    text: post.text,
    createdAt: post.created_at,
    prayedCount: post.shownPrayedCount,
    isPrayed: post.isPrayed,
    isBookmarked: post.is_bookmarked,
    isAnswered: post.atendido,
    answerText: post.answer_text,
    commentCount: post.shownCommentCount,
    isPending: post.isPendingBesidesPrays,
    hasUnsentPrays: post.shownPrayedCount > post.prayedCount,
    review: reviewStateOf(post),
    updates: post.shownUpdates,
    removableUpdatesOf: post.is_mine ? post.id : undefined,
  };
}

type PostCommands = { onPray: () => Promise<PrayOutcome | null>; onToggleBookmark: () => void };

/** Pray and bookmark, with a failure shown in the banner (docs/product.md §5 wording); pray says what the tap did. */
export function usePostCommands(postId: number): PostCommands {
  const { t } = useT();
  const banner = useBanner();
  const run = <T,>(action: Promise<T>): Promise<T | null> =>
    action.catch((err: unknown) => {
      banner.show({ kind: 'error', text: bannerMessage(err, t, t('post.actionFailed')) });
      return null;
    });
  return {
    // The double-tap rule reads the tap's time, not the time the commands finished loading.
    onPray: () => run(prayForPost(postId, Date.now())),
    onToggleBookmark: () => void run(toggleBookmark(postId)),
  };
}

export function FeedPost({ post }: { post: ShownPost }) {
  const { t } = useT();
  const commands = usePostCommands(post.id);
  const { menu, dialogs } = usePostMenu(post);
  // A temporary (negative) id is a valid detail address: the detail follows it to the real id.
  const detailLink: DetailLink = ({ className, children, ariaLabel }) => (
    <Link to="/community/post/$id" params={{ id: post.id }} className={className} aria-label={ariaLabel}>
      {children}
    </Link>
  );
  return (
    <>
      <PostCard post={toCardData(post, t)} {...commands} menu={menu} detailLink={detailLink} authorLink={profileLink(post.user.username, post.is_anonymous)} />
      {dialogs}
    </>
  );
}
