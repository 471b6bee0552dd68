// Issue #12 point 7: registering revokes the guest's tokens while a drain may be sending with one.
// That request's 401 runs the refresh; if the register's member session is stored while the
// refresh is under way, the refused guest refresh must neither overwrite it nor mark it expired
// (worker/auth.ts refreshAuth), and the request is retried with the member's token.
import { describe, expect, it } from 'vitest';
import type { AuthResponse } from '../../common/contract';
import { getAuth, setMeta } from '../../src/model/meta';
import { createApiClient } from '../../worker/api-client';
import { refreshAuth } from '../../worker/auth';
import { memoryStore } from '../../worker/unauthorized';
import { direct, useHarness } from './support';

const h = useHarness();

describe('a guest refresh racing the register that revoked it', () => {
  it('leaves the member session stored meanwhile as it is, and asks for a retry', async () => {
    const guestToken = (await getAuth()).guestToken;
    if (guestToken === null) throw new Error('no guest session');
    // The register has reached the server (the guest's tokens are revoked) but its answer is not stored yet.
    const registered = await direct<AuthResponse>(h, {
      method: 'POST', path: 'auth/register', token: guestToken,
      body: { name: 'Racing Guest', email: `race-${Date.now()}@example.test`, password: 'long-enough-pw' },
    });
    // The register's answer lands while the refresh call is in flight.
    const api = createApiClient({
      apiBase: h.apiBase,
      unauthorizedStore: memoryStore(),
      fetch: async (input, init) => {
        const url = input instanceof Request ? input.url : String(input);
        if (url.endsWith('/guest/refresh')) {
          await setMeta('auth', { memberToken: registered.authorization.token, user: registered.user, guestToken: null, guest: null, expired: false });
        }
        return fetch(input, init);
      },
    });

    expect(await refreshAuth(api, guestToken)).toBe(true);
    expect(await getAuth()).toMatchObject({ memberToken: registered.authorization.token, guestToken: null, expired: false, user: { id: registered.user.id } });
  });
});
