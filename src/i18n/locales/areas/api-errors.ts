// The app's own words for the server's error codes (issue #12 point 3), read by
// src/components/api-error.ts. English first; Portuguese and Spanish have the same keys (Widen),
// checked by tests/ui/i18n-keys.test.ts; tests/unit/error-codes.test.ts checks every code.
import { en } from './api-errors-en';
import { es } from './api-errors-es';
import { pt } from './api-errors-pt';

export const apiErrorsTexts = { 'en-US': en, 'pt-BR': pt, 'es-ES': es };
