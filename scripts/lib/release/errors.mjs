/** The errors a release reports as they are (no stack trace): the live site is unchanged. */
export class ReleaseError extends Error {
  constructor(message) {
    super(message);
    this.name = 'ReleaseError';
  }
}

/** The build itself is unfit to go live (a page failed to render or failed its checks), not the moment. */
export class RefusedError extends ReleaseError {
  constructor(message) {
    super(message);
    this.name = 'RefusedError';
  }
}
