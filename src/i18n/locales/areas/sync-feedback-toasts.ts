// The change toasts' words (issue #26 point 4), part of the sync feedback area (sync-feedback.ts):
// the line after an action saying where the change stands, in both grammatical genders, the gender
// of each noun a toast speaks of (src/routes/-change-toast.ts CHANGE_TOASTS), and the actions.
// English first; Portuguese and Spanish must have the same keys (Widen), checked by tests/ui/i18n-keys.test.ts.
import type { Widen } from '../widen';

export const toastsEn = {
  /** After a change's action, in its noun's gender (`gender` below; English has one form). */
  delivery: {
    m: {
      waiting: 'Saved on this device. It will be sent when you are back online.',
      sending: 'Saved on this device. Sending…',
      sent: 'Sent.',
    },
    f: {
      waiting: 'Saved on this device. It will be sent when you are back online.',
      sending: 'Saved on this device. Sending…',
      sent: 'Sent.',
    },
  },
  /** The grammatical gender ('m' or 'f') of each noun a change toast speaks of (src/routes/-change-toast.ts). */
  gender: { request: 'm', post: 'm', testimony: 'm', list: 'm', prayer: 'm', comment: 'm', note: 'm', reminder: 'm', setting: 'm', name: 'm' },
  action: {
    postEdited: 'Post edited.',
    testimonyEdited: 'Testimony edited.',
    listUpdated: 'List updated.',
    itemUpdated: 'Prayer updated.',
    commentAdded: 'Comment added.',
    noteAdded: 'Note added.',
  },
  /** The Undo a delete or an archive offers (src/commands/undo.ts). */
  undo: { action: 'Undo', done: 'Undone.', late: 'Too late to undo: it was already sent.' },
};

export const toastsPt: Widen<typeof toastsEn> = {
  delivery: {
    m: {
      waiting: 'Salvo neste aparelho. Será enviado quando você voltar a ficar online.',
      sending: 'Salvo neste aparelho. Enviando…',
      sent: 'Enviado.',
    },
    f: {
      waiting: 'Salva neste aparelho. Será enviada quando você voltar a ficar online.',
      sending: 'Salva neste aparelho. Enviando…',
      sent: 'Enviada.',
    },
  },
  // pedido, publicação, testemunho, lista, oração, comentário, anotação, lembrete, ajuste, nome
  gender: { request: 'm', post: 'f', testimony: 'm', list: 'f', prayer: 'f', comment: 'm', note: 'f', reminder: 'm', setting: 'm', name: 'm' },
  action: {
    postEdited: 'Publicação editada.',
    testimonyEdited: 'Testemunho editado.',
    listUpdated: 'Lista atualizada.',
    itemUpdated: 'Oração atualizada.',
    commentAdded: 'Comentário adicionado.',
    noteAdded: 'Anotação adicionada.',
  },
  undo: { action: 'Desfazer', done: 'Desfeito.', late: 'Não dá mais para desfazer: a alteração já foi enviada.' },
};

export const toastsEs: Widen<typeof toastsEn> = {
  delivery: {
    m: {
      waiting: 'Guardado en este dispositivo. Se enviará cuando vuelvas a tener conexión.',
      sending: 'Guardado en este dispositivo. Enviando…',
      sent: 'Enviado.',
    },
    f: {
      waiting: 'Guardada en este dispositivo. Se enviará cuando vuelvas a tener conexión.',
      sending: 'Guardada en este dispositivo. Enviando…',
      sent: 'Enviada.',
    },
  },
  // petición, publicación, testimonio, lista, oración, comentario, nota, recordatorio, ajuste, nombre
  gender: { request: 'f', post: 'f', testimony: 'm', list: 'f', prayer: 'f', comment: 'm', note: 'f', reminder: 'm', setting: 'm', name: 'm' },
  action: {
    postEdited: 'Publicación editada.',
    testimonyEdited: 'Testimonio editado.',
    listUpdated: 'Lista actualizada.',
    itemUpdated: 'Oración actualizada.',
    commentAdded: 'Comentario añadido.',
    noteAdded: 'Nota añadida.',
  },
  undo: { action: 'Deshacer', done: 'Deshecho.', late: 'Ya no se puede deshacer: el cambio ya se envió.' },
};
