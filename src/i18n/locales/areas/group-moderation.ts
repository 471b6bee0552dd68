// Issue #28 item 3: the moderation screen's sections of the groups I moderate (docs/product.md §11
// 'Reports in a group'; src/routes/_private/-group-reports.tsx), under `moderation.groups`. Not in
// any first load: they come with the moderation screen's chunk (src/i18n/later-paths.ts ROUTE_PATHS,
// src/i18n/group-moderation-texts.ts). The refused-list label of 'group.moderate' is in
// post-detail-ops.ts. English first; Portuguese and Spanish have the same keys (Widen).
import type { Widen } from '../widen';

const en = {
  community: 'The community',
  heading: 'Reports in {{name}}',
  intro: 'Only the moderators and admins of this group see these reports. In a group, reports never hide anything by themselves: everything stays as it is until you decide.',
  none: 'Nothing in this group waits for review.',
  notRead: 'The reports of this group load when you are online.',
  failed: 'The latest reports of this group could not be loaded. Try again later.',
};

const pt: Widen<typeof en> = {
  community: 'A comunidade',
  heading: 'Denúncias em {{name}}',
  intro: 'Só os moderadores e administradores deste grupo veem estas denúncias. Em um grupo, denúncias nunca ocultam nada sozinhas: tudo continua como está até você decidir.',
  none: 'Nada deste grupo aguardando análise.',
  notRead: 'As denúncias deste grupo são carregadas quando você estiver conectado.',
  failed: 'Não foi possível carregar as denúncias mais recentes deste grupo. Tente de novo mais tarde.',
};

const es: Widen<typeof en> = {
  community: 'La comunidad',
  heading: 'Denuncias en {{name}}',
  intro: 'Solo los moderadores y administradores de este grupo ven estas denuncias. En un grupo, las denuncias nunca ocultan nada por sí solas: todo sigue igual hasta que decidas.',
  none: 'No hay nada de este grupo pendiente de revisión.',
  notRead: 'Las denuncias de este grupo se cargan cuando tienes conexión.',
  failed: 'No se han podido cargar las denuncias más recientes de este grupo. Inténtalo más tarde.',
};

export const groupModerationTexts = { 'en-US': en, 'pt-BR': pt, 'es-ES': es };
