// One layout for the translation catalogues: one file per area of the app under areas/, each
// holding that area's English, Portuguese and Spanish texts side by side (English first, the
// others typed `Widen<typeof en>` so a missing or extra key fails to compile). A translator
// working on an area finds every language of it in one file. An area too long for one file
// continues in a second one of the same shape (post-detail-ops.ts, lists-items.ts, ...). This
// module gathers one language's catalogue from the areas; en-US.ts, pt-BR.ts and es-ES.ts are
// that language's catalogue, and English's shape is the one every locale must match.
import type { Locale } from '../../../common/account-contract';
import { shellTexts } from './areas/shell';
import { communityTexts } from './areas/community';
import { frameTexts } from './areas/frame';
import { postDetailTexts } from './areas/post-detail';
import { feedScreenTexts } from './areas/feed-screen';
import { listsTexts } from './areas/lists';
import { prayerTexts } from './areas/prayer';
import { accountsTexts } from './areas/accounts';
import { platformTexts } from './areas/platform';
import { notificationsTexts } from './areas/notifications';
import { moderationTexts } from './areas/moderation';
import { apiErrorsTexts } from './areas/api-errors';
import { a11yTexts } from './areas/a11y';
import { syncFeedbackTexts } from './areas/sync-feedback';
import { prayControlTexts } from './areas/pray-control';
import { guestTexts } from './areas/guest';
import { reportingTexts } from './areas/reporting';
import { shareTexts } from './areas/share';
import { remindersTexts } from './areas/reminders';
import { sessionTexts } from './areas/session';
import { draftsTexts } from './areas/drafts';
import { groupsTexts } from './areas/groups';
import { groupAdminTexts } from './areas/group-admin';
import { groupNotifyTexts } from './areas/group-notify';
import { updatesTexts } from './areas/updates';

/** One language's catalogue: the shell's, the community's and the frame's sections, then one per area. */
export function catalogue<L extends Locale>(locale: L) {
  return {
    ...shellTexts[locale],
    ...communityTexts[locale],
    ...frameTexts[locale],
    postDetail: postDetailTexts[locale],
    feedScreen: feedScreenTexts[locale],
    lists: listsTexts[locale],
    prayer: prayerTexts[locale],
    accounts: accountsTexts[locale],
    platform: platformTexts[locale],
    notifications: notificationsTexts[locale],
    moderation: moderationTexts[locale],
    apiErrors: apiErrorsTexts[locale],
    a11y: a11yTexts[locale],
    syncFeedback: syncFeedbackTexts[locale],
    prayControl: prayControlTexts[locale],
    guest: guestTexts[locale],
    reporting: reportingTexts[locale],
    share: shareTexts[locale],
    reminders: remindersTexts[locale],
    guidedSession: sessionTexts[locale],
    drafts: draftsTexts[locale],
    // Issue #28 items 1, 2: the group settings screen's texts come with the group screens' (ROUTE_PATHS).
    groups: { ...groupsTexts[locale], admin: groupAdminTexts[locale] },
    groupNotify: groupNotifyTexts[locale],
    updates: updatesTexts[locale],
  };
}
