// Issue #12 points 6 and 7: what a guest is told before logging out (what would be lost, and the
// offer to create an account instead), why Lists sends a guest to Register, and the loading line
// of the first paint (index.html, build/first-paint-plugin.ts). English first;
// Portuguese and Spanish have the same keys (Widen), checked by tests/ui/i18n-keys.test.ts.
import type { Widen } from '../widen';

const en = {
  logoutTitle: 'Log out of this guest session?',
  logoutLead: 'A guest session has no password: once you log out, nobody can open it again. You would lose:',
  lossPosts_one: '{{count}} request or thanksgiving you shared',
  lossPosts_other: '{{count}} requests and thanksgivings you shared',
  lossPrayers_one: 'your prayers for {{count}} request',
  lossPrayers_other: 'your prayers for {{count}} requests',
  lossLists_one: '{{count}} prayer list',
  lossLists_other: '{{count}} prayer lists',
  lossQueued_one: '{{count}} change not sent yet',
  lossQueued_other: '{{count}} changes not sent yet',
  lossNothing: 'You have not shared or prayed for anything yet. Next time you will start as a new guest.',
  keepLead: 'Create an account instead and keep all of it.',
  createAccount: 'Create an account',
  logoutAnyway: 'Log out and lose it',
  stay: 'Stay',
  listsNeedAccount: 'Prayer lists need an account. Create one and everything you did as a guest comes with you.',
  registerKeeps: 'Everything you shared and prayed as a guest stays with your new account.',
  shellLoading: 'Opening the app…',
};

const pt: Widen<typeof en> = {
  logoutTitle: 'Sair desta sessão de visitante?',
  logoutLead: 'Uma sessão de visitante não tem senha: depois que você sair, ninguém consegue abri-la de novo. Você perderia:',
  lossPosts_one: '{{count}} pedido ou agradecimento que você compartilhou',
  lossPosts_other: '{{count}} pedidos e agradecimentos que você compartilhou',
  lossPrayers_one: 'suas orações por {{count}} pedido',
  lossPrayers_other: 'suas orações por {{count}} pedidos',
  lossLists_one: '{{count}} lista de oração',
  lossLists_other: '{{count}} listas de oração',
  lossQueued_one: '{{count}} alteração ainda não enviada',
  lossQueued_other: '{{count}} alterações ainda não enviadas',
  lossNothing: 'Você ainda não compartilhou nada nem orou por ninguém. Da próxima vez, você começará como um novo visitante.',
  keepLead: 'Crie uma conta e guarde tudo isso.',
  createAccount: 'Criar uma conta',
  logoutAnyway: 'Sair e perder tudo',
  stay: 'Ficar',
  listsNeedAccount: 'As listas de oração precisam de uma conta. Crie a sua, e tudo o que você fez como visitante vem junto.',
  registerKeeps: 'Tudo o que você compartilhou e orou como visitante continua na sua nova conta.',
  shellLoading: 'Abrindo o app…',
};

const es: Widen<typeof en> = {
  logoutTitle: '¿Cerrar esta sesión de invitado?',
  logoutLead: 'Una sesión de invitado no tiene contraseña: cuando la cierres, nadie podrá volver a abrirla. Perderías:',
  lossPosts_one: '{{count}} petición o agradecimiento que compartiste',
  lossPosts_other: '{{count}} peticiones y agradecimientos que compartiste',
  lossPrayers_one: 'tus oraciones por {{count}} petición',
  lossPrayers_other: 'tus oraciones por {{count}} peticiones',
  lossLists_one: '{{count}} lista de oración',
  lossLists_other: '{{count}} listas de oración',
  lossQueued_one: '{{count}} cambio aún sin enviar',
  lossQueued_other: '{{count}} cambios aún sin enviar',
  lossNothing: 'Todavía no has compartido nada ni has orado por nadie. La próxima vez empezarás como un invitado nuevo.',
  keepLead: 'Crea una cuenta y consérvalo todo.',
  createAccount: 'Crear una cuenta',
  logoutAnyway: 'Cerrar sesión y perderlo',
  stay: 'Quedarme',
  listsNeedAccount: 'Las listas de oración necesitan una cuenta. Crea la tuya y todo lo que hiciste como invitado pasará a tu cuenta.',
  registerKeeps: 'Todo lo que compartiste y oraste como invitado se queda en tu nueva cuenta.',
  shellLoading: 'Abriendo la app…',
};

export const guestTexts = { 'en-US': en, 'pt-BR': pt, 'es-ES': es };
