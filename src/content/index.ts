// The public pages' texts in the current language (falls back to English like i18next does).
import { useTranslation } from 'react-i18next';
import { publicEnUS } from './public-en-US';
import { publicEsES } from './public-es-ES';
import { publicPtBR } from './public-pt-BR';
import type { PublicContent } from './types';

export const PUBLIC_CONTENT: Record<'en-US' | 'pt-BR' | 'es-ES', PublicContent> = {
  'en-US': publicEnUS,
  'pt-BR': publicPtBR,
  'es-ES': publicEsES,
};

export function usePublicContent(): PublicContent {
  const { i18n } = useTranslation();
  const language = i18n.language;
  return language === 'pt-BR' || language === 'es-ES' ? PUBLIC_CONTENT[language] : publicEnUS;
}

export { CONTACT_EMAIL, POLICY_UPDATED } from './types';
export type { PublicPage } from './types';
