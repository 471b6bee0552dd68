// The size of a church network for `npm run bench:scale` (issue #50 item 7): the full shape, and
// the same shape at any factor (1/100 for the small database; BENCH_SCALE for quick runs).

export type Shape = {
  label: string;
  factor: number;
  /** Members; a multiple of 20 (a member's channel is by id modulo 20: 12 English, 5 Portuguese, 3 Spanish). */
  users: number;
  posts: number;
  /** Groups, the first one the busy group. */
  groups: number;
  /** Live memberships in all, the busy group's included. */
  memberships: number;
  busyMembers: number;
  /** Prayers on posts and on list items (together the shape's prayers). */
  postPrayers: number;
  itemPrayers: number;
  comments: number;
  lists: number;
  items: number;
  /** Every `publicEvery`-th list is PUBLIC (a community list). */
  publicEvery: number;
  /** The busy member's own group_post notifications (the newest posts of the busy group). */
  busyNotifications: number;
};

export const FULL = {
  users: 100_000, posts: 1_000_000, groups: 20_000, memberships: 250_000, busyMembers: 2_000,
  prayers: 5_000_000, comments: 500_000, lists: 50_000, items: 500_000, publicLists: 5_000, notifications: 2_000_000,
  busyNotifications: 5_000,
} as const;

/** One post in 50 is the busy group's, 7 in 50 another group's, the rest the community's. */
export const GROUP_POST_EVERY = 50;
export const ORDINARY_GROUP_SLOTS = 7;

const at = (n: number, factor: number, min: number) => Math.max(min, Math.round(n * factor));

export function shapeFor(factor: number, label: string): Shape {
  const users = Math.max(40, Math.round((FULL.users * factor) / 20) * 20);
  const prayers = at(FULL.prayers, factor, 50);
  const itemPrayers = Math.round(prayers / 10);
  const lists = at(FULL.lists, factor, 20);
  return {
    label, factor, users,
    posts: at(FULL.posts, factor, 200),
    groups: at(FULL.groups, factor, 4),
    memberships: at(FULL.memberships, factor, 20),
    // The busy group holds channel 1's first members; there must stay members of channel 1 outside it.
    busyMembers: Math.min(at(FULL.busyMembers, factor, 5), Math.floor(users * 0.3)),
    postPrayers: prayers - itemPrayers,
    itemPrayers,
    comments: at(FULL.comments, factor, 20),
    lists,
    items: Math.max(lists, at(FULL.items, factor, 20)),
    publicEvery: Math.max(1, Math.round(FULL.lists / FULL.publicLists)),
    busyNotifications: at(FULL.busyNotifications, factor, 5),
  };
}

export function describeShape(shape: Shape): string {
  const n = (x: number) => x.toLocaleString('en-US');
  return `${shape.label} (factor ${shape.factor}): ${n(shape.users)} members, ${n(shape.posts)} posts, ${n(shape.groups)} groups `
    + `(${n(shape.memberships)} memberships, busy group ${n(shape.busyMembers)}), ${n(shape.postPrayers + shape.itemPrayers)} prayers, `
    + `${n(shape.comments)} comments, ${n(shape.lists)} lists (${n(shape.items)} items, every ${shape.publicEvery}th public)`;
}
