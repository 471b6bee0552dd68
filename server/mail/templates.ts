// The account e-mails in the three languages of docs/product.md §1 (en-US, pt-BR, es-ES), chosen by the
// user's language; anything else falls back to English (docs/product.md §9 default locale).

type MailKind = 'passwordReset' | 'deleteAccount' | 'downloadData';
type MailContent = { subject: string; text: string };
type Lang = 'en' | 'pt' | 'es';
type Template = { subject: string; lines: (link: string, hours: number) => string[] };

const TEMPLATES: Record<MailKind, Record<Lang, Template>> = {
  passwordReset: {
    en: {
      subject: 'Reset your password',
      lines: (link, hours) => ['Someone asked to reset the password of your Prayer account.', `Choose a new password here (the link works for ${hours} hour(s), once):`, link, 'If it was not you, ignore this e-mail: your password stays as it is.'],
    },
    pt: {
      subject: 'Redefina sua senha',
      lines: (link, hours) => ['Recebemos um pedido para redefinir a senha da sua conta no Prayer.', `Escolha uma nova senha aqui (o link vale por ${hours} hora(s), uma única vez):`, link, 'Se não foi você, ignore este e-mail: sua senha continua a mesma.'],
    },
    es: {
      subject: 'Restablece tu contraseña',
      lines: (link, hours) => ['Alguien pidió restablecer la contraseña de tu cuenta de Prayer.', `Elige una nueva contraseña aquí (el enlace vale ${hours} hora(s), una sola vez):`, link, 'Si no fuiste tú, ignora este correo: tu contraseña no cambia.'],
    },
  },
  deleteAccount: {
    en: {
      subject: 'Confirm the deletion of your account',
      lines: (link, hours) => ['You asked to delete your Prayer account and all of its data (prayer requests, prayers, comments, notes, bookmarks and lists).', `To confirm, open this link within ${hours} hours. This cannot be undone.`, link, 'If it was not you, ignore this e-mail and consider changing your password.'],
    },
    pt: {
      subject: 'Confirme a exclusão da sua conta',
      lines: (link, hours) => ['Você pediu para excluir sua conta no Prayer e todos os seus dados (pedidos de oração, orações, comentários, notas, favoritos e listas).', `Para confirmar, abra este link em até ${hours} horas. Isso não pode ser desfeito.`, link, 'Se não foi você, ignore este e-mail e considere trocar sua senha.'],
    },
    es: {
      subject: 'Confirma la eliminación de tu cuenta',
      lines: (link, hours) => ['Pediste eliminar tu cuenta de Prayer y todos sus datos (peticiones de oración, oraciones, comentarios, notas, favoritos y listas).', `Para confirmar, abre este enlace en las próximas ${hours} horas. No se puede deshacer.`, link, 'Si no fuiste tú, ignora este correo y considera cambiar tu contraseña.'],
    },
  },
  downloadData: {
    en: {
      subject: 'Your data is ready to download',
      lines: (link, hours) => ['You asked for a copy of your Prayer data.', `Download it here (the link works for ${hours} hours):`, link],
    },
    pt: {
      subject: 'Seus dados estão prontos para download',
      lines: (link, hours) => ['Você pediu uma cópia dos seus dados no Prayer.', `Baixe aqui (o link vale por ${hours} horas):`, link],
    },
    es: {
      subject: 'Tus datos están listos para descargar',
      lines: (link, hours) => ['Pediste una copia de tus datos de Prayer.', `Descárgalos aquí (el enlace vale ${hours} horas):`, link],
    },
  },
};

function langOf(language: string): Lang {
  const code = language.slice(0, 2).toLowerCase();
  return code === 'pt' || code === 'es' ? code : 'en';
}

export function renderMail(kind: MailKind, language: string, link: string, hours: number): MailContent {
  const template = TEMPLATES[kind][langOf(language)];
  return { subject: template.subject, text: `${template.lines(link, hours).join('\n\n')}\n` };
}
