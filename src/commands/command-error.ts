// The one error a command throws. It has the ApiError fields (status, message, errors), so the
// UI reads it like a server refusal (src/components/api-error.ts).
import type { ApiError } from '../../common/contract';

export class CommandError extends Error {
  readonly status: number;
  readonly errors: ApiError['errors'];

  constructor(status: number, message: string, errors?: ApiError['errors']) {
    super(message);
    this.name = 'CommandError';
    this.status = status;
    this.errors = errors;
  }
}

/** A 422 for one field, the shape the server uses for validation errors. */
export function fieldError(field: string, message: string): CommandError {
  return new CommandError(422, message, { [field]: [message] });
}
