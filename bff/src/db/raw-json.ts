// An answer whose JSON text is already made (by the database, decision 230): http/send.ts
// writes the text as it is instead of building objects only to serialize them again.

/** The JSON text of a `T`. Anything that serializes it generically gets the parsed value. */
export class RawJson<T> {
  /** Only for the type: the value the text stands for. */
  declare readonly value?: T;
  constructor(readonly text: string) {}
  toJSON(): T {
    return JSON.parse(this.text) as T;
  }
}
