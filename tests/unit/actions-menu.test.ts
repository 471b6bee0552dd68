// The actions menus of docs/product.md §4/§6 (src/db/actions-menu.ts) as tables: who looks at what, and
// exactly which docs/product.md §3 action names are offered.
import { describe, expect, it } from 'vitest';
import { POST_ACTIONS } from '../../common/contract';
import { actionsMenu, commentActionsMenu, noteActionsMenu } from '../../src/db/actions-menu';

const ME = { id: 7 };
const own = { is_mine: true, user_id: 7, atendido: false, isReported: false };
const ownAnswered = { ...own, atendido: true };
const ownAnonymous = { ...own, user_id: null };
const others = { is_mine: false, user_id: 9, atendido: false, isReported: false };

describe('actionsMenu(post, viewer)', () => {
  it.each([
    ['own, unanswered', own, ME, ['answeredPost', 'editPost', 'deletePost']],
    ['own, answered', ownAnswered, ME, ['editAnsweredPost', 'deleteAnsweredPost', 'editPost', 'deletePost']],
    ['own and anonymous (no user id shown)', ownAnonymous, ME, ['answeredPost', 'editPost', 'deletePost']],
    ['own by id, is_mine not set', { ...own, is_mine: false }, ME, ['answeredPost', 'editPost', 'deletePost']],
    ["someone else's", others, ME, ['reportPost']],
    ["someone else's, answered", { ...others, atendido: true }, ME, ['reportPost']],
    ["someone else's, my report pending", { ...others, isReported: true }, ME, []],
    ['an anonymous visitor', others, null, []],
  ] as const)('%s', (_case, post, viewer, expected) => {
    const menu = actionsMenu(post, viewer);
    expect(menu).toEqual(expected);
    for (const action of menu) expect(POST_ACTIONS).toContain(action);
  });
});

describe('commentActionsMenu(comment, post, viewer)', () => {
  const mine = { is_mine: true, isReported: false };
  const theirs = { is_mine: false, isReported: false };
  it.each([
    ['my comment', mine, others, ME, ['editComment', 'deleteComment']],
    ['my comment on my post', mine, own, ME, ['editComment', 'deleteComment']],
    ["someone's comment on someone's post", theirs, others, ME, ['reportComment']],
    ["someone's comment on my post (moderation)", theirs, own, ME, ['deleteComment', 'reportComment']],
    ["someone's comment, my report pending", { ...theirs, isReported: true }, others, ME, []],
    ['an anonymous visitor', theirs, others, null, []],
  ] as const)('%s', (_case, comment, post, viewer, expected) => {
    expect(commentActionsMenu(comment, post, viewer)).toEqual(expected);
  });
});

describe('noteActionsMenu(viewer)', () => {
  it('offers edit and delete of one’s own notes; nothing without a session', () => {
    expect(noteActionsMenu(ME)).toEqual(['editNote', 'deleteNote']);
    expect(noteActionsMenu(null)).toEqual([]);
  });
});
