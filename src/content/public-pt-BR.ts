// Textos em português das páginas públicas (docs/decisions/0117-public-pages-texts.md).
import { CONTACT_EMAIL } from './types';
import type { PublicContent } from './types';

export const publicPtBR: PublicContent = {
  ourMission: {
    title: 'Nossa missão',
    lead: 'Ninguém deveria orar sozinho. Estamos construindo um lugar tranquilo e acolhedor, onde as pessoas carregam umas às outras em oração, na sua própria língua, onde quer que estejam.',
    sections: [
      {
        heading: 'Por que existimos',
        paragraphs: [
          'Quase todos conhecemos o peso de uma preocupação que não conseguimos largar, e o alívio de ouvir "estou orando por você". A Comunidade de Oração existe para tornar esse momento mais fácil de encontrar: um lugar para dizer o que está no seu coração e saber que outras pessoas estão ao seu lado.',
          'Acreditamos que a oração transforma as coisas, e que transforma a nós também. Quando oramos por alguém que nunca vimos, aprendemos a enxergá-lo como próximo.',
        ],
      },
      {
        heading: 'O que nos importa',
        paragraphs: ['Cada decisão sobre o aplicativo é medida por alguns compromissos simples.'],
        list: {
          ordered: false,
          items: [
            'Gentileza em primeiro lugar: os pedidos são tratados com cuidado, e qualquer pessoa pode publicar anonimamente.',
            'Nada à venda: não vendemos seus dados e não exibimos anúncios.',
            'Para todos: o aplicativo funciona em português, inglês e espanhol, em qualquer celular, e continua funcionando quando a conexão cai.',
            'Espaço para agradecer: orações respondidas e agradecimentos são compartilhados com a mesma alegria que os pedidos.',
          ],
        },
      },
      {
        heading: 'Como participar',
        paragraphs: [
          'Compartilhe um pedido ou um agradecimento, ore pelos outros com um toque e mantenha listas pessoais das pessoas e situações que você leva em oração. Se quiser nos ajudar a crescer, conte a um amigo ou escreva para nós com suas ideias.',
        ],
      },
    ],
  },
  privacy: {
    title: 'Aviso de privacidade',
    lead: 'Guardamos o mínimo possível sobre você, explicamos por que guardamos e você pode levar seus dados ou apagá-los quando quiser.',
    sections: [
      {
        heading: 'No seu aparelho',
        paragraphs: [
          'Para que o aplicativo funcione sem conexão, ele guarda uma cópia do que você vê e escreve no armazenamento do próprio navegador (IndexedDB) neste aparelho: as publicações do seu feed, suas listas, suas anotações e as alterações que ainda aguardam envio. Essa cópia só sai do aparelho para chegar ao nosso servidor. Ao sair da conta, ela é apagada.',
          'Sua escolha de modo de cor fica guardada no armazenamento local do aparelho.',
        ],
      },
      {
        heading: 'No nosso servidor',
        paragraphs: ['Quando você se cadastra, guardamos o que a comunidade precisa para funcionar:'],
        list: {
          ordered: false,
          items: [
            'sua conta: nome, e-mail, uma senha protegida (com hash), seu idioma e suas configurações;',
            'o que você compartilha: pedidos, agradecimentos, comentários, orações, itens salvos, listas e anotações pessoais (as anotações só aparecem para você);',
            'se você permitir notificações, o token de push do seu aparelho, para avisarmos quando alguém orar por você.',
          ],
        },
      },
      {
        heading: 'Cookies',
        paragraphs: ['Usamos poucos cookies, todos necessários para o aplicativo funcionar, salvo se você escolher outros:'],
        list: {
          ordered: false,
          items: [
            'seu token de acesso, ou o token de visitante se você ainda não se cadastrou (365 dias);',
            'seu canal e idioma, para o aplicativo abrir na sua língua (365 dias);',
            'cc_cookie, que lembra suas escolhas sobre cookies (182 dias).',
          ],
        },
      },
      {
        heading: 'Estatísticas de uso',
        paragraphs: [
          'Só medimos o uso do aplicativo se você concordar nas preferências de cookies, e você pode mudar de ideia a qualquer momento. Sem o seu consentimento, nenhuma ferramenta de análise é executada.',
        ],
      },
      {
        heading: 'Seus direitos',
        paragraphs: [
          'Você pode baixar uma cópia dos seus dados em Configurações, corrigi-los quando quiser e excluir sua conta com tudo o que ela contém (veja "Como excluir minha conta e meus dados"). Não vendemos nem compartilhamos seus dados com anunciantes.',
          `Para qualquer dúvida sobre sua privacidade, escreva para ${CONTACT_EMAIL}.`,
        ],
      },
    ],
  },
  terms: {
    title: 'Termos de uso',
    lead: 'Alguns acordos simples mantêm este um lugar seguro para orarmos juntos. Ao usar o aplicativo, você os aceita.',
    sections: [
      {
        heading: 'Convivência na comunidade',
        paragraphs: [
          'Compartilhe com sinceridade e respeito. Não publique conteúdo de ódio, ofensivo, sexual, enganoso ou publicitário, e não exponha dados pessoais de outras pessoas sem permissão. Se o pedido envolver outra pessoa, considere não citar o nome completo dela.',
        ],
      },
      {
        heading: 'O que você publica',
        paragraphs: [
          'O que você publica continua sendo seu. Você nos permite mostrá-lo à comunidade da forma que escolheu (com seu nome ou anonimamente) enquanto mantiver a publicação no aplicativo. Você pode editar ou excluir suas publicações a qualquer momento.',
        ],
      },
      {
        heading: 'Denúncias e moderação',
        paragraphs: [
          'Qualquer pessoa pode denunciar uma publicação ou um comentário. Um conteúdo denunciado por várias pessoas fica oculto enquanto o analisamos, e podemos remover conteúdos ou encerrar contas que descumpram estes termos.',
        ],
      },
      {
        heading: 'Não é aconselhamento profissional',
        paragraphs: [
          'A Comunidade de Oração é um lugar de oração e encorajamento, não uma fonte de orientação médica, jurídica ou psicológica. Se você ou alguém próximo estiver em perigo, procure imediatamente o serviço de emergência da sua região.',
        ],
      },
      {
        heading: 'Alterações',
        paragraphs: [
          `O aplicativo é oferecido como está, e podemos aprimorar estes termos à medida que ele cresce; quando isso acontecer, avisaremos no aplicativo. Dúvidas são bem-vindas em ${CONTACT_EMAIL}.`,
        ],
      },
    ],
  },
  deleteAccount: {
    title: 'Como excluir minha conta e meus dados',
    lead: 'Você pode excluir sua conta quando quiser. Leva um minuto, e pedimos a confirmação por e-mail para que ninguém faça isso por você.',
    sections: [
      {
        heading: 'Antes de começar: guarde uma cópia',
        paragraphs: [
          'A exclusão não pode ser desfeita. Se quiser guardar seus pedidos, listas e anotações, vá primeiro a Configurações, depois Conta, e escolha "Baixar meus dados". Enviamos por e-mail um link para um arquivo com tudo o que você compartilhou.',
        ],
      },
      {
        heading: 'Excluir sua conta',
        paragraphs: [],
        list: {
          ordered: true,
          items: [
            'Entre na sua conta e abra Configurações pelo menu da conta.',
            'Escolha Conta e depois "Excluir minha conta".',
            'Enviamos um link de confirmação para o e-mail da sua conta.',
            'Abra o link dentro do prazo indicado e confirme. Sua conta é excluída na hora.',
          ],
        },
      },
      {
        heading: 'O que é excluído',
        paragraphs: ['Tudo o que pertence à sua conta:'],
        list: {
          ordered: false,
          items: [
            'seu perfil, e-mail, senha e configurações;',
            'seus pedidos, agradecimentos, comentários, orações, itens salvos, listas e anotações pessoais;',
            'os tokens de push dos seus aparelhos, para que nenhuma notificação seja mais enviada.',
          ],
        },
      },
      {
        heading: 'Não consegue acessar sua conta?',
        paragraphs: [
          `Se não conseguir mais entrar, escreva para ${CONTACT_EMAIL} a partir do e-mail da sua conta e nós ajudaremos. Em um aparelho compartilhado, sair da conta também apaga a cópia que o aplicativo guarda no navegador.`,
        ],
      },
    ],
  },
  lordsPrayer: {
    title: 'O Pai Nosso',
    reference: 'Mateus 6:9-13',
    translation: 'João Ferreira de Almeida, edição de 1911, em ortografia atual',
    intro: 'Portanto, vós orareis assim:',
    lines: [
      'Pai nosso, que estás nos céus,',
      'santificado seja o teu nome;',
      'venha o teu reino,',
      'seja feita a tua vontade, assim na terra como no céu;',
      'o pão nosso de cada dia nos dá hoje;',
      'e perdoa-nos as nossas dívidas, assim como nós perdoamos aos nossos devedores;',
      'e não nos induzas à tentação; mas livra-nos do mal;',
      'porque teu é o reino, e o poder, e a glória, para sempre.',
    ],
    closing: 'Amém.',
  },
};
