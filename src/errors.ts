/**
 * An expected failure with a message that is safe to show the user (privately).
 * Anything else is a bug: logged with context, and the user gets a short apology.
 */
export class UserError extends Error {
  override readonly name = 'UserError';
}

/** The generic reply to an unexpected failure: never the raw exception text. */
export const APOLOGY = 'Sorry, something went wrong while answering that. It has been logged; please try again in a moment.';
