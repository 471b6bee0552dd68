// The invite link's preview (issue #28 item 2; docs/api.md 'Prayer groups' GET invite/{code}): an
// online read through the sync engine's one-off calls (worker/account.ts 'invitePreview'), as the
// other screens read what is online by nature. What the /g/{code} page shows follows from it.
import type { ApiInvitePreview } from '../../../../common/group-contract';
import { syncEngine } from '../../../sync/client';
// The invite page's styles, with the page's chunk (a route file's side-effect imports stay in the first load).
import '../../../styles/groups.css';

export type InviteState =
  | { kind: 'loading' }
  | { kind: 'preview'; preview: ApiInvitePreview }
  /** Unknown, rotated or malformed code, or a deleted group: the link no longer works. */
  | { kind: 'gone' }
  /** No answer arrived (offline, the server unreachable). */
  | { kind: 'offline' }
  | { kind: 'failed' };

export async function readInvite(code: string): Promise<InviteState> {
  try {
    const result = await (await syncEngine()).account('invitePreview', { code });
    if (result.ok) return { kind: 'preview', preview: result.data.invite };
    const { status } = result.error;
    if (status === 404 || status === 422) return { kind: 'gone' };
    return status === 0 ? { kind: 'offline' } : { kind: 'failed' };
  } catch {
    return { kind: 'failed' };
  }
}
