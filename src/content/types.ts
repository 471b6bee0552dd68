// The long texts of the public pages (docs/product.md §2), one module per language with this shape; the
// short interface strings stay in src/i18n. tests/ui/i18n-keys.test.ts checks the shapes match.

type PageSection = {
  heading: string;
  paragraphs: string[];
  /** Shown as a list after the paragraphs; `ordered` for steps. */
  list?: { ordered: boolean; items: string[] };
};

export type PublicPage = { title: string; lead: string; sections: PageSection[] };

export type PublicContent = {
  ourMission: PublicPage;
  privacy: PublicPage;
  terms: PublicPage;
  deleteAccount: PublicPage;
  lordsPrayer: { title: string; reference: string; translation: string; intro: string; lines: string[]; closing: string };
};

/** Where contact messages go: docs/product.md §7 has no contact call, so the form opens the visitor's mail app. */
export const CONTACT_EMAIL = 'hello@prayer-community.app';
/** The last edit of the privacy notice and the terms, shown on both pages. */
export const POLICY_UPDATED = '2026-11-20';
