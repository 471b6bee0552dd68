// The installed-app platform: install and notification prompts, updates, consent.
// English first; Portuguese and Spanish must have the same keys (Widen), checked by tests/ui/i18n-keys.test.ts.
import type { Widen } from '../widen';

const en = {
  install: {
    // docs/product.md §2 app-wide overlay title, in the words a native speaker would use (issue #12, REVIEW.md).
    title: 'Pray better with the app',
    body: 'Install Prayer Community on this device: it opens in its own window, works without a signal and keeps your prayer lists one tap away.',
    install: 'Install the app',
    notNow: 'Not now',
    never: "Don't ask again",
  },
  notifications: {
    // docs/product.md §2 app-wide overlay title.
    title: 'Turn on Notifications',
    body: 'Know when someone prays for your request or comments on it, and when a request you prayed for is answered.',
    turnOn: 'Turn on',
    notNow: 'Not now',
    on: 'Notifications are on.',
    blocked: 'Notifications are blocked. You can allow them in your browser settings.',
    menu: 'Turn on notifications',
  },
  botCheck: {
    attribution: 'This site is protected by reCAPTCHA and the Google <privacy>Privacy Policy</privacy> and <terms>Terms of Service</terms> apply.',
  },
};

const pt: Widen<typeof en> = {
  install: {
    title: 'Ore melhor com o app',
    body: 'Instale o app Comunidade de Oração neste aparelho: ele abre em uma janela própria, funciona mesmo sem sinal e deixa suas listas de oração a um toque.',
    install: 'Instalar o app',
    notNow: 'Agora não',
    never: 'Não perguntar de novo',
  },
  notifications: {
    title: 'Ative as notificações',
    body: 'Saiba quando alguém orar pelo seu pedido ou comentar nele, e quando um pedido pelo qual você orou for respondido.',
    turnOn: 'Ativar',
    notNow: 'Agora não',
    on: 'As notificações estão ativadas.',
    blocked: 'As notificações estão bloqueadas. Você pode permiti-las nas configurações do navegador.',
    menu: 'Ativar notificações',
  },
  botCheck: {
    attribution: 'Este site é protegido pelo reCAPTCHA, e se aplicam a <privacy>Política de Privacidade</privacy> e os <terms>Termos de Serviço</terms> do Google.',
  },
};

const es: Widen<typeof en> = {
  install: {
    title: 'Ora mejor con la app',
    body: 'Instala la app Comunidad de Oración en este dispositivo: se abre en su propia ventana, funciona sin cobertura y tiene tus listas de oración a un toque.',
    install: 'Instalar la app',
    notNow: 'Ahora no',
    never: 'No volver a preguntar',
  },
  notifications: {
    title: 'Activa las notificaciones',
    body: 'Entérate cuando alguien ore por tu petición o la comente, y cuando se responda una petición por la que oraste.',
    turnOn: 'Activar',
    notNow: 'Ahora no',
    on: 'Las notificaciones están activadas.',
    blocked: 'Las notificaciones están bloqueadas. Puedes permitirlas en los ajustes del navegador.',
    menu: 'Activar notificaciones',
  },
  botCheck: {
    attribution: 'Este sitio está protegido por reCAPTCHA y se aplican la <privacy>Política de Privacidad</privacy> y las <terms>Condiciones del Servicio</terms> de Google.',
  },
};

export const platformTexts = { 'en-US': en, 'pt-BR': pt, 'es-ES': es };
