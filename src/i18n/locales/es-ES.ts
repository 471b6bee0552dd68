// Spanish (es-ES), channel 3. Same keys as en-US (checked by the Resources type).
import type { Resources } from './en-US';
import { catalogue } from './catalogue';

export const esES: Resources = catalogue('es-ES');
