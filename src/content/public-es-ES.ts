// Textos en español de las páginas públicas (docs/decisions/0117-public-pages-texts.md).
import { CONTACT_EMAIL } from './types';
import type { PublicContent } from './types';

export const publicEsES: PublicContent = {
  ourMission: {
    title: 'Nuestra misión',
    lead: 'Nadie debería orar solo. Estamos construyendo un lugar sereno y amable donde las personas se sostienen unas a otras en oración, en su propio idioma, estén donde estén.',
    sections: [
      {
        heading: 'Por qué existimos',
        paragraphs: [
          'Casi todos conocemos el peso de una preocupación que no podemos soltar, y el alivio de oír "estoy orando por ti". Comunidad de Oración existe para que ese momento sea más fácil de encontrar: un lugar donde contar lo que llevas en el corazón y saber que otros te acompañan.',
          'Creemos que la oración cambia las cosas, y que también nos cambia a nosotros. Cuando oramos por alguien a quien nunca hemos visto, aprendemos a verlo como a un prójimo.',
        ],
      },
      {
        heading: 'Lo que nos importa',
        paragraphs: ['Cada decisión sobre la aplicación se mide con unos pocos compromisos sencillos.'],
        list: {
          ordered: false,
          items: [
            'La amabilidad ante todo: las peticiones se tratan con cuidado y cualquiera puede publicar de forma anónima.',
            'Nada que vender: no vendemos tus datos ni mostramos publicidad.',
            'Para todos: la aplicación funciona en español, inglés y portugués, en cualquier móvil, y sigue funcionando cuando se pierde la conexión.',
            'Espacio para dar gracias: las oraciones respondidas y los agradecimientos se comparten con la misma alegría que las peticiones.',
          ],
        },
      },
      {
        heading: 'Cómo participar',
        paragraphs: [
          'Comparte una petición o un agradecimiento, ora por otros con un toque y guarda listas personales de las personas y situaciones que llevas en oración. Si quieres ayudarnos a crecer, cuéntaselo a un amigo o escríbenos con tus ideas.',
        ],
      },
    ],
  },
  privacy: {
    title: 'Aviso de privacidad',
    lead: 'Guardamos lo mínimo posible sobre ti, te explicamos por qué lo guardamos y puedes llevarte tus datos o borrarlos cuando quieras.',
    sections: [
      {
        heading: 'En tu dispositivo',
        paragraphs: [
          'Para que la aplicación funcione sin conexión, guarda una copia de lo que ves y escribes en el almacenamiento del propio navegador (IndexedDB) de este dispositivo: las publicaciones de tu feed, tus listas, tus notas y los cambios que aún esperan a enviarse. Esa copia solo sale del dispositivo para llegar a nuestro servidor. Al cerrar sesión se borra.',
          'Tu elección de modo de color se guarda en el almacenamiento local del dispositivo.',
        ],
      },
      {
        heading: 'En nuestro servidor',
        paragraphs: ['Cuando te registras, guardamos lo que la comunidad necesita para funcionar:'],
        list: {
          ordered: false,
          items: [
            'tu cuenta: nombre, correo electrónico, una contraseña protegida (cifrada con hash), tu idioma y tus ajustes;',
            'lo que compartes: peticiones, agradecimientos, comentarios, oraciones, guardados, listas y notas privadas (las notas solo las ves tú);',
            'si permites las notificaciones, el token push de tu dispositivo, para avisarte cuando alguien ore por ti.',
          ],
        },
      },
      {
        heading: 'Cookies',
        paragraphs: ['Usamos pocas cookies, todas necesarias para que la aplicación funcione, salvo que tú elijas otras:'],
        list: {
          ordered: false,
          items: [
            'tu token de sesión, o el de invitado si aún no te has registrado (365 días);',
            'tu canal e idioma, para que la aplicación se abra en tu idioma (365 días);',
            'cc_cookie, que recuerda tus preferencias de cookies (182 días).',
          ],
        },
      },
      {
        heading: 'Analítica',
        paragraphs: [
          'Solo medimos el uso de la aplicación si lo aceptas en las preferencias de cookies, y puedes cambiar de opinión cuando quieras. Sin tu consentimiento no se ejecuta ninguna analítica.',
        ],
      },
      {
        heading: 'Tus derechos',
        paragraphs: [
          'Puedes descargar una copia de tus datos desde Ajustes, corregirlos en cualquier momento y eliminar tu cuenta con todo su contenido (consulta "Cómo eliminar mi cuenta y mis datos"). No vendemos ni compartimos tus datos con anunciantes.',
          `Para cualquier pregunta sobre tu privacidad, escribe a ${CONTACT_EMAIL}.`,
        ],
      },
    ],
  },
  terms: {
    title: 'Condiciones de uso',
    lead: 'Unos pocos acuerdos sencillos hacen de este un lugar seguro para orar juntos. Al usar la aplicación, los aceptas.',
    sections: [
      {
        heading: 'Convivir en la comunidad',
        paragraphs: [
          'Comparte con sinceridad y respeto. No publiques contenido de odio, ofensivo, sexual, engañoso o publicitario, ni datos privados de otras personas sin su permiso. Si tu petición trata de otra persona, plantéate no escribir su nombre completo.',
        ],
      },
      {
        heading: 'Lo que publicas',
        paragraphs: [
          'Lo que publicas sigue siendo tuyo. Nos permites mostrarlo a la comunidad como tú elegiste (con tu nombre o de forma anónima) mientras lo mantengas en la aplicación. Puedes editar o eliminar tus publicaciones en cualquier momento.',
        ],
      },
      {
        heading: 'Denuncias y moderación',
        paragraphs: [
          'Cualquiera puede denunciar una publicación o un comentario. El contenido denunciado por varias personas se oculta mientras lo revisamos, y podemos retirar contenido o cerrar cuentas que incumplan estas condiciones.',
        ],
      },
      {
        heading: 'No es asesoramiento profesional',
        paragraphs: [
          'Comunidad de Oración es un lugar de oración y ánimo, no una fuente de consejo médico, legal ni psicológico. Si tú o alguien cercano está en peligro, contacta de inmediato con los servicios de emergencia de tu zona.',
        ],
      },
      {
        heading: 'Cambios',
        paragraphs: [
          `La aplicación se ofrece tal como es, y podemos mejorar estas condiciones a medida que crezca; cuando lo hagamos, lo indicaremos en la aplicación. Puedes escribirnos con cualquier duda a ${CONTACT_EMAIL}.`,
        ],
      },
    ],
  },
  deleteAccount: {
    title: 'Cómo eliminar mi cuenta y mis datos',
    lead: 'Puedes eliminar tu cuenta cuando quieras. Lleva un minuto, y te pedimos que lo confirmes por correo para que nadie pueda hacerlo en tu lugar.',
    sections: [
      {
        heading: 'Antes de empezar: guarda una copia',
        paragraphs: [
          'La eliminación no se puede deshacer. Si quieres conservar tus peticiones, listas y notas, ve primero a Ajustes, luego a Cuenta, y elige "Descargar mis datos". Te enviaremos por correo un enlace a un archivo con todo lo que has compartido.',
        ],
      },
      {
        heading: 'Eliminar tu cuenta',
        paragraphs: [],
        list: {
          ordered: true,
          items: [
            'Inicia sesión y abre Ajustes desde el menú de la cuenta.',
            'Elige Cuenta y después "Eliminar mi cuenta".',
            'Te enviamos un enlace de confirmación al correo de tu cuenta.',
            'Abre el enlace dentro del plazo que indica y confirma. Tu cuenta se elimina en ese momento.',
          ],
        },
      },
      {
        heading: 'Qué se elimina',
        paragraphs: ['Todo lo que pertenece a tu cuenta:'],
        list: {
          ordered: false,
          items: [
            'tu perfil, correo electrónico, contraseña y ajustes;',
            'tus peticiones, agradecimientos, comentarios, oraciones, guardados, listas y notas privadas;',
            'los tokens push de tus dispositivos, para que no se envíen más notificaciones.',
          ],
        },
      },
      {
        heading: '¿No puedes acceder a tu cuenta?',
        paragraphs: [
          `Si ya no puedes iniciar sesión, escribe a ${CONTACT_EMAIL} desde el correo de tu cuenta y te ayudaremos. En un dispositivo compartido, cerrar sesión también borra la copia que la aplicación guarda en el navegador.`,
        ],
      },
    ],
  },
  lordsPrayer: {
    title: 'El Padre nuestro',
    reference: 'Mateo 6:9-13',
    translation: 'Reina-Valera 1909',
    intro: 'Vosotros pues, oraréis así:',
    lines: [
      'Padre nuestro que estás en los cielos,',
      'santificado sea tu nombre.',
      'Venga tu reino.',
      'Sea hecha tu voluntad, como en el cielo, así también en la tierra.',
      'Danos hoy nuestro pan cotidiano.',
      'Y perdónanos nuestras deudas, como también nosotros perdonamos a nuestros deudores.',
      'Y no nos metas en tentación, mas líbranos del mal:',
      'porque tuyo es el reino, y el poder, y la gloria, por todos los siglos.',
    ],
    closing: 'Amén.',
  },
};
