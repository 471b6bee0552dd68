// Prayer lists: /lists, biblical prayers, bookmarks, my prayers, a list, an item.
// English first; Portuguese and Spanish must have the same keys (Widen), checked by tests/ui/i18n-keys.test.ts.
import { en } from './lists-en';
import { es } from './lists-es';
import { pt } from './lists-pt';

export const listsTexts = { 'en-US': en, 'pt-BR': pt, 'es-ES': es };
