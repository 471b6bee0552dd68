// One post of a feed wired to its commands: pray and bookmark (and, with the post detail screen,
// the actions menu of SPEC §4). Screens that show posts render this; PostCard stays presentational.
import { useTranslation } from 'react-i18next';
import type { ShownPost } from '../db/queries';
import { prayForPost, toggleBookmark } from '../commands';
import { bannerMessage } from '../components/api-error';
import { useBanner } from '../components/banner-provider';
import { PostCard, type PostCardData } from '../components/post-card';

export function toCardData(post: ShownPost): PostCardData {
  return {
    authorName: post.is_anonymous ? null : post.user.name || post.user.username,
    kind: post.type,
    text: post.text,
    createdAt: post.created_at,
    prayedCount: post.shownPrayedCount,
    isPrayed: post.isPrayed,
    isBookmarked: post.is_bookmarked,
    isAnswered: post.atendido,
    isPending: post.isPending,
  };
}

export function FeedPost({ post }: { post: ShownPost }) {
  const { t } = useTranslation();
  const banner = useBanner();
  const run = (action: Promise<unknown>) =>
    void action.catch((err: unknown) => banner.show({ kind: 'error', text: bannerMessage(err, t, t('post.actionFailed')) }));
  return <PostCard post={toCardData(post)} onPray={() => run(prayForPost(post.id))} onToggleBookmark={() => run(toggleBookmark(post.id))} />;
}
