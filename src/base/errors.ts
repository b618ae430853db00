/**
 * An expected failure with a message that is safe to show the member (privately), already in
 * their words and language. Anything else is a bug: logged with context, and the member gets a
 * short apology.
 */
export class UserError extends Error {
  override readonly name = 'UserError';
}

/**
 * An interaction that a real Discord client would not send (a forged or broken payload): the
 * member sees `reply` (plain words, never a validator's), the operator's log gets `message`.
 */
export class MalformedInteraction extends Error {
  override readonly name = 'MalformedInteraction';
  constructor(
    readonly reply: string,
    detail: string,
  ) {
    super(detail);
  }
}
