// The shape every locale must match: English's keys, with any string as the value.
export type Widen<T> = { [K in keyof T]: T[K] extends string ? string : Widen<T[K]> };
