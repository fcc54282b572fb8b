// Domain errors: services throw these; one mapper turns them into JSON (API) and one into pages/forms.

export interface FieldIssue {
  path: string;
  message: string;
}

export class DomainError extends Error {
  readonly status: number;
  readonly issues?: FieldIssue[];
  constructor(status: number, message: string, issues?: FieldIssue[]) {
    super(message);
    this.name = new.target.name;
    this.status = status;
    this.issues = issues;
  }
}

export class Invalid extends DomainError {
  constructor(message: string, issues?: FieldIssue[]) {
    super(400, message, issues);
  }
}
export class Unauthorized extends DomainError {
  constructor(message = "Please sign in") {
    super(401, message);
  }
}
export class Forbidden extends DomainError {
  constructor(message = "You are not allowed to do this") {
    super(403, message);
  }
}
export class NotFound extends DomainError {
  constructor(message = "Not found") {
    super(404, message);
  }
}
export class Conflict extends DomainError {
  constructor(message: string, issues?: FieldIssue[]) {
    super(409, message, issues);
  }
}
export class PayloadTooLarge extends DomainError {
  constructor(message = "The request body is too large") {
    super(413, message);
  }
}
export class UnsupportedMediaType extends DomainError {
  constructor(message: string) {
    super(415, message);
  }
}
export class TooManyRequests extends DomainError {
  readonly retryAfterSeconds: number;
  constructor(retryAfterSeconds: number, message = "Too many attempts. Please try again later.") {
    super(429, message);
    this.retryAfterSeconds = retryAfterSeconds;
  }
}

/**
 * A refusal about one field of a form that has others, such as the photo of a new listing: the
 * refusal's status and message, shown under that field.
 */
export class FieldRefused extends DomainError {
  constructor(path: string, refusal: DomainError) {
    super(refusal.status, refusal.message, refusal.issues ?? [{ path, message: refusal.message }]);
    this.cause = refusal;
  }
}

/** How long a refused caller should wait (429), whether refused directly or about one field. */
export function retryAfterSeconds(error: DomainError): number | undefined {
  const refusal = error instanceof FieldRefused ? error.cause : error;
  return refusal instanceof TooManyRequests ? refusal.retryAfterSeconds : undefined;
}
