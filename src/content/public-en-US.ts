// English texts of the public pages (docs/decisions/0117-public-pages-texts.md).
import { CONTACT_EMAIL } from './types';
import type { PublicContent } from './types';

export const publicEnUS: PublicContent = {
  ourMission: {
    title: 'Our mission',
    lead: 'No one should have to pray alone. We are building a quiet, kind place where people carry one another in prayer, in their own language, wherever they are.',
    sections: [
      {
        heading: 'Why we exist',
        paragraphs: [
          'Most of us know the weight of a worry we cannot put down, and the relief of hearing "I am praying for you". Prayer Community exists to make that moment easier to find: a place to say what is on your heart and to know that others are standing with you.',
          'We believe prayer changes things, and that it changes us. When we pray for someone we have never met, we learn to see them as a neighbour.',
        ],
      },
      {
        heading: 'What we care about',
        paragraphs: ['Every decision about the app is measured against a few simple commitments.'],
        list: {
          ordered: false,
          items: [
            'Kindness first: requests are held with care, and anyone can post anonymously.',
            'Nothing to sell: we do not sell your data and we do not show advertising.',
            'For everyone: the app works in English, Portuguese and Spanish, on any phone, and keeps working when the connection drops.',
            'Room to give thanks: answered prayers and thanksgivings are shared as gladly as requests.',
          ],
        },
      },
      {
        heading: 'How you can take part',
        paragraphs: [
          'Share a request or a thanksgiving, pray for others with a single tap, and keep personal lists of the people and situations you carry. If you would like to help us grow, tell a friend, or write to us with your ideas.',
        ],
      },
    ],
  },
  privacy: {
    title: 'Privacy notice',
    lead: 'We keep as little about you as we can, we explain why we keep it, and you can take it with you or delete it at any time.',
    sections: [
      {
        heading: 'On your device',
        paragraphs: [
          'So that the app works without a connection, it keeps a copy of what you see and what you write in your browser\'s own storage (IndexedDB) on this device: the posts of your feed, your lists, your notes, and the changes that are still waiting to be sent. It never leaves your device except to reach our server. Logging out clears it.',
          'Your colour-mode choice is kept in local storage on the device.',
        ],
      },
      {
        heading: 'On our server',
        paragraphs: ['When you register, we store what the community needs to work:'],
        list: {
          ordered: false,
          items: [
            'your account: name, email address, a protected (hashed) password, your language and your settings;',
            'what you share: requests, thanksgivings, comments, prayers, bookmarks, lists and private notes (notes are only ever shown to you);',
            'if you allow notifications, the push token of your device, so we can tell you when someone prays for you.',
          ],
        },
      },
      {
        heading: 'Cookies',
        paragraphs: ['We use a small number of cookies, all of them needed for the app to work, unless you say otherwise:'],
        list: {
          ordered: false,
          items: [
            'your sign-in token, or your guest token if you have not registered (365 days);',
            'your channel and language, so the app opens in your language (365 days);',
            'cc_cookie, which remembers your cookie choices (182 days).',
          ],
        },
      },
      {
        heading: 'Analytics',
        paragraphs: [
          'We only measure how the app is used if you agree to it in the cookie preferences, and you can change your mind at any time. Without your consent, no analytics run.',
        ],
      },
      {
        heading: 'Your rights',
        paragraphs: [
          'You can download a copy of your data from Settings, correct it at any time, and delete your account and everything in it (see "How to delete my account and data"). We do not sell or share your data with advertisers.',
          `For any question about your privacy, write to ${CONTACT_EMAIL}.`,
        ],
      },
    ],
  },
  terms: {
    title: 'Terms of use',
    lead: 'A few simple agreements keep this a safe place to pray together. By using the app you accept them.',
    sections: [
      {
        heading: 'Using the community',
        paragraphs: [
          'Share honestly and with respect. Do not post anything hateful, abusive, sexual, misleading or advertising, and do not share someone else\'s private details without their permission. If a request involves another person, consider leaving out their full name.',
        ],
      },
      {
        heading: 'What you post',
        paragraphs: [
          'What you post remains yours. You allow us to show it to the community in the way you chose (with your name or anonymously) for as long as you keep it in the app. You can edit or delete your posts at any time.',
        ],
      },
      {
        heading: 'Reports and moderation',
        paragraphs: [
          'Anyone can report a post or a comment. Content reported by several people is hidden while we review it, and we may remove content or close accounts that break these terms.',
        ],
      },
      {
        heading: 'No professional advice',
        paragraphs: [
          'Prayer Community is a place of prayer and encouragement, not a source of medical, legal or psychological advice. If you or someone near you is in danger, contact your local emergency services straight away.',
        ],
      },
      {
        heading: 'Changes',
        paragraphs: [
          `The app is offered as it is, and we may improve these terms as it grows; when we do, we will say so in the app. Questions are welcome at ${CONTACT_EMAIL}.`,
        ],
      },
    ],
  },
  deleteAccount: {
    title: 'How to delete my account and data',
    lead: 'You can delete your account whenever you wish. It takes a minute, and we ask you to confirm it by email so no one else can do it for you.',
    sections: [
      {
        heading: 'Before you start: keep a copy',
        paragraphs: [
          'Deleting cannot be undone. If you would like to keep your requests, lists and notes, go to Settings, then Account, and choose "Download my data" first. We email you a link to a file with everything you have shared.',
        ],
      },
      {
        heading: 'Delete your account',
        paragraphs: [],
        list: {
          ordered: true,
          items: [
            'Log in and open Settings from the account menu.',
            'Choose Account, then "Delete my account".',
            'We send a confirmation link to the email address of your account.',
            'Open the link within the time it gives and confirm. Your account is deleted straight away.',
          ],
        },
      },
      {
        heading: 'What is deleted',
        paragraphs: ['Everything that belongs to your account:'],
        list: {
          ordered: false,
          items: [
            'your profile, email address, password and settings;',
            'your requests, thanksgivings, comments, prayers, bookmarks, lists and private notes;',
            'the push tokens of your devices, so no more notifications are sent.',
          ],
        },
      },
      {
        heading: 'No access to your account?',
        paragraphs: [
          `If you can no longer log in, write to ${CONTACT_EMAIL} from the email address of your account and we will help you. On a shared device, logging out also clears the copy the app keeps in the browser.`,
        ],
      },
    ],
  },
  lordsPrayer: {
    title: "The Lord's Prayer",
    reference: 'Matthew 6:9-13',
    translation: 'King James Version',
    intro: 'After this manner therefore pray ye:',
    lines: [
      'Our Father which art in heaven,',
      'Hallowed be thy name.',
      'Thy kingdom come.',
      'Thy will be done in earth, as it is in heaven.',
      'Give us this day our daily bread.',
      'And forgive us our debts, as we forgive our debtors.',
      'And lead us not into temptation, but deliver us from evil:',
      'For thine is the kingdom, and the power, and the glory, for ever.',
    ],
    closing: 'Amen.',
  },
};
