/**
 * A translation of an English catalogue: the same keys, nested alike, every leaf a string. A
 * missing or extra key in another language is a type error, so no language ships half-done.
 */
export type Translation<T> = {
  readonly [K in keyof T]: T[K] extends string ? string : Translation<T[K]>;
};
