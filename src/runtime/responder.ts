/**
 * The one place that turns an incoming interaction into an answer, for every transport: it
 * picks the catalogue snapshot, runs the command through the registry, and owns error handling
 * and the one log line per interaction. Transports only translate and carry out.
 */
import { dispatch } from '../../commands/registry.js';
import type { Incoming, Response, SharedState } from '../../commands/types.js';
import { MalformedInteraction, UserError } from '../base/errors.js';
import { t } from '../i18n/index.js';
import { privateNotice } from '../render/audience.js';
import { commandRef, type CommandIds } from '../render/words.js';
import type { IndexSource } from './catalogue-service.js';
import { rateLimited, type Logger } from './log.js';
import type { Metrics } from './metrics.js';

/** How an interaction ended, as logged: answered, the member's own mistake, a forged payload, or a bug. */
export type Outcome = 'ok' | 'user-error' | 'malformed' | 'error';

/** Carries out an answer on the transport (reply, update, choices, pin, delete); may throw. */
export type Perform = (response: Response) => Promise<void>;

export interface ResponderDeps {
  catalogue: IndexSource;
  state: SharedState;
  log: Logger;
  now?: () => number;
  /** The registered commands' ids, once registration has answered; read per interaction. */
  commandIds?: () => CommandIds | undefined;
  metrics?: Metrics | undefined;
  /** Keep the questions the catalogue missed, for moderators (LEARN_FROM_CHANNEL); off when false. */
  keepMissed?: boolean;
}

/** Command and subcommand (or the component's action) for the log line. */
export function describe(incoming: Incoming): { command: string; subcommand?: string } {
  switch (incoming.type) {
    case 'command':
      return { command: incoming.command, ...(incoming.subcommand ? { subcommand: incoming.subcommand } : {}) };
    case 'autocomplete':
      return { command: 'autocomplete', ...(incoming.subcommand ? { subcommand: incoming.subcommand } : {}) };
    case 'message-command':
      return { command: incoming.command };
    case 'component':
      return { command: 'component', subcommand: incoming.customId.split(':')[1]?.slice(0, 20) ?? 'unknown' };
  }
}

/** Builds the responder: `respond(incoming, perform)` never throws; whatever happens, the member hears back. */
export function createResponder(deps: ResponderDeps): (incoming: Incoming, perform: Perform) => Promise<Outcome> {
  const now = deps.now ?? Date.now;
  // Anyone can send payloads: one warn line per forged interaction would let them flood the log.
  const warnMalformed = rateLimited(deps.log, 'warn', { perMinute: 20 });
  // What members look for and the catalogue lacks; rate-limited for the same reason.
  const logUnanswered = rateLimited(deps.log, 'info', { perMinute: 120 });

  return async (incoming, perform) => {
    const started = performance.now();
    const names = describe(incoming);
    const locale = incoming.caller.locale;
    const commands = deps.commandIds?.();
    let outcome: Outcome = 'ok';
    let unanswered = false;
    try {
      const ctx = {
        index: deps.catalogue.current,
        caller: incoming.caller,
        state: deps.state,
        now: now(),
        commands,
        keepsMissed: deps.keepMissed ?? false,
      };
      const response = await dispatch(incoming, ctx);
      await perform(response);
      if (response.type === 'reply') {
        const { missed } = response;
        if (missed?.answer === 'nothing') {
          unanswered = true;
          logUnanswered({ query: missed.query, ...names }, 'no answer in the catalogue');
        }
        if (missed && deps.keepMissed) await deps.state.keepMissed(missed, ctx.now);
      }
    } catch (err) {
      let notice: string;
      if (err instanceof UserError) {
        outcome = 'user-error';
        notice = err.message;
      } else if (err instanceof MalformedInteraction) {
        outcome = 'malformed';
        warnMalformed({ ...names, detail: err.message }, 'malformed interaction');
        notice = err.reply || t(locale, 'error.unknown-command', { command: commandRef({ locale, commands }, 'search') });
      } else {
        outcome = 'error';
        deps.log.error({ err, ...names }, 'interaction failed');
        notice = t(locale, 'error.apology');
      }
      // An autocomplete can only answer with choices: none, rather than a message.
      const fallback: Response =
        incoming.type === 'autocomplete' ? { type: 'choices', choices: [] } : { type: 'reply', payload: privateNotice(notice) };
      try {
        await perform(fallback);
      } catch (failure) {
        deps.log.warn({ err: failure, ...names }, 'could not tell the member about a failure');
      }
    } finally {
      const elapsed = performance.now() - started;
      deps.metrics?.observe(incoming, outcome, elapsed / 1000, unanswered);
      const ms = Math.round(elapsed * 10) / 10;
      deps.log.info({ ...names, userId: incoming.caller.userId, outcome, ms }, 'interaction');
    }
    return outcome;
  };
}
