// The guided prayer session (issue #13 point 4): its beginning, the quiet timer and its end screen.
// The older session texts (progress, skip, previous, the finished heading) stay in prayer.ts.
// English first; Portuguese and Spanish must have the same keys (Widen), checked by tests/ui/i18n-keys.test.ts.
import type { Widen } from '../widen';

const en = {
  sources: {
    bookmarks: 'Your bookmarks',
    myPrayers: 'Your requests',
  },
  begin: {
    lead: 'A quiet time of prayer, one request at a time.',
    available_one: '{{count}} request ready',
    available_other: '{{count}} requests ready',
    countLegend: 'How many requests',
    countAll: 'All ({{count}})',
    timerLegend: 'Quiet timer for each request',
    timerHint: 'A calm countdown with no sound. You can say “Prayed” at any time.',
    timerOff: 'Off',
    timer30: '30 seconds',
    timer60: '1 minute',
    timer120: '2 minutes',
    estimate_one: 'About {{count}} minute',
    estimate_other: 'About {{count}} minutes',
    start: 'Start',
  },
  // Issue #49 (review m8): a session of prayers (the biblical ones, a list's) speaks of prayers, not requests.
  beginPrayers: {
    lead: 'A quiet time of prayer, one prayer at a time.',
    available_one: '{{count}} prayer ready',
    available_other: '{{count}} prayers ready',
    countLegend: 'How many prayers',
    timerLegend: 'Quiet timer for each prayer',
  },
  run: {
    prayed: 'Prayed',
    timerLabel: 'Quiet time left',
    timerDone: 'The quiet time is over. Say “Prayed” or move on when you are ready.',
  },
  end: {
    lead: 'Thank you for this time of prayer.',
    skipped_one: '{{count}} skipped',
    skipped_other: '{{count}} skipped',
    streak_one: '{{count}} day in a row with prayer',
    streak_other: '{{count}} days in a row with prayer',
    streakNone: 'Pray for one request to begin a streak.',
    again: 'Start another session',
    done: 'Done',
    blessings: {
      a: 'The Lord bless you and keep you. (Numbers 6:24)',
      b: 'Cast all your anxiety on him, because he cares for you. (1 Peter 5:7)',
      c: 'The peace of God, which transcends all understanding, will guard your hearts. (Philippians 4:7)',
      d: 'The prayer of a righteous person is powerful and effective. (James 5:16)',
    },
  },
  /** /pray and the list screens: the two sources added with the guided session. */
  pray: {
    bookmarks: 'Bookmarks',
    bookmarksHint: 'The prayers and requests you saved',
    myPrayers: 'My requests',
    myPrayersHint: 'Your own open requests',
    through: 'Pray through this list',
  },
};

