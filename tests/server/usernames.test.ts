// Generated usernames (server/domain/users.ts): within the pattern a member may edit to, and a
// clash with a taken one gets another name instead of a 500 (the randomized sync soak met a
// clash after ~5,000 guests when the suffix had 24 bits). Runs on PGlite and PostgreSQL.
import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { USERNAME_PATTERN } from '../../common/account-contract';
import { users } from '../../server/db/schema/users';
import { createGuest, makeUsername, withNewUsername } from '../../server/domain/users';
import { useTestDb } from '../helpers/use-test-db';

const testDb = useTestDb();

describe('generated usernames', () => {
  it.each(['guest', 'Maria José da Silva Albuquerque', '---', '日本語', 'Ana'])('%j gives a username an edit would accept', (base) => {
    const username = makeUsername(base);
    expect(username).toMatch(USERNAME_PATTERN);
    expect(makeUsername(base)).not.toBe(username);
  });

  it('a clash with a taken username tries another, in its own savepoint', async () => {
    const { db } = testDb.handle;
    const taken = await createGuest(db, 1, undefined);
    const tried: string[] = [];
    const [row] = await db.transaction((outer) =>
      withNewUsername(outer, 'guest', (tx, username) => {
        tried.push(username);
        // The first try takes the existing guest's name, as a random clash would.
        const name = tried.length === 1 ? taken.username : username;
        return tx.insert(users).values({ isGuest: true, name: 'Guest', username: name, channelId: 1, language: 'en-US' }).returning();
      }),
    );
    expect(tried).toHaveLength(2);
    expect(row?.username).toBe(tried[1]);
    expect(await db.select({ id: users.id }).from(users).where(eq(users.username, taken.username))).toHaveLength(1);
  });

  it('gives up after three clashes with the database error', async () => {
    const { db } = testDb.handle;
    const taken = await createGuest(db, 1, undefined);
    let tries = 0;
    const clashing = withNewUsername(db, 'guest', (tx) => {
      tries += 1;
      return tx.insert(users).values({ isGuest: true, name: 'Guest', username: taken.username, channelId: 1, language: 'en-US' }).returning();
    });
    await expect(clashing).rejects.toThrow();
    expect(tries).toBe(3);
  });
});
