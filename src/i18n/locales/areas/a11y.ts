// Shared accessibility strings (skip links, landmarks, live regions, accessible names).
// English first; Portuguese and Spanish must have the same keys (Widen), checked by tests/ui/i18n-keys.test.ts.
// An accessible name starts with the control's visible text (issue #12, WCAG 2.5.3 label in name).
import type { Widen } from '../widen';

const en = {
  /** The header's language switcher: it shows the current language's name. */
  languageButton: '{{name}}: choose the language',
  /** A list item's link to its notes and comments, then the item's name. */
  itemOpen: '{{open}}: {{name}}',
};

const pt: Widen<typeof en> = {
  languageButton: '{{name}}: escolher o idioma',
  itemOpen: '{{open}}: {{name}}',
};

const es: Widen<typeof en> = {
  languageButton: '{{name}}: elegir el idioma',
  itemOpen: '{{open}}: {{name}}',
};

export const a11yTexts = { 'en-US': en, 'pt-BR': pt, 'es-ES': es };
