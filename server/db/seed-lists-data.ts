// Seed lists (docs/architecture/server.md 'Reference server' 'Seed data'): the biblical prayers
// list of every channel, a few public community lists per channel (the first three of each are its
// garden of prayer), and the demo member's personal list. Owners and people who prayed are seed
// members (seed-data.ts keys).
import { BIBLICAL_PRAYERS_EN } from './seed-biblical-en';
import { BIBLICAL_PRAYERS_ES } from './seed-biblical-es';
import { BIBLICAL_PRAYERS_PT } from './seed-biblical-pt';

export type SeedPrayer = { title: string; reference: string; text: string };
type SeedChannelId = 1 | 2 | 3;

type BiblicalList = { channelId: SeedChannelId; name: string; description: string; prayers: SeedPrayer[] };

export const BIBLICAL_LISTS: BiblicalList[] = [
  { channelId: 1, name: 'Biblical prayers', prayers: BIBLICAL_PRAYERS_EN,
    description: 'Prayers from the Bible to pray in your own words, in the King James Version.' },
  { channelId: 2, name: 'Orações bíblicas', prayers: BIBLICAL_PRAYERS_PT,
    description: 'Orações da Bíblia para orar com as suas palavras, na tradução de João Ferreira de Almeida, edição de 1911, em ortografia atual.' },
  { channelId: 3, name: 'Oraciones bíblicas', prayers: BIBLICAL_PRAYERS_ES,
    description: 'Oraciones de la Biblia para orar con tus palabras, en la Reina-Valera 1909.' },
];

export type SeedListItem = { text: string; title?: string; prayedBy?: string[]; bookmarkedBy?: string[] };
type SeedList = {
  owner: string;
  channelId: SeedChannelId;
  name: string;
  description: string;
  visibility: 0 | 2;
  /** Position in the channel's garden of prayer; undefined = not in the garden. */
  garden?: number;
  key?: string;
  daysAgo: number;
  items: SeedListItem[];
};

const EN: SeedList[] = [
  { owner: 'grace', channelId: 1, visibility: 0, garden: 1, daysAgo: 20, name: 'Praying for our families',
    description: 'Parents, children, marriages and homes: one family need a day.',
    items: [
      { title: 'Marriages', text: 'For husbands and wives who are tired and hurt: patience, forgiveness and a fresh love for each other.', prayedBy: ['daniel', 'demo'] },
      { title: 'Children', text: 'For our children at school: good friends, wise teachers, and faith that is their own.', prayedBy: ['daniel'] },
      { title: 'Single parents', text: 'For single mothers and fathers carrying everything alone: strength for today and people to help.', prayedBy: ['demo'] },
      { title: 'Aging parents', text: 'For those caring for elderly parents: gentleness, rest, and wisdom in hard decisions.' },
      { title: 'Prodigals', text: 'For sons and daughters who have walked away: that they would know they can always come home.', prayedBy: ['daniel', 'demo'] },
      { title: 'Family meals', text: 'That our tables would be places of thanks, laughter and honest conversation.' },
    ] },
  { owner: 'daniel', channelId: 1, visibility: 0, garden: 2, daysAgo: 18, name: 'Missionaries',
    description: 'Those who left home to serve, and the people they serve.',
    items: [
      { title: 'Health', text: 'For missionaries far from good hospitals: protection from sickness and accidents.', prayedBy: ['grace'] },
      { title: 'Language learning', text: 'For those learning a new language: clear minds, humility and patience with themselves.' },
      { title: 'Their children', text: 'For missionary kids growing up between cultures: a sense of home and belonging.', prayedBy: ['grace', 'demo'] },
      { title: 'Open doors', text: 'For open hearts and open doors where the gospel has not yet been heard.' },
      { title: 'Support', text: 'For faithful partners at home who give and pray, and for needs to be met in full.' },
    ] },
  { owner: 'grace', channelId: 1, visibility: 0, garden: 3, daysAgo: 15, name: 'The sick and grieving',
    description: 'For those who suffer in body or in heart, and for those who care for them.',
    items: [
      { title: 'Cancer treatment', text: 'For everyone in chemotherapy this week: strength, hope, and relief from side effects.', prayedBy: ['daniel', 'demo'], bookmarkedBy: ['demo'] },
      { title: 'Doctors and nurses', text: 'For doctors, nurses and carers: skill, compassion and rest after long shifts.', prayedBy: ['daniel'] },
      { title: 'The grieving', text: 'For those who lost someone they love: the comfort of God and of friends who stay.', prayedBy: ['demo'] },
      { title: 'Chronic pain', text: 'For those who live with pain every day: endurance, good treatment and moments of joy.' },
      { title: 'Mental health', text: 'For those fighting depression and anxiety: light in the dark and courage to ask for help.', prayedBy: ['daniel'] },
      { title: 'Hospitals', text: 'For patients alone in hospital tonight: that they would know they are not forgotten.' },
    ] },
  { owner: 'daniel', channelId: 1, visibility: 0, daysAgo: 6, name: 'Our church plant',
    description: 'A new congregation meeting in a school hall on the east side.',
    items: [
      { text: 'For the families who visited on Sunday: that they would feel welcome and come back.' },
      { text: 'For our pastor and his wife: rest, wisdom and protection for their marriage.', prayedBy: ['grace'] },
      { text: 'For volunteers to serve with the children on Sunday mornings.' },
      { text: 'For a permanent place to meet, in God\'s time.' },
      { text: 'For the neighbourhood around the school: that we would be good neighbours.' },
    ] },
  { owner: 'demo', channelId: 1, visibility: 2, key: 'my-prayers', daysAgo: 10, name: 'My prayers',
    description: 'My personal prayer list.',
    items: [
      { text: 'For my mother, that her knee surgery goes well and she recovers quickly.' },
      { text: 'For wisdom at work as our team goes through a difficult reorganisation.' },
      { text: 'For my small group, that we grow closer to God and to each other.' },
      { text: 'For my neighbour Tom, who is looking for work.' },
      { text: 'Thank you for a year of answered prayers: help me remember your faithfulness.' },
    ] },
];

