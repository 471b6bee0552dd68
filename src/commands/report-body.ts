// The body of a report (docs/product.md §7 {type, details}; issue #12: no reason is chosen for the user, and
// the optional details are the reporter's own words, at most REPORT_DETAILS_LIMIT characters, the
// limit the server checks too). Blank details are none.
import { REPORT_TYPES, type ReportBody, type ReportType } from '../../common/contract';
import { REPORT_DETAILS_LIMIT } from '../../common/hidden-people-contract';
import { fieldError } from './command-error';

export function reportBody(type: ReportType | null, details: string | null = null): ReportBody {
  if (type === null || !REPORT_TYPES.includes(type)) throw fieldError('type', 'Choose a reason.', 'validation.choice');
  const words = details?.trim() ?? '';
  if (words.length > REPORT_DETAILS_LIMIT) throw fieldError('details', `Keep it under ${REPORT_DETAILS_LIMIT} characters`, 'validation.too_long', { max: REPORT_DETAILS_LIMIT });
  return words === '' ? { type } : { type, details: words };
}
