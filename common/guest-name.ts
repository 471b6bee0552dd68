// Guests with names (issue #26 point 3; docs/product.md §3 User): a guest who has not chosen a
// display name is stored with an empty name and shown, in each viewer's language, as the guest
// word and a number made from the account id: "Guest 4821", "Visitante 4821", "Invitado 4821".
// The number never changes, and no two of any 9,000 consecutive accounts share one (7919 is prime
// to 9000, so the map is one to one over each run of 9,000 ids). Shared by the screens and the
// server's push texts so both say the same name.

/** The stored name of a guest who has not chosen one. */
export const UNNAMED_GUEST = '';

/** The guest's number, 1000-9999, stable for the account. */
export function guestNumber(userId: number): number {
  return 1000 + ((((userId % 9000) * 7919) % 9000) + 9000) % 9000;
}
