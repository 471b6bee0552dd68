// Unsent drafts (issue #26 point 1): the question asked before a form's words are thrown away.
// English first; Portuguese and Spanish must have the same keys (Widen), checked by tests/ui/i18n-keys.test.ts.
import type { Widen } from '../widen';

const en = {
  discardTitle: 'Discard this draft?',
  discardDescription: 'What you wrote will be deleted from this device.',
  keepWriting: 'Keep writing',
  discard: 'Discard',
};

const pt: Widen<typeof en> = {
  discardTitle: 'Descartar este rascunho?',
  discardDescription: 'O que você escreveu será apagado deste aparelho.',
  keepWriting: 'Continuar escrevendo',
  discard: 'Descartar',
};

const es: Widen<typeof en> = {
  discardTitle: '¿Descartar este borrador?',
  discardDescription: 'Lo que escribiste se borrará de este dispositivo.',
  keepWriting: 'Seguir escribiendo',
  discard: 'Descartar',
};

export const draftsTexts = { 'en-US': en, 'pt-BR': pt, 'es-ES': es };
