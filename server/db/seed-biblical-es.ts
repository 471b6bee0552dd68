// The Spanish 'biblical-prayers' list (docs/architecture/server.md 'Reference server' seed data):
// prayers of the Bible in the Reina-Valera 1909 (public domain). Its accented one-letter words ('á
// nuestros deudores', 'ó', 'é') read as spelling mistakes today (REVIEW.md): they are written as
// RV1960 and today's readers do ('a', 'o', 'e') by modernSpelling, here for a new database and by
// seed-fixes.ts for one seeded before (issue #12). The rest of the 1909 spelling stays ('oiste').
// Only the verses of the prayer itself: psalm titles and narrative tails are left out, supplied
// words unmarked. Verse numbers follow the RV1909 (Jonah 2 counts one more than the KJV; 2
// Corinthians 13:13).
import type { SeedPrayer } from './seed-lists-data';

const RV1909: SeedPrayer[] = [
  { title: 'El Padre nuestro', reference: 'Mateo 6:9-13',
    text: 'Vosotros pues, oraréis así: Padre nuestro que estás en los cielos, santificado sea tu nombre. Venga tu reino. Sea hecha tu voluntad, como en el cielo, así también en la tierra. Danos hoy nuestro pan cotidiano. Y perdónanos nuestras deudas, como también nosotros perdonamos á nuestros deudores. Y no nos metas en tentación, mas líbranos del mal: porque tuyo es el reino, y el poder, y la gloria, por todos los siglos. Amén.' },
  { title: 'Jehová es mi pastor', reference: 'Salmos 23:1-6',
    text: 'Jehová es mi pastor; nada me faltará. En lugares de delicados pastos me hará yacer: junto á aguas de reposo me pastoreará. Confortará mi alma; guiaráme por sendas de justicia por amor de su nombre. Aunque ande en valle de sombra de muerte, no temeré mal alguno; porque tú estarás conmigo: tu vara y tu cayado me infundirán aliento. Aderezarás mesa delante de mí, en presencia de mis angustiadores: ungiste mi cabeza con aceite: mi copa está rebosando. Ciertamente el bien y la misericordia me seguirán todos los días de mi vida: y en la casa de Jehová moraré por largos días.' },
  { title: 'Crea en mí un corazón limpio', reference: 'Salmos 51:10-12',
    text: 'Crea en mí, oh Dios, un corazón limpio; y renueva un espíritu recto dentro de mí. No me eches de delante de ti; y no quites de mí tu santo espíritu. Vuélveme el gozo de tu salud; y el espíritu libre me sustente.' },
  { title: 'La bendición sacerdotal', reference: 'Números 6:24-26',
    text: 'Jehová te bendiga, y te guarde: Haga resplandecer Jehová su rostro sobre ti, y haya de ti misericordia: Jehová alce á ti su rostro, y ponga en ti paz.' },
  { title: 'La oración de Jabes', reference: '1 Crónicas 4:10',
    text: 'E invocó Jabes al Dios de Israel, diciendo: ¡Oh si me dieras bendición, y ensancharas mi término, y si tu mano fuera conmigo, y me libraras de mal, que no me dañe! E hizo Dios que le viniese lo que pidió.' },
  { title: 'Arraigados y fundados en amor', reference: 'Efesios 3:14-21',
    text: 'Por esta causa doblo mis rodillas al Padre de nuestro Señor Jesucristo, Del cual es nombrada toda la parentela en los cielos y en la tierra, Que os dé, conforme á las riquezas de su gloria, el ser corroborados con potencia en el hombre interior por su Espíritu. Que habite Cristo por la fe en vuestros corazones; para que, arraigados y fundados en amor, Podáis bien comprender con todos los santos cuál sea la anchura y la longura y la profundidad y la altura, Y conocer el amor de Cristo, que excede á todo conocimiento, para que seáis llenos de toda la plenitud de Dios. Y á Aquel que es poderoso para hacer todas las cosas mucho más abundantemente de lo que pedimos ó entendemos, por la potencia que obra en nosotros, A él sea gloria en la iglesia por Cristo Jesús, por todas edades del siglo de los siglos. Amén.' },
  { title: 'Que vuestro amor abunde', reference: 'Filipenses 1:9-11',
    text: 'Y esto ruego, que vuestro amor abunde aun más y más en ciencia y en todo conocimiento, Para que discernáis lo mejor; que seáis sinceros y sin ofensa para el día de Cristo; Llenos de frutos de justicia, que son por Jesucristo, á gloria y loor de Dios.' },
  { title: 'Llenos del conocimiento de su voluntad', reference: 'Colosenses 1:9-12',
    text: 'Por lo cual también nosotros, desde el día que lo oímos, no cesamos de orar por vosotros, y de pedir que seáis llenos del conocimiento de su voluntad, en toda sabiduría y espiritual inteligencia; Para que andéis como es digno del Señor, agradándole en todo, fructificando en toda buena obra, y creciendo en el conocimiento de Dios: Corroborados de toda fortaleza, conforme á la potencia de su gloria, para toda tolerancia y largura de ánimo con gozo; Dando gracias al Padre que nos hizo aptos para participar de la suerte de los santos en luz.' },
  { title: 'Jesús ruega que seamos uno', reference: 'Juan 17:20-23',
    text: 'Mas no ruego solamente por éstos, sino también por los que han de creer en mí por la palabra de ellos. Para que todos sean una cosa; como tú, oh Padre, en mí, y yo en ti, que también ellos sean en nosotros una cosa: para que el mundo crea que tú me enviaste. Y yo, la gloria que me diste les he dado; para que sean una cosa, como también nosotros somos una cosa. Yo en ellos, y tú en mí, para que sean consumadamente una cosa; que el mundo conozca que tú me enviaste, y que los has amado, como también á mí me has amado.' },
  { title: 'Mi socorro viene de Jehová', reference: 'Salmos 121:1-8',
    text: 'Alzaré mis ojos á los montes, de donde vendrá mi socorro. Mi socorro viene de Jehová, que hizo los cielos y la tierra. No dará tu pie al resbaladero; ni se dormirá el que te guarda. He aquí, no se adormecerá ni dormirá el que guarda á Israel. Jehová es tu guardador: Jehová es tu sombra á tu mano derecha. El sol no te fatigará de día, ni la luna de noche. Jehová te guardará de todo mal: él guardará tu alma. Jehová guardará tu salida y tu entrada, desde ahora y para siempre.' },
  { title: 'Examíname, oh Dios', reference: 'Salmos 139:23-24',
    text: 'Examíname, oh Dios, y conoce mi corazón: pruébame y reconoce mis pensamientos: Y ve si hay en mí camino de perversidad, y guíame en el camino eterno.' },
  { title: 'Los dichos de mi boca', reference: 'Salmos 19:14',
    text: 'Sean gratos los dichos de mi boca y la meditación de mi corazón delante de ti, oh Jehová, roca mía, y redentor mío.' },
  { title: 'Enséñame tu camino', reference: 'Salmos 86:11-12',
    text: 'Enséñame, oh Jehová, tu camino; caminaré yo en tu verdad: consolida mi corazón para que tema tu nombre. Te alabaré, oh Jehová Dios mío, con todo mi corazón; y glorificaré tu nombre para siempre.' },
  { title: 'Enséñanos á contar nuestros días', reference: 'Salmos 90:12',
    text: 'Enséñanos de tal modo á contar nuestros días, que traigamos al corazón sabiduría.' },
  { title: 'La oración de Nehemías', reference: 'Nehemías 1:5-6, 11',
    text: 'Ruégote, oh Jehová, Dios de los cielos, fuerte, grande, y terrible, que guarda el pacto y la misericordia á los que le aman y guardan sus mandamientos; Esté ahora atento tu oído, y tus ojos abiertos, para oir la oración de tu siervo, que yo hago ahora delante de ti día y noche, por los hijos de Israel tus siervos; y confieso los pecados de los hijos de Israel que hemos contra ti cometido; sí, yo y la casa de mi padre hemos pecado. Ruégote, oh Jehová, esté ahora atento tu oído á la oración de tu siervo, y á la oración de tus siervos, quienes desean temer tu nombre: y ahora concede hoy próspero suceso á tu siervo, y dale gracia delante de aquel varón.' },
  { title: 'La oración de Daniel', reference: 'Daniel 9:17-19',
    text: 'Ahora pues, Dios nuestro, oye la oración de tu siervo, y sus ruegos, y haz que tu rostro resplandezca sobre tu santuario asolado, por amor del Señor. Inclina, oh Dios mío, tu oído, y oye; abre tus ojos, y mira nuestros asolamientos, y la ciudad sobre la cual es llamado tu nombre: porque no derramamos nuestros ruegos ante tu acatamiento confiados en nuestras justicias, sino en tus muchas miseraciones. Oye, Señor; oh Señor, perdona; presta oído, Señor, y haz; no pongas dilación, por amor de ti mismo, Dios mío: porque tu nombre es llamado sobre tu ciudad y sobre tu pueblo.' },
  { title: 'La oración de Jonás', reference: 'Jonás 2:3, 8-10',
    text: 'Clamé de mi tribulación á Jehová, y él me oyó; del vientre del sepulcro clamé, y mi voz oiste. Cuando mi alma desfallecía en mí, acordéme de Jehová; y mi oración entró hasta ti en tu santo templo. Los que guardan las vanidades ilusorias, su misericordia abandonan. Yo empero con voz de alabanza te sacrificaré; pagaré lo que prometí. La salvación pertenece á Jehová.' },
  { title: 'La oración de Ana', reference: '1 Samuel 2:1-2',
    text: 'Y Anna oró y dijo: Mi corazón se regocija en Jehová, mi cuerno es ensalzado en Jehová; mi boca se ensanchó sobre mis enemigos, por cuanto me alegré en tu salud. No hay santo como Jehová: porque no hay ninguno fuera de ti; y no hay refugio como el Dios nuestro.' },
  { title: 'Salomón pide sabiduría', reference: '1 Reyes 3:9',
    text: 'Da pues á tu siervo corazón dócil para juzgar á tu pueblo, para discernir entre lo bueno y lo malo: porque ¿quién podrá gobernar este tu pueblo tan grande?' },
  { title: 'La oración de Salomón en el templo', reference: '1 Reyes 8:27-28',
    text: 'Empero ¿es verdad que Dios haya de morar sobre la tierra? He aquí que los cielos, los cielos de los cielos, no te pueden contener: ¿cuánto menos esta casa que yo he edificado? Con todo, tú atenderás á la oración de tu siervo, y á su plegaria, oh Jehová Dios mío, oyendo propicio el clamor y oración que tu siervo hace hoy delante de ti.' },
  { title: 'Con todo, yo me alegraré en Jehová', reference: 'Habacuc 3:17-19',
    text: 'Aunque la higuera no florecerá, ni en las vides habrá frutos; mentirá la obra de la oliva, y los labrados no darán mantenimiento, y las ovejas serán quitadas de la majada, y no habrá vacas en los corrales; Con todo, yo me alegraré en Jehová, y me gozaré en el Dios de mi salud. Jehová el Señor es mi fortaleza, el cual pondrá mis pies como de ciervas, y me hará andar sobre mis alturas.' },
  { title: 'El cántico de María', reference: 'Lucas 1:46-55',
    text: 'Entonces María dijo: engrandece mi alma al Señor; Y mi espíritu se alegró en Dios mi Salvador. Porque ha mirado á la bajeza de su criada; porque he aquí, desde ahora me dirán bienaventurada todas las generaciones. Porque me ha hecho grandes cosas el Poderoso; y santo es su nombre. Y su misericordia de generación á generación á los que le temen. Hizo valentía con su brazo: esparció los soberbios del pensamiento de su corazón. Quitó los poderosos de los tronos, y levantó á los humildes. A los hambrientos hinchió de bienes; y á los ricos envió vacíos. Recibió á Israel su siervo, acordándose de la misericordia, Como habló á nuestros padres á Abraham y á su simiente para siempre.' },
  { title: 'La oración de Simeón', reference: 'Lucas 2:29-32',
    text: 'Ahora despides, Señor, á tu siervo, conforme á tu palabra, en paz; Porque han visto mis ojos tu salvación, La cual has aparejado en presencia de todos los pueblos; Luz para ser revelada á los Gentiles, y la gloria de tu pueblo Israel.' },
  { title: 'Jesús en Getsemaní', reference: 'Mateo 26:39',
    text: 'Y yéndose un poco más adelante, se postró sobre su rostro, orando, y diciendo: Padre mío, si es posible, pase de mí este vaso; empero no como yo quiero, sino como tú.' },
  { title: 'La oración del publicano', reference: 'Lucas 18:13',
    text: 'Mas el publicano estando lejos no quería ni aun alzar los ojos al cielo, sino que hería su pecho, diciendo: Dios, sé propicio á mí pecador.' },
  { title: 'La oración de Esteban', reference: 'Hechos 7:59-60',
    text: 'Y apedrearon á Esteban, invocando él y diciendo: Señor Jesús, recibe mi espíritu. Y puesto de rodillas, clamó á gran voz: Señor, no les imputes este pecado. Y habiendo dicho esto, durmió.' },
  { title: 'Espíritu de sabiduría y de revelación', reference: 'Efesios 1:17-19',
    text: 'Que el Dios del Señor nuestro Jesucristo, el Padre de gloria, os dé espíritu de sabiduría y de revelación para su conocimiento; Alumbrando los ojos de vuestro entendimiento, para que sepáis cuál sea la esperanza de su vocación, y cuáles las riquezas de la gloria de su herencia en los santos, Y cuál aquella supereminente grandeza de su poder para con nosotros los que creemos, por la operación de la potencia de su fortaleza.' },
  { title: 'El Señor de paz', reference: '2 Tesalonicenses 3:16',
    text: 'Y el mismo Señor de paz os dé siempre paz en toda manera. El Señor sea con todos vosotros.' },
  { title: 'El Dios de paz os haga aptos', reference: 'Hebreos 13:20-21',
    text: 'Y el Dios de paz que sacó de los muertos á nuestro Señor Jesucristo, el gran pastor de las ovejas, por la sangre del testamento eterno, Os haga aptos en toda obra buena para que hagáis su voluntad, haciendo él en vosotros lo que es agradable delante de él por Jesucristo: al cual sea gloria por los siglos de los siglos. Amén.' },
  { title: 'Poderoso para guardaros sin caída', reference: 'Judas 1:24-25',
    text: 'A aquel, pues, que es poderoso para guardaros sin caída, y presentaros delante de su gloria irreprensibles, con grande alegría, Al Dios solo sabio, nuestro Salvador, sea gloria y magnificencia, imperio y potencia, ahora y en todos los siglos. Amén.' },
  { title: 'El Dios de esperanza', reference: 'Romanos 15:13',
    text: 'Y el Dios de esperanza os llene de todo gozo y paz creyendo, para que abundéis en esperanza por la virtud del Espíritu Santo.' },
  { title: 'El Dios de paz os santifique', reference: '1 Tesalonicenses 5:23',
    text: 'Y el Dios de paz os santifique en todo; para que vuestro espíritu y alma y cuerpo sea guardado entero sin reprensión para la venida de nuestro Señor Jesucristo.' },
  { title: 'Oración de la mañana', reference: 'Salmos 5:1-3',
    text: 'Escucha, oh Jehová, mis palabras; considera la meditación mía. Está atento á la voz de mi clamor, Rey mío y Dios mío, porque á ti oraré. Oh Jehová, de mañana oirás mi voz; de mañana me presentaré á ti, y esperaré.' },
  { title: 'Enséñame á hacer tu voluntad', reference: 'Salmos 143:8, 10',
    text: 'Hazme oir por la mañana tu misericordia, porque en ti he confiado: hazme saber el camino por donde ande, porque á ti he alzado mi alma. Enséñame á hacer tu voluntad, porque tú eres mi Dios: tu buen espíritu me guíe á tierra de rectitud.' },
  { title: 'Oración por denuedo', reference: 'Hechos 4:29-30',
    text: 'Y ahora, Señor, mira sus amenazas, y da á tus siervos que con toda confianza hablen tu palabra; Que extiendas tu mano á que sanidades, y milagros, y prodigios sean hechos por el nombre de tu santo Hijo Jesús.' },
  { title: 'Dios tenga misericordia de nosotros', reference: 'Salmos 67:1-2',
    text: 'Dios tenga misericordia de nosotros, y nos bendiga; haga resplandecer su rostro sobre nosotros (Selah); Para que sea conocido en la tierra tu camino, en todas las gentes tu salud.' },
  { title: 'La gracia del Señor Jesucristo', reference: '2 Corintios 13:13',
    text: 'La gracia del Señor Jesucristo, y el amor de Dios, y la participación del Espíritu Santo sea con vosotros todos. Amén.' },
];

