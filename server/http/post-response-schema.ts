// The 200 answer of GET /posts as a Fastify response schema (issue #14 point 4): Fastify then
// writes it with fast-json-stringify, compiled once, instead of JSON.stringify on every page.
// It must name every field of Envelope<PostPage> (common/contract.ts): a field missing here would
// be dropped from the answer silently; tests/server/post-response-schema.test.ts checks the
// answer against JSON.stringify of the same object.
const nullable = (type: string) => ({ type: [type, 'null'] });

const author = {
  type: 'object',
  required: ['id', 'username', 'name', 'avatar'],
  properties: { id: nullable('integer'), username: { type: 'string' }, name: { type: 'string' }, avatar: nullable('string') },
};

/** ApiPost (docs/product.md §3 Post). */
const apiPostSchema = {
  type: 'object',
  required: ['id', 'user_id', 'user', 'type', 'text', 'answer_text', 'channel_id', 'visibility', 'is_anonymous', 'is_mine',
    'created_at', 'updated_at', 'updated_answer_at', 'atendido', 'prayedCount', 'isPrayed', 'commentCount', 'noteCount', 'is_bookmarked'],
  properties: {
    id: { type: 'integer' },
    user_id: nullable('integer'),
    user: author,
    type: { type: 'string' },
    text: { type: 'string' },
    answer_text: nullable('string'),
    channel_id: { type: 'integer' },
    visibility: { type: 'integer' },
    is_anonymous: { type: 'boolean' },
    is_mine: { type: 'boolean' },
    created_at: { type: 'string' },
    updated_at: { type: 'string' },
    updated_answer_at: nullable('string'),
    atendido: { type: 'boolean' },
    prayedCount: { type: 'integer' },
    isPrayed: { type: 'boolean' },
    commentCount: { type: 'integer' },
    noteCount: { type: 'integer' },
    is_bookmarked: { type: 'boolean' },
    group_id: nullable('integer'),
    // Issue #28 item 3: the author's updates, oldest first (server/domain/post-updates-view.ts).
    updates: {
      type: 'array',
      items: {
        type: 'object',
        required: ['id', 'text', 'created_at'],
        properties: { id: { type: 'integer' }, text: { type: 'string' }, created_at: { type: 'string' } },
      },
    },
    hidden_pending_review: { type: 'boolean' },
  },
};

/** Envelope<PostPage>, for `schema: { response: { 200: postPageResponse } }`. */
export const postPageResponse = {
  type: 'object',
  required: ['data'],
  properties: {
    data: {
      type: 'object',
      required: ['data', 'current_page', 'last_page', 'total'],
      properties: {
        data: { type: 'array', items: apiPostSchema },
        current_page: { type: 'integer' },
        last_page: { type: 'integer' },
        total: { type: 'integer' },
        total_is_estimate: { type: 'boolean' },
        new_count: { type: 'integer' },
        ahead_cursor: { type: 'integer' },
      },
    },
  },
};
