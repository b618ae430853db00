/**
 * A local Discord for end-to-end tests: REST + gateway on 127.0.0.1, realistic payloads,
 * request recording and fault injection. Start one per test with `startDiscordStandIn()`.
 */
export { startDiscordStandIn, type DiscordStandIn, type StandInOptions } from './server.js';
export type { RestStandIn } from './rest.js';
export {
  shardOfGuild,
  type GatewayStandIn,
  type GatewayCounts,
  type GatewayFrame,
  type Identification,
  type ShardPair,
} from './gateway.js';
export type { RecordedRequest, RequestMatcher } from './recorder.js';
export type { FaultOptions } from './faults.js';
export type { UploadedFile } from './http-io.js';
export type { StoredMessage } from './messages.js';
export { apiUser, world, memberPermissions, permissionString, type World } from './world.js';
export {
  interactionMember,
  memberWhoCanPin,
  outsideServer,
  plainMember,
  type InteractionOptions,
  type OutsideServerOptions,
  type PrivatePlace,
} from './interaction-base.js';
export {
  autocompleteInteraction,
  chatInputInteraction,
  DEFAULT_COMMAND_ID,
  messageCommandInteraction,
  option,
  type AutocompleteOptions,
  type ChatInputOptions,
  type LeafOption,
  type MessageCommandOptions,
} from './payloads.js';
export {
  buttonInteraction,
  buttonRow,
  componentMessage,
  selectRow,
  stringSelectInteraction,
  type ComponentOptions,
} from './component-payloads.js';
export { nextEvent, waitUntil } from './waiting.js';
export { dispatchTimed, type TimedCallback } from './timing.js';
export { applicationKeys, deliverOverHttp, signedHeaders, type HttpAnswer } from './http-delivery.js';
