// Issue #12 point 4: the pray control of post cards, the post detail and list items
// (src/components/pray-button.tsx). A thanksgiving has its own verb. The accessible name starts
// with the visible text (label, then the count), then says what the count is.
// English first; Portuguese and Spanish must have the same keys (Widen), checked by tests/ui/i18n-keys.test.ts.
import type { Widen } from '../widen';

const en = {
  pray: {
    action: 'Pray',
    done: 'You prayed',
    count_one: '{{count}} prayer so far',
    count_other: '{{count}} prayers so far',
    again: 'Your prayer is already counted',
  },
  thank: {
    action: 'Give thanks',
    done: 'You gave thanks',
    count_one: '{{count}} gave thanks so far',
    count_other: '{{count}} gave thanks so far',
    again: 'Your thanks are already counted',
  },
  /** The button's accessible name: its visible text first (WCAG 2.5.3). */
  name: '{{label}}, {{count}}',
  nameFor: '{{label}}, {{count}}: “{{subject}}”',
  /** A pray of this device not sent yet (offline): said after the name. */
  nameWaiting: '{{name}} (waiting to sync)',
};

const pt: Widen<typeof en> = {
  pray: {
    action: 'Orar',
    done: 'Você orou',
    count_zero: '{{count}} orações até agora',
    count_one: '{{count}} oração até agora',
    count_other: '{{count}} orações até agora',
    again: 'Sua oração já foi contada',
  },
  thank: {
    action: 'Agradecer',
    done: 'Você agradeceu',
    count_zero: '{{count}} agradeceram até agora',
    count_one: '{{count}} agradeceu até agora',
    count_other: '{{count}} agradeceram até agora',
    again: 'Seu agradecimento já foi contado',
  },
  name: '{{label}}, {{count}}',
  nameFor: '{{label}}, {{count}}: “{{subject}}”',
  nameWaiting: '{{name}} (aguardando sincronização)',
};

const es: Widen<typeof en> = {
  pray: {
    action: 'Orar',
    done: 'Has orado',
    count_one: '{{count}} oración hasta ahora',
    count_other: '{{count}} oraciones hasta ahora',
    again: 'Tu oración ya está contada',
  },
  thank: {
    action: 'Dar gracias',
    done: 'Has dado gracias',
    count_one: '{{count}} ha dado gracias hasta ahora',
    count_other: '{{count}} han dado gracias hasta ahora',
    again: 'Tu agradecimiento ya está contado',
  },
  name: '{{label}}, {{count}}',
  nameFor: '{{label}}, {{count}}: «{{subject}}»',
  nameWaiting: '{{name}} (esperando sincronización)',
};

export const prayControlTexts = { 'en-US': en, 'pt-BR': pt, 'es-ES': es };
