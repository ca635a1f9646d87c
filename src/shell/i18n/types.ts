import type { zh } from './zh';

type Widen<T> = { [K in keyof T]: T[K] extends string ? string : Widen<T[K]> };

/** The shape every language must fill: the Chinese tree with its strings widened. */
export type Messages = Widen<typeof zh>;

type Paths<T, Prefix extends string = ''> = {
  [K in keyof T & string]: T[K] extends string ? `${Prefix}${K}` : Paths<T[K], `${Prefix}${K}.`>;
}[keyof T & string];

/** Every key a component may ask for, as a dot path ("login.submit"). */
export type MessageKey = Paths<Messages>;

export type Language = 'zh' | 'en';
