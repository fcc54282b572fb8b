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
  constructor(message: string) {
    super(409, message);
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
