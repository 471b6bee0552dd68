// Demo content so that a new user sees a living community (docs/architecture/server.md 'Reference
// server' 'Seed data'). Times are hours before the seed runs; prayers are by other seed members.

export const DEMO_EMAIL = 'demo@prayer.local';
export const DEMO_PASSWORD = 'pray-with-us';

type SeedMember = { key: string; name: string; email: string; channelId: 1 | 2 | 3; language: string };

export const SEED_MEMBERS: SeedMember[] = [
  { key: 'demo', name: 'Demo Member', email: DEMO_EMAIL, channelId: 1, language: 'en-US' },
  { key: 'grace', name: 'Grace Miller', email: 'grace@prayer.local', channelId: 1, language: 'en-US' },
  { key: 'daniel', name: 'Daniel Okafor', email: 'daniel@prayer.local', channelId: 1, language: 'en-US' },
  { key: 'ana', name: 'Ana Souza', email: 'ana@prayer.local', channelId: 2, language: 'pt-BR' },
  { key: 'joao', name: 'João Pereira', email: 'joao@prayer.local', channelId: 2, language: 'pt-BR' },
  { key: 'lucia', name: 'Lucía Fernández', email: 'lucia@prayer.local', channelId: 3, language: 'es-ES' },
  { key: 'mateo', name: 'Mateo García', email: 'mateo@prayer.local', channelId: 3, language: 'es-ES' },
];

export type SeedPost = {
  author: string;
  channelId: 1 | 2 | 3;
  type: 'REQUEST' | 'THANK';
  text: string;
  hoursAgo: number;
  anonymous?: boolean;
  answer?: { text: string; hoursAgo: number };
  prayedBy?: string[];
  bookmarkedBy?: string[];
};

const EN: SeedPost[] = [
  { author: 'grace', channelId: 1, type: 'REQUEST', hoursAgo: 60, prayedBy: ['daniel', 'demo'], bookmarkedBy: ['demo'],
    text: 'Please pray for my mom, who starts chemotherapy on Monday. She is trying to stay brave, and we are trusting God for strength and peace for the whole family.' },
  { author: 'daniel', channelId: 1, type: 'THANK', hoursAgo: 50, prayedBy: ['grace'],
    text: 'Thank you, Lord, for a safe trip home after three weeks away. Grateful to everyone who prayed while I was on the road.' },
  { author: 'daniel', channelId: 1, type: 'REQUEST', hoursAgo: 30, anonymous: true, prayedBy: ['grace', 'demo'],
    text: "I've been struggling with anxiety at night and can't sleep. Please pray that I can find rest and the courage to ask for help." },
  { author: 'grace', channelId: 1, type: 'REQUEST', hoursAgo: 120, prayedBy: ['daniel', 'demo', 'daniel'],
    text: "Please pray for my son's job interview on Thursday. He has been looking for work for six months.",
    answer: { hoursAgo: 20, text: 'He got the job! He starts next week. Thank you all for praying with us. God is faithful.' } },
  { author: 'demo', channelId: 1, type: 'REQUEST', hoursAgo: 26, prayedBy: ['grace'],
    text: 'Praying for our small group as we start a new study in the book of Psalms. May we grow closer to God and to each other.' },
  { author: 'daniel', channelId: 1, type: 'REQUEST', hoursAgo: 8, prayedBy: ['grace'],
    text: 'My neighbor lost her husband last week. Please pray for comfort for her and her two young children.' },
  { author: 'grace', channelId: 1, type: 'THANK', hoursAgo: 5,
    text: 'Our church food pantry served more than 200 families this weekend. Thank you, God, for every volunteer and every gift.' },
  { author: 'demo', channelId: 1, type: 'REQUEST', hoursAgo: 3, anonymous: true,
    text: 'Please pray for healing in my marriage. We are both tired and hurt, but we want to try again.' },
  { author: 'daniel', channelId: 1, type: 'REQUEST', hoursAgo: 90, prayedBy: ['grace', 'demo'], bookmarkedBy: ['demo'],
    text: "Pray for my dad's heart surgery tomorrow morning.",
    answer: { hoursAgo: 40, text: "The surgery went well and the doctors are very pleased. He's already walking the hallway. Thank you for every prayer!" } },
  { author: 'grace', channelId: 1, type: 'REQUEST', hoursAgo: 1,
    text: 'Pray for the students in my class as they take their final exams this week, for clear minds and calm hearts.' },
];

