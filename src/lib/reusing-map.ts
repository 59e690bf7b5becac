/** Maps an array like `Array.prototype.map`, reusing what it made for the previous input. */
export type ReusingMap<I, O> = (input: readonly I[]) => readonly O[];

/**
 * `input.map(fn)` that remembers its last call, for series that change a
 * little at a time: the elements the input shares with the previous one, in
 * the same order (a sliding series drops points at its front and gains them
 * at its end), keep their previous results, so a new point costs one call of
 * `fn` and no new objects for the rest; the same input array gives back the
 * same output array. Elements are compared by identity: they must not change.
 */
export function reusingMap<I, O>(fn: (item: I) => O): ReusingMap<I, O> {
  let lastInput: readonly I[] = [];
  let lastOutput: readonly O[] = [];
  return (input) => {
    if (input === lastInput) return lastOutput;
    const output: O[] = [];
    const first = input[0];
    // Where the new input begins in the previous one: points dropped at the front are skipped.
    let j = input.length > 0 && first !== undefined ? lastInput.indexOf(first) : -1;
    let i = 0;
    if (j >= 0) {
      for (; i < input.length && j < lastInput.length && input[i] === lastInput[j]; i++, j++)
        output.push(lastOutput[j] as O);
    }
    for (; i < input.length; i++) output.push(fn(input[i] as I));
    lastInput = input;
    lastOutput = output;
    return output;
  };
}

/** At most this many maps are kept; beyond, all are dropped and made again as asked. */
const MAX_KEYS = 64;

/**
 * Reusing maps by key (a series and how it is mapped: its statistic and
 * conversion factor), made on first use.
 */
export class ReusingMaps<I, O> {
  private readonly maps = new Map<string, ReusingMap<I, O>>();

  map(key: string, fn: (item: I) => O, input: readonly I[]): readonly O[] {
    let map = this.maps.get(key);
    if (!map) {
      if (this.maps.size >= MAX_KEYS) this.maps.clear();
      map = reusingMap(fn);
      this.maps.set(key, map);
    }
    return map(input);
  }
}
