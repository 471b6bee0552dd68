// The order of a parent's rows as shown (docs/product.md §4 list order, comments and notes oldest
// first): the server's rows in the server's order, then rows made here and not yet sent (negative
// ids, the newest made the most negative) in the order they were made: the server will place them
// after everything it already has.

type Row = { id: number };

/** `serverOrder` for the server's rows, the rows made here last, in the order made. */
export function localLast<T extends Row>(serverOrder: (a: T, b: T) => number): (a: T, b: T) => number {
  return (a, b) => {
    const aLocal = a.id < 0;
    const bLocal = b.id < 0;
    if (aLocal !== bLocal) return aLocal ? 1 : -1;
    if (aLocal) return b.id - a.id;
    return serverOrder(a, b);
  };
}
