// The /api/v1 wire types of "Hide posts from this person" (issue #12 item 8; docs/api.md 'Hidden
// people'). Companion of contract.ts.
import type { ApiUserSummary } from './contract';

/** GET user/hidden-people: the people the caller hid, most recently hidden first. */
export type HiddenPeopleResponse = { people: ApiUserSummary[] };

/** PUT / DELETE user/hidden-people/{id}: what now holds for that person. */
export type HiddenPersonResponse = { hidden: boolean; person: ApiUserSummary };

/** The longest report details a reporter may write (docs/product.md §6 report; reports.details, 0008). */
export const REPORT_DETAILS_LIMIT = 500;
