// The cookie-consent texts in Portuguese (src/platform/consent-texts.ts): loaded only for a banner shown in it.
import type { Texts } from './consent-texts';

export const TEXTS: Texts = {
  title: 'Sua privacidade é importante para nós',
  description: 'Usamos cookies necessários para o funcionamento do app e, somente com a sua permissão, cookies de análise que nos ajudam a entender como o app é usado. Leia a nossa <a href="{base}/privacy">política de privacidade</a>.',
  acceptAll: 'Aceitar todos',
  acceptNecessary: 'Somente os necessários',
  managePreferences: 'Gerenciar preferências',
  preferencesTitle: 'Preferências de cookies',
  savePreferences: 'Salvar minhas escolhas',
  close: 'Fechar',
  usageTitle: 'Como usamos cookies',
  usage: 'Você pode escolher quais cookies opcionais podemos usar e mudar sua escolha a qualquer momento.',
  necessaryTitle: 'Estritamente necessários',
  necessary: 'Mantêm você conectado e guardam seu idioma e canal. O app não funciona sem eles, por isso estão sempre ativos.',
  analyticsTitle: 'Análise',
  analytics: 'Contam as visitas e mostram quais telas são usadas, para podermos melhorar o app. Nunca identificam você pessoalmente.',
  moreTitle: 'Mais informações',
  more: 'Para qualquer dúvida sobre cookies e suas escolhas, veja a nossa <a href="{base}/privacy">política de privacidade</a> ou <a href="{base}/contact">fale conosco</a>.',
};