const PT: SeedList[] = [
  { owner: 'ana', channelId: 2, visibility: 0, garden: 1, daysAgo: 20, name: 'Orando pelas nossas famílias',
    description: 'Pais, filhos, casamentos e lares: um pedido por dia.',
    items: [
      { title: 'Casamentos', text: 'Pelos casais cansados e feridos: paciência, perdão e um amor renovado.', prayedBy: ['joao'] },
      { title: 'Filhos', text: 'Pelos nossos filhos na escola: boas amizades, bons professores e uma fé própria.', prayedBy: ['joao'] },
      { title: 'Mães e pais sozinhos', text: 'Pelas mães e pais que criam os filhos sozinhos: força para hoje e pessoas para ajudar.' },
      { title: 'Pais idosos', text: 'Por quem cuida dos pais idosos: mansidão, descanso e sabedoria nas decisões difíceis.' },
      { title: 'Filhos afastados', text: 'Pelos filhos que se afastaram de casa e de Deus: que saibam que sempre podem voltar.', prayedBy: ['joao'] },
    ] },
  { owner: 'joao', channelId: 2, visibility: 0, garden: 2, daysAgo: 18, name: 'Missionários',
    description: 'Por quem deixou a sua terra para servir, e pelas pessoas a quem servem.',
    items: [
      { title: 'Saúde', text: 'Pelos missionários longe de bons hospitais: proteção contra doenças e acidentes.', prayedBy: ['ana'] },
      { title: 'Idioma', text: 'Por quem aprende uma nova língua: mente clara, humildade e paciência.' },
      { title: 'Os filhos', text: 'Pelos filhos de missionários que crescem entre culturas: um lugar a que chamar casa.' },
      { title: 'Portas abertas', text: 'Por corações e portas abertas onde o evangelho ainda não foi anunciado.', prayedBy: ['ana'] },
      { title: 'Sustento', text: 'Pelos parceiros fiéis que contribuem e oram, e para que nada falte.' },
    ] },
  { owner: 'ana', channelId: 2, visibility: 0, garden: 3, daysAgo: 15, name: 'Pelos enfermos e enlutados',
    description: 'Por quem sofre no corpo ou no coração, e por quem cuida deles.',
    items: [
      { title: 'Tratamento de câncer', text: 'Por todos em quimioterapia esta semana: força, esperança e alívio dos efeitos.', prayedBy: ['joao'] },
      { title: 'Médicos e enfermeiros', text: 'Pelos médicos, enfermeiros e cuidadores: competência, compaixão e descanso.' },
      { title: 'Os enlutados', text: 'Por quem perdeu alguém que ama: o consolo de Deus e de amigos presentes.', prayedBy: ['joao'] },
      { title: 'Saúde mental', text: 'Por quem luta contra a depressão e a ansiedade: luz na escuridão e coragem para pedir ajuda.' },
      { title: 'Hospitais', text: 'Pelos pacientes sozinhos no hospital esta noite: que saibam que não estão esquecidos.' },
    ] },
];

