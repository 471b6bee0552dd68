// Issue #28 item 1: the group's picture on its settings screen (src/routes/-group-admin-picture.tsx),
// under `groups.admin.picture` (./group-admin.ts adds it), so these texts come with the group
// screens' chunk and stay out of every first load (src/i18n/later-paths.ts ROUTE_PATHS).
// English first; Portuguese and Spanish have the same keys (Widen).
import type { Widen } from '../widen';

const en = {
  heading: 'Picture',
  change: 'Change picture',
  remove: 'Remove picture',
  hint: 'PNG, JPEG or WebP, up to 2 MB. Everyone in the group sees it, and so does anyone who opens its invite link.',
  none: 'This group has no picture; its initial shows instead.',
  offline: 'You are offline. Changing the picture needs a connection.',
  notYet: 'A picture can be added once the group reaches the server.',
  tooBig: 'This picture is larger than 2 MB. Please choose a smaller one.',
  wrongType: 'This file is not a PNG, JPEG or WebP picture.',
  failed: 'The picture could not be changed.',
  saved: 'The group has its new picture.',
  removed: 'The picture was removed.',
};

const pt: Widen<typeof en> = {
  heading: 'Foto',
  change: 'Trocar foto',
  remove: 'Remover foto',
  hint: 'PNG, JPEG ou WebP, até 2 MB. Todos do grupo veem a foto, e também quem abrir o link de convite.',
  none: 'Este grupo não tem foto; aparece a inicial do nome no lugar.',
  offline: 'Você está sem conexão. Para trocar a foto, é preciso estar on-line.',
  notYet: 'Dá para colocar uma foto assim que o grupo chegar ao servidor.',
  tooBig: 'Esta foto tem mais de 2 MB. Escolha uma menor.',
  wrongType: 'Este arquivo não é uma imagem PNG, JPEG ou WebP.',
  failed: 'Não foi possível trocar a foto.',
  saved: 'O grupo está com a foto nova.',
  removed: 'A foto foi removida.',
};

const es: Widen<typeof en> = {
  heading: 'Foto',
  change: 'Cambiar foto',
  remove: 'Quitar foto',
  hint: 'PNG, JPEG o WebP, hasta 2 MB. La ven todos los del grupo y también quien abra su enlace de invitación.',
  none: 'Este grupo no tiene foto; en su lugar aparece la inicial del nombre.',
  offline: 'No tienes conexión. Para cambiar la foto hace falta estar en línea.',
  notYet: 'Podrás poner una foto en cuanto el grupo llegue al servidor.',
  tooBig: 'Esta foto pesa más de 2 MB. Elige una más pequeña.',
  wrongType: 'Este archivo no es una imagen PNG, JPEG o WebP.',
  failed: 'No se ha podido cambiar la foto.',
  saved: 'El grupo ya tiene su foto nueva.',
  removed: 'Se ha quitado la foto.',
};

export const groupPictureTexts = { 'en-US': en, 'pt-BR': pt, 'es-ES': es } as const;
