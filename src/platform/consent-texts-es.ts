// The cookie-consent texts in Spanish (src/platform/consent-texts.ts): loaded only for a banner shown in it.
import type { Texts } from './consent-texts';

export const TEXTS: Texts = {
  title: 'Valoramos tu privacidad',
  description: 'Usamos cookies necesarias para que la app funcione y, solo si lo aceptas, cookies de análisis que nos ayudan a entender cómo se usa la app. Lee nuestra <a href="{base}/privacy">política de privacidad</a>.',
  acceptAll: 'Aceptar todas',
  acceptNecessary: 'Solo las necesarias',
  managePreferences: 'Gestionar preferencias',
  preferencesTitle: 'Preferencias de cookies',
  savePreferences: 'Guardar mis preferencias',
  close: 'Cerrar',
  usageTitle: 'Cómo usamos las cookies',
  usage: 'Puedes elegir qué cookies opcionales podemos usar y cambiar tu elección en cualquier momento.',
  necessaryTitle: 'Estrictamente necesarias',
  necessary: 'Mantienen tu sesión iniciada y recuerdan tu idioma y canal. La app no funciona sin ellas, por eso están siempre activas.',
  analyticsTitle: 'Análisis',
  analytics: 'Cuentan las visitas y muestran qué pantallas se usan, para que podamos mejorar la app. Nunca te identifican personalmente.',
  moreTitle: 'Más información',
  more: 'Para cualquier duda sobre las cookies y tus elecciones, consulta nuestra <a href="{base}/privacy">política de privacidad</a> o <a href="{base}/contact">contáctanos</a>.',
};
