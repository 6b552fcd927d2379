/** A state machine as a transition table (DESIGN §11): from each state, the states it may move to. */
export type Transitions<S extends string> = Readonly<Record<S, readonly S[]>>;

export function canTransition<S extends string>(table: Transitions<S>, from: S, to: S): boolean {
  return table[from].includes(to);
}

/** The states a move to `to` may start from: what a compare-and-set update puts in its `where`. */
export function statesLeadingTo<S extends string>(table: Transitions<S>, to: S): S[] {
  return (Object.keys(table) as S[]).filter((from) => table[from].includes(to));
}

/** States nothing leaves. */
export function isFinal<S extends string>(table: Transitions<S>, state: S): boolean {
  return table[state].length === 0;
}
