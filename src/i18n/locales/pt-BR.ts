// Portuguese (pt-BR), channel 2. Same keys as en-US (checked by the Resources type).
import type { Resources } from './en-US';
import { catalogue } from './catalogue';

export const ptBR: Resources = catalogue('pt-BR');
