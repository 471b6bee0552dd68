// Groups this account is no longer in (issue #49 major 4; docs/product.md §11 'Private';
// docs/decisions/0214-a-former-member-is-told-why-the-group-is-gone.md): the server answers a
// former member's GET group/{id} or its posts 403 `group.removed` or `group.left` with the group's
// name and whether their request to join waits; that answer is kept here (meta 'endedGroups', per
// account), so the group's page says it offline too. Only the name is kept, nothing else of the
// group. A 404 (deleted, or never a member) or the group coming back drops the entry.
import type { ApiError } from '../../common/contract';
import { getAuth, getMeta, setMeta, viewerId } from './meta';

export type EndedReason = 'removed' | 'left';
/** `asked`: a request to join waits on the server (the 403 said so, or this device's request was acknowledged). */
export type EndedGroup = { name: string; reason: EndedReason; asked: boolean };
/** `viewer`: the account it was learned for; another account never reads it. Keyed by group id. */
export type EndedGroupsMeta = { viewer: number; groups: Record<string, EndedGroup> };

/** The ended membership a refusal tells of, else null (any other answer). */
export function endedFromError(error: ApiError): EndedGroup | null {
  const reason = error.code === 'group.removed' ? 'removed' : error.code === 'group.left' ? 'left' : null;
  const name = error.params?.group;
  if (error.status !== 403 || reason === null || typeof name !== 'string') return null;
  return { name, reason, asked: error.params?.requested === 1 };
}

async function current(): Promise<{ viewer: number | null; groups: Record<string, EndedGroup> }> {
  const viewer = viewerId(await getAuth());
  const meta = await getMeta('endedGroups');
  return { viewer, groups: meta && meta.viewer === viewer ? meta.groups : {} };
}

/** What this account last learned of a group it is out of, if anything. */
export async function readEndedGroup(groupId: number): Promise<EndedGroup | null> {
  return (await current()).groups[String(groupId)] ?? null;
}

/** Sets (or, with null, drops) the groups' entries; `change` sees the entry held. Call inside an rw transaction with meta. */
export async function updateEndedGroups(groupIds: readonly number[], change: (held: EndedGroup | undefined) => EndedGroup | null): Promise<void> {
  const { viewer, groups } = await current();
  if (viewer === null || groupIds.length === 0) return;
  const next = { ...groups };
  for (const id of groupIds) {
    const entry = change(next[String(id)]);
    if (entry === null) Reflect.deleteProperty(next, String(id));
    else next[String(id)] = entry;
  }
  const same = Object.keys(next).length === Object.keys(groups).length && groupIds.every((id) => next[String(id)] === groups[String(id)]);
  if (!same) await setMeta('endedGroups', { viewer, groups: next });
}

/** The group is this account's again, deleted, or was never theirs: nothing to tell. */
export function forgetEndedGroups(groupIds: readonly number[]): Promise<void> {
  return updateEndedGroups(groupIds, () => null);
}
