// The interface language follows the channel (docs/product.md §4 channel/locale state): when the stored
// channel changes (startup, logout reset, a later language switch), i18next switches with it.
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useChannel } from '../db/queries';
import { toSupportedLocale } from './index';

export function useChannelLanguage(): void {
  const { i18n } = useTranslation();
  const channel = useChannel();
  const locale = toSupportedLocale(channel?.lang);
  useEffect(() => {
    if (locale && locale !== i18n.language) void i18n.changeLanguage(locale);
  }, [i18n, locale]);
}
