// Direct reads of /api/v1 from the test (not through the app), to check what the server holds.
import type { APIRequestContext, BrowserContext } from '@playwright/test';
import type { ApiComment, ApiNote, ApiPost, ApiUser, Envelope, PostPage, PostResponse } from '../../common/contract';
import type { ApiList, ApiListItem, ApiListItemNote, ListDetailResponse, ListIndexResponse, Page } from '../../common/contract';
import { GUEST_TOKEN_COOKIE, MEMBER_TOKEN_COOKIE } from '../../src/state/cookies';

/** The guest's bearer token, as the app stored it in its cookie (docs/product.md §4, §9). */
export async function guestToken(context: BrowserContext): Promise<string> {
  const cookie = (await context.cookies()).find((c) => c.name === GUEST_TOKEN_COOKIE);
  if (!cookie) throw new Error(`No ${GUEST_TOKEN_COOKIE} cookie after continuing as guest`);
  return decodeURIComponent(cookie.value);
}

/** The member's bearer token, as the app stored it in its cookie after a login (docs/product.md §4). */
export async function memberToken(context: BrowserContext): Promise<string> {
  const cookie = (await context.cookies()).find((c) => c.name === MEMBER_TOKEN_COOKIE);
  if (!cookie) throw new Error(`No ${MEMBER_TOKEN_COOKIE} cookie after logging in`);
  return decodeURIComponent(cookie.value);
}

export class ServerApi {
  constructor(
    private readonly request: APIRequestContext,
    private readonly token: string,
  ) {}

  private async get<T>(path: string): Promise<T> {
    const response = await this.request.get(`/api/v1/${path}`, { headers: { authorization: `Bearer ${this.token}` } });
    if (!response.ok()) throw new Error(`GET ${path}: ${response.status()} ${await response.text()}`);
    const body = (await response.json()) as Envelope<T>;
    return body.data;
  }

  async post(id: number): Promise<ApiPost> {
    return (await this.get<PostResponse>(`post/${id}`)).post;
  }

  async feed(): Promise<ApiPost[]> {
    return (await this.get<PostPage>('posts')).data;
  }

  /** The caller's own lists (GET list). */
  async myLists(): Promise<ApiList[]> {
    return (await this.get<ListIndexResponse>('list')).myLists;
  }

  /** A list and the first page of its active (or archived) items. */
  async list(id: number, archived = false): Promise<{ list: ApiList; items: ApiListItem[] }> {
    const detail = await this.get<ListDetailResponse>(`list/${id}${archived ? '?archived=1' : ''}`);
    return { list: detail.list, items: detail.items.data };
  }

  /** The caller's notes on a list item. */
  async itemNotes(listId: number, itemId: number): Promise<ApiListItemNote[]> {
    return (await this.get<Page<ApiListItemNote>>(`list/${listId}/item/${itemId}/note`)).data;
  }

  /** The signed-in member as the server holds them (GET auth/me): name, username, language, channel. */
  /** GET user/my-statistics: the session figures the statistics screen shows. */
  async sessionStatistics(): Promise<{ finished: number; total_items_prayed: number }> {
    return (await this.get<{ statistics: { sessions: { finished: number; total_items_prayed: number } } }>('user/my-statistics')).statistics.sessions;
  }

  async me(): Promise<ApiUser> {
    return (await this.get<{ user: ApiUser }>('auth/me')).user;
  }

  /** Today's prayer count now, with the UTC day it counts (todayMatches). */
  async today(): Promise<TodayMark> {
    const day = utcDay();
    return { count: (await this.me()).today_prayer_count, day };
  }

  /** The first feed page of a channel (x-channel-id), whatever the caller's own channel. */
  async channelFeed(channelId: number): Promise<ApiPost[]> {
    const response = await this.request.get('/api/v1/posts', { headers: { authorization: `Bearer ${this.token}`, 'x-channel-id': String(channelId) } });
    if (!response.ok()) throw new Error(`GET posts (channel ${channelId}): ${response.status()}`);
    return ((await response.json()) as Envelope<PostPage>).data.data;
  }

  async search(text: string): Promise<ApiPost[]> {
    return (await this.get<PostPage>(`posts?search=${encodeURIComponent(text)}`)).data;
  }

