// Push through FCM's HTTP v1 API (issue #6 'Push with Firebase'): configured by a service
// account; without one, notifications stay in-app only and nothing is sent.
//   FCM_SERVICE_ACCOUNT_JSON  the service account key (JSON text), or
//   FCM_SERVICE_ACCOUNT_FILE  a path to that JSON file
//   FCM_PROJECT_ID            overrides the key's project_id
//   FCM_ENDPOINT              default https://fcm.googleapis.com
//   FCM_TOKEN_URL             the OAuth token endpoint; default the key's token_uri, else Google's
import { readFileSync } from 'node:fs';
import { z } from 'zod';

export type FcmConfig = {
  projectId: string;
  clientEmail: string;
  /** PEM private key of the service account (RS256). */
  privateKey: string;
  endpoint: string;
  tokenUrl: string;
};

export const DEFAULT_FCM_ENDPOINT = 'https://fcm.googleapis.com';
export const DEFAULT_TOKEN_URL = 'https://oauth2.googleapis.com/token';

const serviceAccountSchema = z.object({
  project_id: z.string().min(1),
  client_email: z.string().min(1),
  private_key: z.string().min(1),
  token_uri: z.string().url().optional(),
});

function nonEmpty(value: string | undefined): string | undefined {
  return value === undefined || value.trim() === '' ? undefined : value.trim();
}

function serviceAccountText(env: NodeJS.ProcessEnv): string | undefined {
  const inline = nonEmpty(env.FCM_SERVICE_ACCOUNT_JSON);
  if (inline !== undefined) return inline;
  const file = nonEmpty(env.FCM_SERVICE_ACCOUNT_FILE);
  return file === undefined ? undefined : readFileSync(file, 'utf8');
}

/** Null when no service account is configured; throws on a malformed one (fail at start, not at the first push). */
export function loadFcmConfig(env: NodeJS.ProcessEnv): FcmConfig | null {
  const text = serviceAccountText(env);
  if (text === undefined) return null;
  const parsed = serviceAccountSchema.safeParse(JSON.parse(text));
  if (!parsed.success) throw new Error('FCM service account must have project_id, client_email and private_key');
  const account = parsed.data;
  return {
    projectId: nonEmpty(env.FCM_PROJECT_ID) ?? account.project_id,
    clientEmail: account.client_email,
    privateKey: account.private_key,
    endpoint: (nonEmpty(env.FCM_ENDPOINT) ?? DEFAULT_FCM_ENDPOINT).replace(/\/+$/, ''),
    tokenUrl: nonEmpty(env.FCM_TOKEN_URL) ?? account.token_uri ?? DEFAULT_TOKEN_URL,
  };
}
