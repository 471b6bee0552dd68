// The comments of the post detail (docs/product.md §2, §6): write, like, and the comment actions menu of
// commentActionsMenu() (edit and delete for its author; delete for the post's owner; report for
// others), each through its command (local first, then the outbox).
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { TEXT_LIMITS } from '../../common/constants';
import type { PostAction } from '../../common/contract';
import { commentActionsMenu } from '../db/actions-menu';
import { useComments } from '../db/post-queries';
import type { ShownComment } from '../db/shown-children';
import type { ShownPost } from '../model/shown';
import { createComment, reportComment, toggleCommentLike } from '../commands';
import { ActionsMenu } from '../components/actions-menu';
import { bannerMessage } from '../components/api-error';
import { useBanner } from '../components/banner-provider';
import { ReviewNotice, reviewStateOf } from '../components/post-card';
import { RelativeTime } from '../components/relative-time';
import { ReportDialog } from '../components/report-dialog';
import { TextComposer } from '../components/text-composer';
import { useViewer } from './-post-menu';
import { PostChildDialogs, type ChosenChild } from './-post-child-dialogs';
import { reportTexts, useChangeToast } from './-change-toast';
import { draftTarget } from '../state/drafts';
import { personName } from '../i18n/person-name';
import { Link } from '@tanstack/react-router';

export function PostComments({ post }: { post: ShownPost }) {
  const { t } = useTranslation();
  const banner = useBanner();
  const comments = useComments(post.id);
  const viewer = useViewer();
  const [chosen, setChosen] = useState<ChosenChild>(null);
  // Issue #12: thanked at once; 'we will review it' only once the report has reached the server.
  const announce = useChangeToast();
  const fail = (err: unknown) => banner.show({ kind: 'error', text: bannerMessage(err, t, t('post.actionFailed')) });
  const close = () => setChosen(null);
  return (
    <div className="post-children">
      <TextComposer
        label={t('postDetail.commentLabel')}
        placeholder={t('postDetail.commentPlaceholder')}
        max={TEXT_LIMITS.comment}
        emptyMessage={t('postDetail.commentEmpty')}
        submitLabel={t('postDetail.commentSubmit')}
        draftTarget={draftTarget('comment', post.id)}
        onSubmit={async (text) => {
          await createComment(post.id, text);
        }}
      />
      {comments === undefined ? (
        <p className="feed__note">{t('postDetail.loading')}</p>
      ) : comments.length === 0 ? (
        <p className="feed__note">{t('postDetail.commentsNone')}</p>
      ) : (
        <ol className="post-children__list" aria-label={t('postDetail.tabComments', { count: comments.length })}>
          {comments.map((comment) => (
            <li key={comment.id}>
              <CommentItem
                comment={comment}
                actions={commentActionsMenu(comment, post, viewer)}
                onLike={() => void toggleCommentLike(post.id, comment.id).catch(fail)}
                onAction={(action) => setChosen({ action, id: comment.id, text: comment.comment })}
              />
            </li>
          ))}
        </ol>
      )}
      <PostChildDialogs kind="comment" postId={post.id} chosen={chosen} onClose={close} />
      <ReportDialog
        open={chosen?.action === 'reportComment'}
        draftTarget={chosen ? draftTarget('report', 'comment', chosen.id) : null}
        onClose={close}
        onSubmit={async (type, details) => {
          if (chosen) await announce(() => reportComment(post.id, chosen.id, type, details), reportTexts(t));
        }}
      />
    </div>
  );
}

type CommentItemProps = { comment: ShownComment; actions: PostAction[]; onLike: () => void; onAction: (action: PostAction) => void };

function CommentItem({ comment, actions: allowed, onLike, onAction }: CommentItemProps) {
  const { t } = useTranslation();
  const actions = allowed.map((action) => ({ action, label: t(`postDetail.action.${action}`) }));
  const author = comment.is_mine ? t('postDetail.you') : personName(comment.user, t);
  return (
    <article className="child-item" aria-label={author}>
      <header className="child-item__head">
        <p className="child-item__meta">
          <span className="child-item__author">
            {comment.is_mine || comment.user.id === null ? author : <Link to="/profile/$slug" params={{ slug: comment.user.username }}>{author}</Link>}
          </span>
          <span aria-hidden="true"> · </span>
          <RelativeTime iso={comment.created_at} />
        </p>
        <ActionsMenu label={t('postDetail.commentMenu')} actions={actions} onSelect={onAction} />
      </header>
      <ReviewNotice review={reviewStateOf(comment)} />
      <p className="child-item__text">{comment.comment}</p>
      {comment.isPending && <p className="post-card__pending">{t('post.pending')}</p>}
      <button
        type="button"
        className={`like-button${comment.isLiked ? ' like-button--liked' : ''}`}
        aria-pressed={comment.isLiked}
        aria-label={t('postDetail.likeAria', { count: comment.shownLikeCount })}
        onClick={onLike}
      >
        <span aria-hidden="true">♥</span> {t('postDetail.like')} <span className="like-button__count">{comment.shownLikeCount}</span>
      </button>
    </article>
  );
}