  /** The caller's own notes on a post (GET post/{id}/notes). */
  async postNotes(postId: number): Promise<ApiNote[]> {
    return (await this.get<Page<ApiNote>>(`post/${postId}/notes`)).data;
  }

  /** A post's public comments (GET post/{id}/comments). */
  async postComments(postId: number): Promise<ApiComment[]> {
    return (await this.get<Page<ApiComment>>(`post/${postId}/comments`)).data;
  }

  /** The status of GET post/{id} (404 once deleted), without throwing. */
  async postStatus(id: number): Promise<number> {
    return (await this.request.get(`/api/v1/post/${id}`, { headers: { authorization: `Bearer ${this.token}` } })).status();
  }

  /** Makes a list with `texts` as its items, in order (POST list, POST list/{id}/item): not through the app. */
  async createListWithItems(name: string, texts: string[]): Promise<{ list: ApiList; items: ApiListItem[] }> {
    const headers = { authorization: `Bearer ${this.token}` };
    const created = await this.request.post('/api/v1/list', { headers, data: { name, visibility: 'PRIVATE' } });
    if (!created.ok()) throw new Error(`POST list: ${created.status()} ${await created.text()}`);
    const { list } = ((await created.json()) as Envelope<{ list: ApiList }>).data;
    const items: ApiListItem[] = [];
    for (const text of texts) {
      const added = await this.request.post(`/api/v1/list/${list.id}/item`, { headers, data: { text } });
      if (!added.ok()) throw new Error(`POST list/${list.id}/item: ${added.status()} ${await added.text()}`);
      items.push(((await added.json()) as Envelope<{ item: ApiListItem }>).data.item);
    }
    return { list, items };
  }

  /** Creates a request "elsewhere" (POST post), as this account: not through the app under test. */
  async createRequest(text: string): Promise<ApiPost> {
    const response = await this.request.post('/api/v1/post', { headers: { authorization: `Bearer ${this.token}` }, data: { text, type: 'REQUEST' } });
    if (!response.ok()) throw new Error(`POST post: ${response.status()} ${await response.text()}`);
    return ((await response.json()) as Envelope<PostResponse>).data.post;
  }

  /** Prays for a post "elsewhere" (POST post/{id}/pray), as this account. */
  async pray(id: number): Promise<void> {
    const response = await this.request.post(`/api/v1/post/${id}/pray`, { headers: { authorization: `Bearer ${this.token}` } });
    if (!response.ok()) throw new Error(`POST post/${id}/pray: ${response.status()} ${await response.text()}`);
  }

  /** Deletes a post "elsewhere" (DELETE post/{id}): not through the app under test. */
  async deletePost(id: number): Promise<void> {
    const response = await this.request.delete(`/api/v1/post/${id}`, { headers: { authorization: `Bearer ${this.token}` } });
    if (!response.ok()) throw new Error(`DELETE post/${id}: ${response.status()} ${await response.text()}`);
  }
}

/** A seed member's bearer token, from POST auth/login (not through the app under test). */
export async function loginToken(request: APIRequestContext, email: string, password = 'pray-with-us'): Promise<string> {
  const response = await request.post('/api/v1/auth/login', { data: { email, password } });
  if (!response.ok()) throw new Error(`POST auth/login: ${response.status()} ${await response.text()}`);
  return ((await response.json()) as Envelope<{ authorization: { token: string } }>).data.authorization.token;
}

/** Today's prayer count and the UTC day it was read in. */
export type TodayMark = { count: number; day: string };

export function utcDay(): string {
  return new Date().toISOString().slice(0, 10);
}

/**
 * Whether today's prayer count is `count` after `added` prayers since `mark`. The count restarts at
 * UTC midnight (docs/product.md §10): within the day it is exactly mark + added; a run that crossed
 * midnight (CI at 00:00 UTC) counts only the prayers after it, at most `added`. Each prayer's
 * arrival, exactly once, is checked by its own counter in the specs.
 */
export function todayMatches(mark: TodayMark, added: number, count: number): boolean {
  return utcDay() === mark.day ? count === mark.count + added : count <= added;
}
