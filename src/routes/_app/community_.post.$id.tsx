// '/community/post/{id}' (docs/product.md §2): the post and either its comments or the viewer's notes. It
// renders from the local database (live queries) and asks the worker for fresh data; offline it
// shows what is held. A temporary (negative) id of a post written offline is a valid address: the
// reads follow it to the real id once the server has answered. A group post's way back leads to its
// group (issue #49, review m3); a post deleted or reported here leaves the screen (review m4,
// docs/decisions/0217-the-post-page-after-a-report-its-way-back-one-noun-in-its.md).
import { useEffect, useState } from 'react';
import { Link, createFileRoute, useCanGoBack, useNavigate, useRouter } from '@tanstack/react-router';
import { Tabs } from 'radix-ui';
import { useTranslation } from 'react-i18next';
import { usePost } from '../../db/post-queries';
import { useGroup } from '../../db/group-queries';
import { loadGroupTexts } from '../../i18n/load-group-texts';
import type { ShownPost } from '../../model/shown';
import { pulls } from '../../sync/client';
import { ArrowLeftIcon } from '../../components/icons';
import { PostCard } from '../../components/post-card';
import { ShareButton } from '../../components/share-post';
import { shareActionsMenu } from '../../db/actions-menu';
import { parsePostIdParam } from '../-post-id';
import { toCardData, usePostCommands } from '../-feed-post';
import { PostComments } from '../-post-comments';
import { useCommentsFollow } from '../-comments-follow';
import { usePostMenu, useViewer } from '../-post-menu';
import { PostNotes } from '../-post-notes';
import { profileLink } from '../-profile-link';

export const Route = createFileRoute('/_app/community_/post/$id')({
  params: {
    parse: (raw) => ({ id: parsePostIdParam(raw.id) }),
    stringify: ({ id }) => ({ id: String(id) }),
  },
  component: PostDetailScreen,
});

type PullState = 'pulling' | 'done';

/** Asks the worker for the post, its comments and notes once per id; 'done' whatever the outcome. */
function usePostPull(id: number): PullState {
  const [state, setState] = useState<{ id: number; state: PullState }>({ id, state: 'pulling' });
  useEffect(() => {
    let isCurrent = true;
    const settle = () => isCurrent && setState({ id, state: 'done' });
    void pulls.post(id).then(settle, settle);
    return () => {
      isCurrent = false;
    };
  }, [id]);
  return state.id === id ? state.state : 'pulling';
}

/** Once a post written offline has its server id, the address follows it (reload, share). */
function useFollowRealId(id: number, post: ShownPost | null | undefined) {
  const navigate = useNavigate();
  const realId = post?.id;
  useEffect(() => {
    if (id < 0 && realId !== undefined && realId > 0) {
      void navigate({ to: '/community/post/$id', params: { id: realId }, replace: true });
    }
  }, [id, realId, navigate]);
}

function PostDetailScreen() {
  const { t } = useTranslation();
  const { id } = Route.useParams();
  const post = usePost(id);
  const pull = usePostPull(id);
  useFollowRealId(id, post);
  return (
    <section className="post-detail" aria-labelledby="post-detail-heading">
      <title>{`${t('postDetail.title')} · ${t('app.name')}`}</title>
      <BackLink post={post} />
      {post ? (
        <PostDetail post={post} />
      ) : post === null && pull === 'done' ? (
        <div className="post-detail__missing">
          <h1 id="post-detail-heading">{t('postDetail.notFoundTitle')}</h1>
          <p>{t('postDetail.notFoundText')}</p>
        </div>
      ) : (
        <>
          <h1 id="post-detail-heading" className="visually-hidden">
            {t('postDetail.title')}
          </h1>
          <p className="feed__note">{t('postDetail.loading')}</p>
        </>
      )}
    </section>
  );
}

/** The community's way back, or a group post's to its group once the group and its words are here. */
function BackLink({ post }: { post: ShownPost | null | undefined }) {
  const groupId = post?.group_id ?? null;
  if (post === undefined) return <span className="post-detail__back" aria-hidden="true" />;
  return groupId === null ? <CommunityBack /> : <GroupBack groupId={groupId} />;
}

function CommunityBack() {
  const { t } = useTranslation();
  return (
    <Link to="/community" className="post-detail__back">
      <ArrowLeftIcon size={18} />
      <span>{t('postDetail.back')}</span>
    </Link>
  );
}

/** The group's words come with the group screens (src/i18n/group-texts.ts), not with the first load. */
function GroupBack({ groupId }: { groupId: number }) {
  const { t, i18n } = useTranslation();
  const group = useGroup(groupId);
  useEffect(() => void loadGroupTexts(), []);
  // Not held here (left, removed): the community is the way back.
  if (group === null) return <CommunityBack />;
  if (group === undefined || !i18n.exists('groups.screens.page.postBack')) return <span className="post-detail__back" aria-hidden="true" />;
  return (
    <Link to="/group/$groupId" params={{ groupId: String(group.id) }} className="post-detail__back">
      <ArrowLeftIcon size={18} />
      <span>{t('groups.screens.page.postBack', { group: group.name })}</span>
    </Link>
  );
}

/**
 * Once the post is gone for this person (deleted or reported here): back where they came from (the
 * feed, the group's page), keeping their place; opened from outside, to the post's home instead.
 */
function useLeave(groupId: number | null): () => void {
  const router = useRouter();
  const navigate = useNavigate();
  const canGoBack = useCanGoBack();
  return () => {
    if (canGoBack) router.history.back();
    else if (groupId !== null) void navigate({ to: '/group/$groupId', params: { groupId: String(groupId) }, replace: true });
    else void navigate({ to: '/community', replace: true });
  };
}

type View = 'comments' | 'notes';

function PostDetail({ post }: { post: ShownPost }) {
  const { t } = useTranslation();
  const commands = usePostCommands(post.id);
  const { menu, dialogs } = usePostMenu(post, useLeave(post.group_id ?? null));
  // Issue #13 point 3: Share in sight as well as in the menu, for the posts the menu offers it on.
  const viewer = useViewer();
  const canShare = shareActionsMenu(post, viewer).length > 0;
  const [view, setView] = useState<View>('comments');
  // Issue #48: a comment made elsewhere (its count came by the live stream) appears without a reload.
  useCommentsFollow(post);
  return (
    <>
      <h1 id="post-detail-heading" className="post-detail__heading">
        {t(`post.kind.${post.type}`)}
      </h1>
      <PostCard post={toCardData(post, t)} {...commands} menu={menu} authorLink={profileLink(post.user.username, post.is_anonymous)} />
      {canShare && <ShareButton post={post} />}
      {dialogs}
      <Tabs.Root value={view} onValueChange={(value) => setView(value === 'notes' ? 'notes' : 'comments')} className="post-detail__tabs">
        <Tabs.List className="post-detail__switch" aria-label={t('postDetail.view')}>
          <Tabs.Trigger value="comments" className="post-detail__tab">
            {t('postDetail.tabComments', { count: post.shownCommentCount })}
          </Tabs.Trigger>
          <Tabs.Trigger value="notes" className="post-detail__tab">
            {t('postDetail.tabNotes', { count: post.shownNoteCount })}
          </Tabs.Trigger>
        </Tabs.List>
        <Tabs.Content value="comments" className="post-detail__panel">
          <PostComments post={post} />
        </Tabs.Content>
        <Tabs.Content value="notes" className="post-detail__panel">
          <PostNotes post={post} />
        </Tabs.Content>
      </Tabs.Root>
    </>
  );
}
