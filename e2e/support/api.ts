// Direct reads of /api/v1 from the test (not through the app), to check what the server holds.
import type { APIRequestContext, BrowserContext } from '@playwright/test';
import type { ApiPost, Envelope, PostPage, PostResponse } from '../../common/contract';
import { GUEST_TOKEN_COOKIE } from '../../src/state/cookies';

/** The guest's bearer token, as the app stored it in its cookie (SPEC §4, §9). */
export async function guestToken(context: BrowserContext): Promise<string> {
  const cookie = (await context.cookies()).find((c) => c.name === GUEST_TOKEN_COOKIE);
  if (!cookie) throw new Error(`No ${GUEST_TOKEN_COOKIE} cookie after continuing as guest`);
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

  async search(text: string): Promise<ApiPost[]> {
    return (await this.get<PostPage>(`posts?search=${encodeURIComponent(text)}`)).data;
  }
}