const pt: Widen<typeof en> = {
  sources: {
    bookmarks: 'Seus favoritos',
    myPrayers: 'Seus pedidos',
  },
  begin: {
    lead: 'Um tempo tranquilo de oração, um pedido de cada vez.',
    available_one: '{{count}} pedido pronto',
    available_other: '{{count}} pedidos prontos',
    available_zero: 'Nenhum pedido pronto',
    countLegend: 'Quantos pedidos',
    countAll: 'Todos ({{count}})',
    timerLegend: 'Tempo de silêncio para cada pedido',
    timerHint: 'Uma contagem tranquila, sem som. Você pode tocar em “Orei” a qualquer momento.',
    timerOff: 'Desligado',
    timer30: '30 segundos',
    timer60: '1 minuto',
    timer120: '2 minutos',
    estimate_one: 'Cerca de {{count}} minuto',
    estimate_other: 'Cerca de {{count}} minutos',
    start: 'Começar',
  },
  beginPrayers: {
    lead: 'Um tempo tranquilo de oração, uma oração de cada vez.',
    available_one: '{{count}} oração pronta',
    available_other: '{{count}} orações prontas',
    countLegend: 'Quantas orações',
    timerLegend: 'Tempo de silêncio para cada oração',
  },
  run: {
    prayed: 'Orei',
    timerLabel: 'Tempo de silêncio restante',
    timerDone: 'O tempo de silêncio terminou. Toque em “Orei” ou siga em frente quando estiver pronto.',
  },
  end: {
    lead: 'Obrigado por este tempo de oração.',
    skipped_one: '{{count}} pulado',
    skipped_other: '{{count}} pulados',
    skipped_zero: 'Nenhum pulado',
    streak_one: '{{count}} dia seguido com oração',
    streak_other: '{{count}} dias seguidos com oração',
    streakNone: 'Ore por um pedido para começar uma sequência.',
    again: 'Começar outra sessão',
    done: 'Concluir',
    blessings: {
      a: 'O Senhor te abençoe e te guarde. (Números 6:24)',
      b: 'Lancem sobre ele toda a sua ansiedade, porque ele tem cuidado de vocês. (1 Pedro 5:7)',
      c: 'A paz de Deus, que excede todo o entendimento, guardará o seu coração. (Filipenses 4:7)',
      d: 'A oração de um justo é poderosa e eficaz. (Tiago 5:16)',
    },
  },
  pray: {
    bookmarks: 'Salvos',
    bookmarksHint: 'As orações e os pedidos que você salvou',
    myPrayers: 'Meus pedidos',
    myPrayersHint: 'Seus próprios pedidos em aberto',
    through: 'Orar por esta lista',
  },
};

const es: Widen<typeof en> = {
  sources: {
    bookmarks: 'Tus guardados',
    myPrayers: 'Tus peticiones',
  },
  begin: {
    lead: 'Un tiempo tranquilo de oración, una petición a la vez.',
    available_one: '{{count}} petición lista',
    available_other: '{{count}} peticiones listas',
    countLegend: 'Cuántas peticiones',
    countAll: 'Todas ({{count}})',
    timerLegend: 'Tiempo de silencio para cada petición',
    timerHint: 'Una cuenta atrás tranquila, sin sonido. Puedes pulsar «Oré» en cualquier momento.',
    timerOff: 'Desactivado',
    timer30: '30 segundos',
    timer60: '1 minuto',
    timer120: '2 minutos',
    estimate_one: 'Alrededor de {{count}} minuto',
    estimate_other: 'Unos {{count}} minutos',
    start: 'Comenzar',
  },
  beginPrayers: {
    lead: 'Un tiempo tranquilo de oración, una oración a la vez.',
    available_one: '{{count}} oración lista',
    available_other: '{{count}} oraciones listas',
    countLegend: 'Cuántas oraciones',
    timerLegend: 'Tiempo de silencio para cada oración',
  },
  run: {
    prayed: 'Oré',
    timerLabel: 'Tiempo de silencio restante',
    timerDone: 'El tiempo de silencio ha terminado. Pulsa «Oré» o sigue adelante cuando estés listo.',
  },
  end: {
    lead: 'Gracias por este tiempo de oración.',
    skipped_one: '{{count}} omitida',
    skipped_other: '{{count}} omitidas',
    streak_one: '{{count}} día seguido con oración',
    streak_other: '{{count}} días seguidos con oración',
    streakNone: 'Ora por una petición para empezar una racha.',
    again: 'Comenzar otra sesión',
    done: 'Terminar',
    blessings: {
      a: 'El Señor te bendiga y te guarde. (Números 6:24)',
      b: 'Depositen en él toda ansiedad, porque él cuida de ustedes. (1 Pedro 5:7)',
      c: 'La paz de Dios, que sobrepasa todo entendimiento, cuidará sus corazones. (Filipenses 4:7)',
      d: 'La oración del justo es poderosa y eficaz. (Santiago 5:16)',
    },
  },
  pray: {
    bookmarks: 'Guardados',
    bookmarksHint: 'Las oraciones y peticiones que guardaste',
    myPrayers: 'Mis peticiones',
    myPrayersHint: 'Tus propias peticiones abiertas',
    through: 'Orar por esta lista',
  },
};

export const sessionTexts = { 'en-US': en, 'pt-BR': pt, 'es-ES': es };
