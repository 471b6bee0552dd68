// The shape every locale must match: English's keys, with any string as the value. A language may
// add a `_zero` form beside any plural English has (i18next uses `key_zero` for a count of 0 when
// present): pt-BR's CLDR rule reads 0 as "one" ("0 comentário"), so Portuguese needs it (issue #12).
type ZeroForms<T> = { [K in keyof T as K extends `${infer Base}_other` ? `${Base}_zero` : never]?: string };
export type Widen<T> = { [K in keyof T]: T[K] extends string ? string : Widen<T[K]> } & ZeroForms<T>;
