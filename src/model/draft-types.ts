// Unsent drafts (issue #26 point 1; Dexie version 7, src/model/db.ts): what a person has typed in
// a form and not sent, kept per account and per form target so a stray tap, a reload or a
// closed app never loses it (docs/product.md §2 'Drafts'). Drafts never reach the outbox or
// the server: they are the person's words before they become a change.

/** A form's fields as typed: texts, and the choices beside them (a post's kind, anonymity). */
export type DraftFields = Record<string, string | boolean>;

export type DraftRow = {
  /** `${accountId}|${target}`: one draft per account and form target. */
  key: string;
  accountId: number;
  /** The form it belongs to, from draftTarget() (src/state/drafts.ts). */
  target: string;
  fields: DraftFields;
  savedAt: number;
};
