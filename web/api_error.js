// api_error.js - the error of a back end's call (docs/web.md's errors): the HTTP status, the
// sentence for people and the body with its short `reason` for the page.

export class ApiError extends Error {
  constructor(status, message, body) {
    super(message);
    this.status = status;
    this.body = body || {};
  }
}
