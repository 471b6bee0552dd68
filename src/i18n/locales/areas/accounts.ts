// Accounts: password recovery, welcome back, social sign-in, settings, profiles.
// English first; Portuguese and Spanish must have the same keys (Widen), checked by tests/ui/i18n-keys.test.ts.
import { en } from './accounts-en';
import { es } from './accounts-es';
import { pt } from './accounts-pt';

export const accountsTexts = { 'en-US': en, 'pt-BR': pt, 'es-ES': es };
