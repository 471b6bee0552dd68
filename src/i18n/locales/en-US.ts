// English (en-US), the default locale (docs/product.md §9) and the shape every other locale must
// match. The catalogues' layout (one file per area, all three languages in it): ./catalogue.ts.
import type { Widen } from './widen';
import { catalogue } from './catalogue';

export const enUS = catalogue('en-US');

/** Every locale has exactly these keys; plural forms beyond _one/_other are optional extras. */
export type Resources = Widen<typeof enUS>;