/** Names kept capitalised wherever they stand: God's names and titles, people and places. */
const PROPER = new Set(['Señor', 'Dios', 'Padre', 'Jehová', 'Rey', 'Jesús', 'Jesucristo', 'Cristo', 'Espíritu', 'Hijo', 'Santo', 'Israel', 'Abraham', 'Selah']);

/**
 * The edition's words in today's spelling, not its typography: 'perdonamos á nuestros deudores'
 * -> 'perdonamos a nuestros deudores' ('ó', 'é' alike), and the capital a verse line began with in
 * the source, mid-sentence after a comma, semicolon or colon, made small ('en la tierra, Que os dé'
 * -> 'en la tierra, que os dé'), except for the names above (issue #26 point 4).
 */
export function modernSpelling(text: string): string {
  const plain: Record<string, string> = { á: 'a', ó: 'o', é: 'e', Á: 'A', Ó: 'O', É: 'E' };
  return text
    .replace(/([,;:]\s+)(\p{Lu}\p{Ll}*)/gu, (match, before: string, word: string) => (PROPER.has(word) ? match : `${before}${word.charAt(0).toLowerCase()}${word.slice(1)}`))
    .replace(/(^|[\s¡¿(«"])([áóéÁÓÉ])(?=[\s,;:.!?»"]|$)/gu, (_match, before: string, letter: string) => `${before}${plain[letter] ?? letter}`);
}

export const BIBLICAL_PRAYERS_ES: SeedPrayer[] = RV1909.map((prayer) => ({ ...prayer, text: modernSpelling(prayer.text) }));
