// Issue #12 items 8 and 9: reporting (no preselected reason, optional details), "Hide posts from
// this person" and Settings' Hidden people, and the end and empty states that say what they mean
// and what to do next. English first; Portuguese and Spanish have the same keys (Widen).
import type { Widen } from '../widen';

const en = {
  chooseReason: 'Choose a reason.',
  detailsLabel: 'Anything else we should know? (optional)',
  detailsHint: 'Up to {{max}} characters. Only moderators read this.',
  detailsTooLong: 'Keep it under {{max}} characters.',
  reportedHidden: 'Thank you. We will review it. You will not see this post again.',
  notAgain: 'You will not see this post again.',
  hidePerson: 'Hide posts from this person',
  hiddenPerson: 'You will no longer see posts from {{name}}. You can show them again in Settings.',
  hiddenTitle: 'Hidden people',
  hiddenLead: 'You do not see posts or comments from these people. They are not told.',
  hiddenNone: 'You have not hidden anyone. To hide someone, open the menu on one of their posts and choose “Hide posts from this person”.',
  showAgain: 'Show again',
  shownAgain: 'Posts from {{name}} are shown again.',
  moderationDetails: 'What reporters wrote',
  feedEnd: 'You are all caught up. Take a moment to pray for these requests.',
  feedEndPray: 'Start praying',
  profileNoPosts: '{{name}} has not shared any requests yet.',
  backToCommunity: 'Back to the community',
};

const pt: Widen<typeof en> = {
  chooseReason: 'Escolha um motivo.',
  detailsLabel: 'Quer contar mais alguma coisa? (opcional)',
  detailsHint: 'Até {{max}} caracteres. Só os moderadores leem isto.',
  detailsTooLong: 'Use no máximo {{max}} caracteres.',
  reportedHidden: 'Obrigado. Vamos analisar. Você não verá mais esta publicação.',
  notAgain: 'Você não verá mais esta publicação.',
  hidePerson: 'Ocultar publicações desta pessoa',
  hiddenPerson: 'Você não verá mais as publicações de {{name}}. Pode voltar a mostrá-las em Configurações.',
  hiddenTitle: 'Pessoas ocultas',
  hiddenLead: 'Você não vê publicações nem comentários destas pessoas. Elas não são avisadas.',
  hiddenNone: 'Você não ocultou ninguém. Para ocultar alguém, abra o menu de uma publicação da pessoa e escolha “Ocultar publicações desta pessoa”.',
  showAgain: 'Mostrar de novo',
  shownAgain: 'As publicações de {{name}} voltaram a aparecer.',
  moderationDetails: 'O que as pessoas escreveram',
  feedEnd: 'Você já viu tudo. Reserve um momento para orar por esses pedidos.',
  feedEndPray: 'Começar a orar',
  profileNoPosts: '{{name}} ainda não compartilhou nenhum pedido.',
  backToCommunity: 'Voltar para a comunidade',
};

const es: Widen<typeof en> = {
  chooseReason: 'Elige un motivo.',
  detailsLabel: '¿Quieres contarnos algo más? (opcional)',
  detailsHint: 'Hasta {{max}} caracteres. Solo lo leen los moderadores.',
  detailsTooLong: 'Usa como máximo {{max}} caracteres.',
  reportedHidden: 'Gracias. Lo revisaremos. No volverás a ver esta publicación.',
  notAgain: 'No volverás a ver esta publicación.',
  hidePerson: 'Ocultar las publicaciones de esta persona',
  hiddenPerson: 'Ya no verás las publicaciones de {{name}}. Puedes volver a mostrarlas en Ajustes.',
  hiddenTitle: 'Personas ocultas',
  hiddenLead: 'No ves publicaciones ni comentarios de estas personas. No se les avisa.',
  hiddenNone: 'No has ocultado a nadie. Para ocultar a alguien, abre el menú de una de sus publicaciones y elige «Ocultar las publicaciones de esta persona».',
  showAgain: 'Volver a mostrar',
  shownAgain: 'Las publicaciones de {{name}} vuelven a mostrarse.',
  moderationDetails: 'Lo que escribieron quienes denunciaron',
  feedEnd: 'Ya lo has visto todo. Dedica un momento a orar por estas peticiones.',
  feedEndPray: 'Empezar a orar',
  profileNoPosts: '{{name}} todavía no ha compartido ninguna petición.',
  backToCommunity: 'Volver a la comunidad',
};

export const reportingTexts = { 'en-US': en, 'pt-BR': pt, 'es-ES': es };
