// Issue #28 item 6: a group's new posts in the Notifications list (`post`, one short string in the
// first load) and each member's setting for a group (`setting`, which comes later with the commands:
// src/i18n/later-paths.ts LATER_PATHS, docs/decisions/0181-texts-that-come-with-the-commands.md).
// English first; Portuguese and Spanish have the same keys (Widen).
import type { Widen } from '../widen';

const en = {
  post: '{{name}} posted in {{group}}',
  setting: {
    legend: 'Notify me of new posts in this group',
    all: 'All posts',
    requests: 'Prayer requests only',
    none: 'None',
    hint: 'Prayers and comments on your own requests notify you whatever you choose here.',
    saving: 'Saved on this device; it will reach the server when you are online.',
    saved: 'Saved',
    refused: 'Not saved: your earlier choice is back. The refused changes say why.',
  },
};

const pt: Widen<typeof en> = {
  post: '{{name}} publicou em {{group}}',
  setting: {
    legend: 'Avisar sobre novas publicações deste grupo',
    all: 'Todas as publicações',
    requests: 'Só pedidos de oração',
    none: 'Nenhuma',
    hint: 'Orações e comentários nos seus próprios pedidos continuam avisando, seja qual for a escolha.',
    saving: 'Salvo neste aparelho; vai para o servidor quando você estiver on-line.',
    saved: 'Salvo',
    refused: 'Não foi salvo: a escolha anterior voltou. As alterações recusadas dizem o porquê.',
  },
};

const es: Widen<typeof en> = {
  post: '{{name}} publicó en {{group}}',
  setting: {
    legend: 'Avisarme de las nuevas publicaciones de este grupo',
    all: 'Todas las publicaciones',
    requests: 'Solo peticiones de oración',
    none: 'Ninguna',
    hint: 'Las oraciones y los comentarios en tus propias peticiones te avisan igual, elijas lo que elijas.',
    saving: 'Guardado en este dispositivo; llegará al servidor cuando tengas conexión.',
    saved: 'Guardado',
    refused: 'No se guardó: volvió tu elección anterior. Los cambios rechazados dicen por qué.',
  },
};

export const groupNotifyTexts = { 'en-US': en, 'pt-BR': pt, 'es-ES': es } as const;
