// Issue #28 item 3: updates of a request. `card` is what the post card and its menu show (first
// load: the word and the menu action, which a menu opened at once must not show as a key); `later` comes with the commands (src/i18n/later-paths.ts LATER_PATHS): the menu action,
// the dialogs, the banners, the remove button's name (the author's, on a card loaded later too) and
// the notification's sentence (the Notifications screen is not a first screen). English first; Portuguese and Spanish
// have the same keys (Widen).
import type { Widen } from '../widen';

const en = {
  card: {
    label: 'Update',
    addAction: 'Add an update',
  },
  later: {
    notification: 'There is an update on a request you prayed for',
    remove: 'Remove this update',
    description: 'Tell everyone who prayed how things are going.',
    submit: 'Post update',
    empty: 'Write the update',
    added: {
      waiting: 'Update saved on this device. It will be posted when you are back online.',
      sending: 'Update saved. Posting it…',
      sent: 'Update posted. Everyone who prayed will be told.',
    },
    removeTitle: 'Remove this update?',
    removeText: 'It will be removed for everyone.',
    removeConfirm: 'Remove',
    cancel: 'Cancel',
  },
};

const pt: Widen<typeof en> = {
  card: {
    label: 'Atualização',
    addAction: 'Adicionar uma atualização',
  },
  later: {
    notification: 'Há uma atualização no pedido pelo qual você orou',
    remove: 'Remover esta atualização',
    description: 'Conte para quem orou como estão as coisas.',
    submit: 'Publicar atualização',
    empty: 'Escreva a atualização',
    added: {
      waiting: 'Atualização salva neste aparelho. Ela será publicada quando você estiver on-line de novo.',
      sending: 'Atualização salva. Publicando…',
      sent: 'Atualização publicada. Quem orou vai ser avisado.',
    },
    removeTitle: 'Remover esta atualização?',
    removeText: 'Ela será removida para todos.',
    removeConfirm: 'Remover',
    cancel: 'Cancelar',
  },
};

const es: Widen<typeof en> = {
  card: {
    label: 'Actualización',
    addAction: 'Añadir una actualización',
  },
  later: {
    notification: 'Hay una actualización de una petición por la que oraste',
    remove: 'Quitar esta actualización',
    description: 'Cuenta a quienes oraron cómo van las cosas.',
    submit: 'Publicar actualización',
    empty: 'Escribe la actualización',
    added: {
      waiting: 'Actualización guardada en este dispositivo. Se publicará cuando vuelvas a tener conexión.',
      sending: 'Actualización guardada. Publicando…',
      sent: 'Actualización publicada. Se avisará a quienes oraron.',
    },
    removeTitle: '¿Quitar esta actualización?',
    removeText: 'Se quitará para todos.',
    removeConfirm: 'Quitar',
    cancel: 'Cancelar',
  },
};

export const updatesTexts = { 'en-US': en, 'pt-BR': pt, 'es-ES': es };