const PT: SeedPost[] = [
  { author: 'ana', channelId: 2, type: 'REQUEST', hoursAgo: 70, prayedBy: ['joao'],
    text: 'Peço oração pela saúde da minha avó, que está internada com pneumonia. Que Deus dê sabedoria aos médicos e conforto para ela.' },
  { author: 'joao', channelId: 2, type: 'THANK', hoursAgo: 55, prayedBy: ['ana'],
    text: 'Agradeço a Deus pelo nascimento da minha sobrinha Helena! Ela e a mãe estão bem. Obrigado a todos que oraram.' },
  { author: 'ana', channelId: 2, type: 'REQUEST', hoursAgo: 130, prayedBy: ['joao', 'joao'], bookmarkedBy: ['joao'],
    text: 'Orem pela minha entrevista de emprego na sexta-feira, por favor. Estou desempregada há quatro meses.',
    answer: { hoursAgo: 30, text: 'Fui contratada! Começo na segunda-feira. Muito obrigada pelas orações, Deus é fiel!' } },
  { author: 'joao', channelId: 2, type: 'REQUEST', hoursAgo: 28, anonymous: true, prayedBy: ['ana'],
    text: 'Estou passando por uma fase de muita tristeza e solidão. Peço que orem para que eu volte a sentir a alegria e a presença de Deus.' },
  { author: 'joao', channelId: 2, type: 'REQUEST', hoursAgo: 20,
    text: 'Peço oração pela minha família, que está passando por dificuldades financeiras. Que Deus abra portas e nos dê paz.' },
  { author: 'ana', channelId: 2, type: 'THANK', hoursAgo: 12, prayedBy: ['joao'],
    text: 'Obrigada, Senhor, pela cura do meu pai! Os exames de hoje vieram limpos.' },
  { author: 'joao', channelId: 2, type: 'REQUEST', hoursAgo: 100, prayedBy: ['ana'],
    text: 'Orem pela viagem da minha mãe, que vai visitar meu irmão no Nordeste.',
    answer: { hoursAgo: 60, text: 'Ela chegou bem e está feliz com a família. Obrigado pelas orações!' } },
  { author: 'ana', channelId: 2, type: 'REQUEST', hoursAgo: 6,
    text: 'Orem pelos jovens da nossa igreja, que vão participar de um retiro neste fim de semana.' },
  { author: 'ana', channelId: 2, type: 'REQUEST', hoursAgo: 4, anonymous: true,
    text: 'Peço oração pelo meu casamento. Estamos distantes um do outro e precisamos de reconciliação.' },
  { author: 'joao', channelId: 2, type: 'THANK', hoursAgo: 2,
    text: 'Gratidão pelo primeiro mês no novo emprego. Deus tem cuidado de cada detalhe.' },
];

const ES: SeedPost[] = [
  { author: 'lucia', channelId: 3, type: 'REQUEST', hoursAgo: 65, prayedBy: ['mateo'],
    text: 'Por favor, oren por mi hermano, que está luchando contra una adicción. Queremos que encuentre libertad y esperanza en Dios.' },
  { author: 'mateo', channelId: 3, type: 'THANK', hoursAgo: 48, prayedBy: ['lucia'],
    text: 'Gracias a Dios por un año más de vida y por mi familia, que siempre me acompaña. ¡Dios es bueno!' },
  { author: 'lucia', channelId: 3, type: 'REQUEST', hoursAgo: 110, prayedBy: ['mateo', 'mateo'], bookmarkedBy: ['mateo'],
    text: 'Oren por la cirugía de mi madre el martes, por favor.',
    answer: { hoursAgo: 35, text: 'La operación salió muy bien y ya está en casa recuperándose. ¡Gracias por sus oraciones!' } },
  { author: 'mateo', channelId: 3, type: 'REQUEST', hoursAgo: 30, anonymous: true, prayedBy: ['lucia'],
    text: 'Pido oración porque me siento muy ansioso por el futuro y no sé qué decisión tomar con mis estudios.' },
  { author: 'mateo', channelId: 3, type: 'REQUEST', hoursAgo: 18, prayedBy: ['lucia'],
    text: 'Oren por las familias afectadas por las inundaciones en mi ciudad. Muchas personas perdieron sus casas.' },
  { author: 'lucia', channelId: 3, type: 'THANK', hoursAgo: 10,
    text: 'Gracias, Señor, porque mi hija aprobó todos sus exámenes de la universidad.' },
  { author: 'mateo', channelId: 3, type: 'REQUEST', hoursAgo: 140, prayedBy: ['lucia'],
    text: 'Oren para que encuentre un trabajo cerca de casa y pueda pasar más tiempo con mis hijos.',
    answer: { hoursAgo: 50, text: '¡Conseguí un trabajo a diez minutos de casa! Dios respondió más allá de lo que pedí.' } },
  { author: 'lucia', channelId: 3, type: 'REQUEST', hoursAgo: 7,
    text: 'Pido oración por mi abuelo, que tiene 90 años y está muy débil. Que tenga paz y sienta el amor de Dios.' },
  { author: 'lucia', channelId: 3, type: 'REQUEST', hoursAgo: 3, anonymous: true,
    text: 'Oren por mí, por favor. Estoy pasando por un duelo muy difícil y necesito consuelo.' },
  { author: 'mateo', channelId: 3, type: 'THANK', hoursAgo: 1,
    text: 'Agradecido por la comunidad de esta aplicación. Leer sus oraciones me anima cada día.' },
];

export const SEED_POSTS: SeedPost[] = [...EN, ...PT, ...ES];
