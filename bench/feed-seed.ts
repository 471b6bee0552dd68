// Bulk data for the feed benchmark: 100,000 posts (and their authors, prayers and bookmarks) in a
// few set-based INSERTs over generate_series, so seeding takes seconds, not minutes. The mix
// resembles the product: most posts in English, a quarter thanksgivings, some answered, a few
// private, archived or deleted; times spread over ~2 years, newest with the highest ids.
import type { SqlSession } from '../server/db/client';

/** The demo member prays for every `prayedEvery`-th post of channel 1 and bookmarks every `bookmarkedEvery`-th. */
export type BenchSeed = { posts: number; users: number; prayedEvery: number; bookmarkedEvery: number };

const WORDS = [
  'healing', 'family', 'work', 'exams', 'travel', 'surgery', 'peace', 'marriage', 'children', 'church',
  'strength', 'wisdom', 'provision', 'recovery', 'friends', 'school', 'hope', 'grief', 'rain', 'harvest',
];

function postsSql(seed: BenchSeed): string {
  const words = `ARRAY[${WORDS.map((w) => `'${w}'`).join(', ')}]`;
  return `
    INSERT INTO posts (user_id, channel_id, type, text, atendido, answer_text, updated_answer_at, is_anonymous,
                       visibility, created_at, updated_at, archived_at, deleted_at)
    SELECT p.user_id, p.channel_id, p.type, p.text, p.answered,
           CASE WHEN p.answered THEN 'Thank you all: the ' || p.word || ' prayer was answered.' END,
           CASE WHEN p.answered THEN p.created_at + make_interval(days => g % 30) END,
           g % 11 = 0, CASE WHEN g % 50 = 0 THEN 2 ELSE 0 END,
           p.created_at, p.created_at,
           CASE WHEN g % 89 = 0 THEN now() END, CASE WHEN g % 97 = 0 THEN now() END
    FROM generate_series(1, ${seed.posts}) AS g
    CROSS JOIN LATERAL (
      SELECT
        1 + (g * 7919) % (SELECT count(*) FROM users)::int AS user_id,
        (CASE WHEN g % 10 < 6 THEN 1 WHEN g % 10 < 9 THEN 2 ELSE 3 END)::smallint AS channel_id,
        CASE WHEN g % 4 = 0 THEN 'THANK' ELSE 'REQUEST' END AS type,
        g % 4 <> 0 AND g % 7 = 0 AS answered,
        (${words})[1 + g % ${WORDS.length}] AS word,
        'Please pray for ' || (${words})[1 + g % ${WORDS.length}] || ' and ' || (${words})[1 + (g / 20) % ${WORDS.length}]
          || ' in our ' || (${words})[1 + (g / 400) % ${WORDS.length}] || ' (request ' || g || ').' AS text,
        now() - make_interval(mins => (${seed.posts} - g) * 10 + (g * 37) % 9) AS created_at
    ) AS p`;
}

/** Runs on a migrated database that already holds the demo seed (server/db/seed.ts). */
export async function seedFeedBench(session: SqlSession, seed: BenchSeed): Promise<void> {
  await session.exec(`
    INSERT INTO users (name, username, email, channel_id, language, created_at)
    SELECT 'Bench Member ' || g, 'bench_' || g, 'bench' || g || '@bench.local', 1 + g % 3, 'en-US', now() - interval '800 days'
    FROM generate_series(1, ${seed.users}) AS g`);
  await session.exec(postsSql(seed));
  // The demo member prays for and bookmarks scattered posts of their channel (PRAYED_BY_USER, BOOKMARKED).
  const demo = "(SELECT id FROM users WHERE email = 'demo@prayer.local')";
  await session.exec(`
    INSERT INTO prayers (user_id, post_id, created_at)
    SELECT ${demo}, id, created_at + interval '1 hour' FROM posts WHERE channel_id = 1 AND id % ${seed.prayedEvery} = 0`);
  await session.exec(`
    INSERT INTO bookmarks (user_id, post_id, created_at)
    SELECT ${demo}, id, created_at FROM posts WHERE channel_id = 1 AND id % ${seed.bookmarkedEvery} = 0`);
  await session.exec('ANALYZE');
}
