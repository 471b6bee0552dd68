// Post detail: /community/post/{id}, comments, notes, post actions menus.
// English first; Portuguese and Spanish must have the same keys (Widen), checked by tests/ui/i18n-keys.test.ts.
import type { Widen } from '../widen';

const en = {};

const pt: Widen<typeof en> = {};

const es: Widen<typeof en> = {};

export const postDetailTexts = { 'en-US': en, 'pt-BR': pt, 'es-ES': es };
