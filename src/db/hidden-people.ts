// Issue #12 item 8 "Hide posts from this person": the viewer's hidden people (meta.hiddenPeople)
// and the posts they hide. A hidden person's signed posts carry `hiddenAuthor`, which puts them in
// the feed index's hidden channel (src/model/feed-key.ts), so every feed leaves them out at once,
// offline too, without reading the list. The flag is kept across pulls (worker/reconcile.ts) and
// cleared by "Show again". Anonymous posts carry no author here (user_id null): never hidden.
import type { ApiUserSummary } from '../../common/contract';
import { db } from '../model/db';
import { getAuth, getMeta, setMeta, viewerId } from '../model/meta';

/** The viewer's hidden people, newest first; [] when none or another account's list is stored. */
export async function readHiddenPeople(): Promise<ApiUserSummary[]> {
  const [auth, stored] = await Promise.all([getAuth(), getMeta('hiddenPeople')]);
  const viewer = viewerId(auth);
  return stored && viewer !== null && stored.viewer === viewer ? stored.people : [];
}

/** Flags (or unflags) every stored signed post of the person; the hook rewrites their feed keys. */
async function markAuthorHidden(personId: number, isHidden: boolean): Promise<void> {
  await db.posts.where('user_id').equals(personId).modify((row) => {
    if (isHidden) row.hiddenAuthor = true;
    else delete row.hiddenAuthor;
  });
}

/** Adds or removes the person in the viewer's list and flags their posts; runs in the caller's rw transaction. */
export async function setPersonHidden(person: ApiUserSummary, isHidden: boolean): Promise<void> {
  const viewer = viewerId(await getAuth());
  if (viewer === null) return;
  const others = (await readHiddenPeople()).filter((p) => p.id !== person.id);
  await setMeta('hiddenPeople', { viewer, people: isHidden ? [person, ...others] : others });
  await markAuthorHidden(person.id, isHidden);
}

/**
 * The list as the server holds it (GET user/hidden-people, read on another device too): stored,
 * and the posts of everyone on it flagged, those of people shown again elsewhere unflagged.
 */
export async function storeHiddenPeople(people: ApiUserSummary[]): Promise<void> {
  const viewer = viewerId(await getAuth());
  if (viewer === null) return;
  const before = await readHiddenPeople();
  await setMeta('hiddenPeople', { viewer, people });
  const now = new Set(people.map((p) => p.id));
  for (const gone of before.filter((p) => !now.has(p.id))) await markAuthorHidden(gone.id, false);
  for (const person of people) await markAuthorHidden(person.id, true);
}
