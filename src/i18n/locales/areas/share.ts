// Issue #13 point 3: sharing a post (the Web Share API, or its link copied) and the landing that
// greets someone who opened a shared link. English first; Portuguese and Spanish have the same
// keys (Widen). The shared text itself is the request's own words; the title is app.name.
import type { Widen } from '../widen';

const en = {
  sharePost: 'Share',
  shareButton: 'Share',
  linkCopied: 'Link copied',
  notYetSent: 'Share once it has been sent. This post is still waiting to reach the server.',
  copyTitle: 'Copy the link',
  copyDescription: 'Your device did not let us copy it for you. Copy the link below and paste it wherever you want to share it.',
  linkLabel: 'Link to this post',
  copy: 'Copy',
  copyFailed: 'Copying did not work here. The link is selected: use your device’s copy command.',
  sharedWithYou: 'Someone shared a prayer request with you',
  sharedWithYouLead: 'Continue as a guest to read it and pray, or log in.',
};

const pt: Widen<typeof en> = {
  sharePost: 'Compartilhar',
  shareButton: 'Compartilhar',
  linkCopied: 'Link copiado',
  notYetSent: 'Compartilhe quando tiver sido enviada. Esta publicação ainda está esperando para chegar ao servidor.',
  copyTitle: 'Copiar o link',
  copyDescription: 'Seu aparelho não deixou copiar automaticamente. Copie o link abaixo e cole onde quiser compartilhar.',
  linkLabel: 'Link desta publicação',
  copy: 'Copiar',
  copyFailed: 'Não foi possível copiar aqui. O link está selecionado: use o comando de copiar do seu aparelho.',
  sharedWithYou: 'Alguém compartilhou um pedido de oração com você',
  sharedWithYouLead: 'Continue como visitante para ler e orar, ou entre na sua conta.',
};

const es: Widen<typeof en> = {
  sharePost: 'Compartir',
  shareButton: 'Compartir',
  linkCopied: 'Enlace copiado',
  notYetSent: 'Compártela cuando se haya enviado. Esta publicación todavía está esperando llegar al servidor.',
  copyTitle: 'Copiar el enlace',
  copyDescription: 'Tu dispositivo no nos dejó copiarlo. Copia el enlace de abajo y pégalo donde quieras compartirlo.',
  linkLabel: 'Enlace a esta publicación',
  copy: 'Copiar',
  copyFailed: 'No se pudo copiar aquí. El enlace está seleccionado: usa el comando de copiar de tu dispositivo.',
  sharedWithYou: 'Alguien compartió contigo una petición de oración',
  sharedWithYouLead: 'Continúa como invitado para leerla y orar, o inicia sesión.',
};

export const shareTexts = { 'en-US': en, 'pt-BR': pt, 'es-ES': es };