const ES: SeedList[] = [
  { owner: 'lucia', channelId: 3, visibility: 0, garden: 1, daysAgo: 20, name: 'Orando por nuestras familias',
    description: 'Padres, hijos, matrimonios y hogares: una petición cada día.',
    items: [
      { title: 'Matrimonios', text: 'Por los matrimonios cansados y heridos: paciencia, perdón y un amor renovado.', prayedBy: ['mateo'] },
      { title: 'Hijos', text: 'Por nuestros hijos en la escuela: buenos amigos, buenos maestros y una fe propia.' },
      { title: 'Madres y padres solos', text: 'Por quienes crían solos a sus hijos: fuerza para hoy y personas que ayuden.', prayedBy: ['mateo'] },
      { title: 'Padres mayores', text: 'Por quienes cuidan de sus padres mayores: ternura, descanso y sabiduría.' },
      { title: 'Hijos alejados', text: 'Por los hijos que se alejaron de casa: que sepan que siempre pueden volver.', prayedBy: ['mateo'] },
    ] },
  { owner: 'mateo', channelId: 3, visibility: 0, garden: 2, daysAgo: 18, name: 'Misioneros',
    description: 'Por quienes dejaron su tierra para servir, y por la gente a la que sirven.',
    items: [
      { title: 'Salud', text: 'Por los misioneros lejos de buenos hospitales: protección de enfermedades y accidentes.', prayedBy: ['lucia'] },
      { title: 'Idioma', text: 'Por quienes aprenden un nuevo idioma: mente clara, humildad y paciencia.' },
      { title: 'Sus hijos', text: 'Por los hijos de misioneros que crecen entre culturas: un lugar al que llamar hogar.' },
      { title: 'Puertas abiertas', text: 'Por corazones y puertas abiertas donde el evangelio aún no se ha anunciado.', prayedBy: ['lucia'] },
      { title: 'Sostén', text: 'Por los hermanos fieles que ofrendan y oran, y para que nada falte.' },
    ] },
  { owner: 'lucia', channelId: 3, visibility: 0, garden: 3, daysAgo: 15, name: 'Por los enfermos y los que están de luto',
    description: 'Por quienes sufren en el cuerpo o en el corazón, y por quienes los cuidan.',
    items: [
      { title: 'Tratamiento de cáncer', text: 'Por todos los que reciben quimioterapia esta semana: fuerza, esperanza y alivio.', prayedBy: ['mateo'] },
      { title: 'Médicos y enfermeras', text: 'Por médicos, enfermeras y cuidadores: habilidad, compasión y descanso.' },
      { title: 'Los que están de luto', text: 'Por quienes perdieron a un ser querido: el consuelo de Dios y de amigos cercanos.', prayedBy: ['mateo'] },
      { title: 'Salud mental', text: 'Por quienes luchan contra la depresión y la ansiedad: luz en la oscuridad y valor para pedir ayuda.' },
      { title: 'Hospitales', text: 'Por los pacientes solos en el hospital esta noche: que sepan que no están olvidados.' },
    ] },
];

export const SEED_LISTS: SeedList[] = [...EN, ...PT, ...ES];
