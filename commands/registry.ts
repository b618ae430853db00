/**
 * The one registry of commands, built from the command modules. Every transport (gateway, HTTP
 * endpoint, terminal) dispatches through it, so a new command or option is one module here.
 */
import type { RESTPutAPIApplicationCommandsJSONBody } from 'discord-api-types/v10';
import { MalformedInteraction } from '../src/base/errors.js';
import { t } from '../src/i18n/index.js';
import { decodeCustomId, type ComponentAction } from '../src/render/custom-ids.js';
import { commandRef } from '../src/render/words.js';
import { copy } from './components/copy.js';
import { remove } from './components/delete.js';
import { open } from './components/open.js';
import { page } from './components/page.js';
import { pin } from './components/pin.js';
import { share } from './components/share.js';
import { findResources } from './find-resources.js';
import type { Component, ComponentContext, MessageCommand, SlashCommand, Subcommand } from './module.js';
import { resourceAdmin } from './admin/index.js';
import { resource } from './resource/index.js';
import { voiceOf } from './shared.js';
import type { CommandContext, Incoming, Response } from './types.js';

export const slashCommands: readonly SlashCommand[] = [resource, resourceAdmin];
export const messageCommands: readonly MessageCommand[] = [findResources];
/** Button and menu handlers by the action their custom ids carry; the type insists on one per action. */
const componentsByAction: { readonly [A in ComponentAction['action']]: Component<A> } = { open, page, share, copy, pin, delete: remove };

/** Every command as Discord registers it, localised. */
export function commandDefinitions(): RESTPutAPIApplicationCommandsJSONBody {
  return [...slashCommands.map((c) => c.definition()), ...messageCommands.map((c) => c.definition())];
}

/** The subcommand an interaction names, or a MalformedInteraction (a real client only sends registered ones). */
export function findSubcommand(command: string, subcommand: string | undefined, ctx: CommandContext): Subcommand {
  const found = slashCommands.find((c) => c.name === command)?.subcommands.find((s) => s.name === subcommand);
  if (!found)
    throw new MalformedInteraction(
      t(ctx.caller.locale, 'error.unknown-command', { command: commandRef(voiceOf(ctx), 'search') }),
      `unknown command /${command} ${subcommand ?? ''}`,
    );
  return found;
}

/** Options checked against the subcommand's declaration; a bad one is named to the member in plain words. */
function parseOptions(sub: Subcommand, raw: Readonly<Record<string, unknown>>, ctx: CommandContext) {
  const parsed = sub.schema.safeParse(raw);
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0];
  const option = String(issue?.path[0] ?? 'options');
  throw new MalformedInteraction(
    t(ctx.caller.locale, 'error.bad-option', { option }),
    `option "${option}" of ${sub.name}: ${issue?.message ?? 'invalid'}`,
  );
}

/** Runs the handler for a decoded custom id; the action and its handler's parameter match by construction. */
// eslint-disable-next-line @typescript-eslint/no-unnecessary-type-parameters -- A ties the action to its handler's parameter.
function runComponent<A extends ComponentAction['action']>(action: Extract<ComponentAction, { action: A }>, ctx: ComponentContext) {
  const component: Component<A> = componentsByAction[action.action];
  return component.execute(action, ctx);
}
const messageCommandByName = new Map(messageCommands.map((c) => [c.name, c]));

/**
 * Runs the module an interaction is for and returns its answer. Throws UserError (the member
 * made a mistake), MalformedInteraction (the payload is not what Discord sends) or anything
 * else (a bug); the responder turns each into the right private answer and log line.
 */
export async function dispatch(incoming: Incoming, ctx: CommandContext): Promise<Response> {
  switch (incoming.type) {
    case 'command': {
      const sub = findSubcommand(incoming.command, incoming.subcommand, ctx);
      return sub.execute(parseOptions(sub, incoming.options, ctx), ctx);
    }
    case 'autocomplete': {
      const sub = findSubcommand(incoming.command, incoming.subcommand, ctx);
      if (!incoming.focused) throw new MalformedInteraction('', `autocomplete for ${sub.name} with no focused option`);
      const typed = typeof incoming.focused.value === 'string' ? incoming.focused.value : String(incoming.focused.value);
      return { type: 'choices', choices: sub.autocomplete?.(incoming.focused.name, typed, ctx) ?? [] };
    }
    case 'message-command': {
      const command = messageCommandByName.get(incoming.command);
      if (!command)
        throw new MalformedInteraction(
          t(ctx.caller.locale, 'error.unknown-command', { command: commandRef(voiceOf(ctx), 'search') }),
          `unknown message command "${incoming.command}"`,
        );
      return command.execute(incoming.target, ctx);
    }
    case 'component': {
      const action = decodeCustomId(incoming.customId);
      if (!action)
        throw new MalformedInteraction(t(ctx.caller.locale, 'error.old-button'), `unknown custom id "${incoming.customId.slice(0, 100)}"`);
      return runComponent(action, { ...ctx, values: incoming.values, message: incoming.message });
    }
  }
}
