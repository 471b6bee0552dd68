// Long feeds: the virtualized feed and list rendering, collapsed posts.
// English first; Portuguese and Spanish must have the same keys (Widen), checked by tests/ui/i18n-keys.test.ts.
import type { Widen } from '../widen';

const en = {
  // docs/product.md §4 collapsing: the control under the newest post of a folded group.
  showGroup_one: 'Show 1 more post by {{name}}',
  showGroup_other: 'Show {{count}} more posts by {{name}}',
  hideGroup_one: 'Hide 1 earlier post by {{name}}',
  hideGroup_other: 'Hide {{count}} earlier posts by {{name}}',
};

const pt: Widen<typeof en> = {
  showGroup_one: 'Ver mais uma publicação de {{name}}',
  showGroup_other: 'Ver mais {{count}} publicações de {{name}}',
  hideGroup_one: 'Esconder a publicação anterior de {{name}}',
  hideGroup_other: 'Esconder as {{count}} publicações anteriores de {{name}}',
};

const es: Widen<typeof en> = {
  showGroup_one: 'Ver otra publicación de {{name}}',
  showGroup_other: 'Ver {{count}} publicaciones más de {{name}}',
  hideGroup_one: 'Ocultar la publicación anterior de {{name}}',
  hideGroup_other: 'Ocultar las {{count}} publicaciones anteriores de {{name}}',
};

export const feedScreenTexts = { 'en-US': en, 'pt-BR': pt, 'es-ES': es };
