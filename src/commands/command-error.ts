// The one error a command throws. It has the ApiError fields (status, message, errors, and the
// stable code with its params and field codes, issue #12), so the UI reads it like a server
// refusal and shows the code's words in the user's language (src/components/api-error.ts); the
// English message is for logs and tests.
import type { ApiError } from '../../common/contract';
import type { ErrorCode, ErrorParams, FieldCode } from '../../common/error-codes';

type CommandErrorDetail = { code?: ErrorCode; params?: ErrorParams; fieldCodes?: Record<string, FieldCode[]> };

export class CommandError extends Error {
  readonly status: number;
  readonly errors: ApiError['errors'];
  readonly code: ErrorCode | undefined;
  readonly params: ErrorParams | undefined;
  readonly fieldCodes: Record<string, FieldCode[]> | undefined;

  constructor(status: number, message: string, errors?: ApiError['errors'], detail: CommandErrorDetail = {}) {
    super(message);
    this.name = 'CommandError';
    this.status = status;
    this.errors = errors;
    this.code = detail.code;
    this.params = detail.params;
    this.fieldCodes = detail.fieldCodes;
  }
}

/** A 422 for one field, the shape the server uses for validation errors, with its code. */
export function fieldError(field: string, message: string, code: ErrorCode = 'validation.invalid', params?: ErrorParams): CommandError {
  const fieldCode: FieldCode = params === undefined ? { code } : { code, params };
  return new CommandError(422, message, { [field]: [message] }, { code, ...(params === undefined ? {} : { params }), fieldCodes: { [field]: [fieldCode] } });
}
