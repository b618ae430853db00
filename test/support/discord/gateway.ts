import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import { GatewayDispatchEvents, GatewayOpcodes, type APIInteraction } from 'discord.js';
import { WebSocket, WebSocketServer, type RawData } from 'ws';
import { asObject, numberField, stringField } from './json.js';
import { guildCreatePayload, readyPayload } from './gateway-payloads.js';
import { sessionId as newSessionId } from './snowflake.js';
import type { DiscordStore } from './store.js';
import { waitUntil } from './waiting.js';
import { world } from './world.js';

/** One frame the client sent, in arrival order. */
export interface GatewayFrame {
  op: number;
  d: unknown;
  /** `performance.now()` at arrival. */
  at: number;
  /** Which connection (1-based, in order of opening) sent it. */
  connection: number;
}

/** A shard as IDENTIFY names it: `[shard_id, num_shards]`. */
export type ShardPair = readonly [id: number, count: number];

/** One accepted IDENTIFY: which connection sent it and for which shard. */
export interface Identification {
  connection: number;
  shard: ShardPair;
  /** `performance.now()` at arrival. */
  at: number;
}

/**
 * The shard that receives a guild's events, by Discord's rule: `(guild_id >> 22) % num_shards`.
 * Interactions outside a guild (DMs) arrive on shard 0.
 */
export function shardOfGuild(guildId: string | undefined, count: number): number {
  if (guildId === undefined) return 0;
  return Number((BigInt(guildId) >> 22n) % BigInt(count));
}

export interface GatewayCounts {
  connections: number;
  identifies: number;
  resumes: number;
  heartbeats: number;
  heartbeatAcks: number;
}

/** A gateway session: the shard it serves and its own sequence of dispatches (RESUME continues both). */
interface Session {
  id: string;
  shard: ShardPair;
  sequence: number;
}

interface Connection {
  id: number;
  socket: WebSocket;
  /** Set once IDENTIFY or RESUME succeeded: the connection then receives dispatches. */
  session?: Session;
  /** IDENTIFY arrived while READY was held (see `holdReady`): the session starts once released. */
  heldShard?: ShardPair | undefined;
}

/**
 * The WebSocket half of the stand-in: HELLO, IDENTIFY → READY + GUILD_CREATE, RESUME → RESUMED, heartbeats.
 * It serves any number of shards: each IDENTIFY's `shard: [id, count]` is checked and recorded, READY
 * echoes it and lists the guilds of that shard only, and a guild's events go to the shard that owns it.
 */
export class GatewayStandIn {
  /** Sent in the next HELLO; lower it (e.g. 1000) to exercise heartbeats and zombie detection quickly. */
  heartbeatIntervalMs: number;
  /** The shard count `GET /gateway/bot` recommends (what discord.js uses with `shards: 'auto'`). */
  recommendedShards: number;
  /** `session_start_limit.max_concurrency`: how many shards may IDENTIFY at once (1 spaces them 5 s apart). */
  maxConcurrency: number;
  readonly counts: GatewayCounts = { connections: 0, identifies: 0, resumes: 0, heartbeats: 0, heartbeatAcks: 0 };
  readonly received: GatewayFrame[] = [];
  /** Every accepted IDENTIFY, in arrival order. */
  readonly identifications: Identification[] = [];
  private readonly wss = new WebSocketServer({ noServer: true });
  private readonly connections = new Set<Connection>();
  private readonly sessions = new Map<string, Session>();
  private ackHeartbeats = true;
  private readyHeld = false;

  constructor(
    private readonly store: DiscordStore,
    private readonly url: () => string,
    private readonly signal: AbortSignal,
    options: { heartbeatIntervalMs: number; recommendedShards: number; maxConcurrency: number },
  ) {
    this.heartbeatIntervalMs = options.heartbeatIntervalMs;
    this.recommendedShards = options.recommendedShards;
    this.maxConcurrency = options.maxConcurrency;
  }

  /** Takes over an HTTP upgrade on `/gateway`; the client's `?v=10&encoding=json` is accepted as is. */
  handleUpgrade(request: IncomingMessage, socket: Duplex, head: Buffer): void {
    this.wss.handleUpgrade(request, socket, head, (ws) => {
      this.open(ws);
    });
  }

  /**
   * Dispatches INTERACTION_CREATE once, as Discord does, and remembers it for the REST routes. It goes
   * to the shard that owns the interaction's guild (shard 0 outside a guild) unless `shard` names
   * another; throws when that shard has no ready session. Returns the shard id it went to.
   */
  sendInteraction(payload: APIInteraction, options: { shard?: number } = {}): number {
    const event = GatewayDispatchEvents.InteractionCreate;
    const connection =
      options.shard === undefined ? this.connectionForGuild(payload.guild_id, event) : this.connectionForShard(options.shard, event);
    this.store.rememberInteraction(payload);
    this.sendDispatch(connection, event, payload);
    return connection.session?.shard[0] ?? 0;
  }

  /**
   * Sends any dispatch to every ready session (or, with `shard`, to that shard's session only);
   * throws when none is ready, since the event would be lost.
   */
  dispatch(event: string, data: unknown, options: { shard?: number } = {}): number {
    const ready = options.shard === undefined ? this.readyConnections(event) : [this.connectionForShard(options.shard, event)];
    for (const connection of ready) this.sendDispatch(connection, event, data);
    return ready.length;
  }

  /**
   * While held, IDENTIFY is recorded but READY is not sent, so the client stays connected but not ready
   * (e.g. to watch /readyz say 503). Releasing sends every READY held back.
   */
  holdReady(held: boolean): void {
    this.readyHeld = held;
    if (held) return;
    for (const connection of this.connections) {
      const shard = connection.heldShard;
      if (shard === undefined) continue;
      connection.heldShard = undefined;
      this.startSession(connection, shard);
    }
  }

  /** The shard pairs of every accepted IDENTIFY, in arrival order, e.g. `[[0, 2], [1, 2]]`. */
  get identifiedShards(): ShardPair[] {
    return this.identifications.map((identification) => identification.shard);
  }

  /** op 7 RECONNECT: the client closes, reconnects to `resume_gateway_url` after ~500 ms and RESUMEs. */
  sendReconnect(): void {
    this.broadcast({ op: GatewayOpcodes.Reconnect, d: null });
  }

  /** op 9 INVALID_SESSION: `resumable: false` makes the client IDENTIFY again (throttled ~5 s). */
  sendInvalidSession(resumable: boolean): void {
    this.broadcast({ op: GatewayOpcodes.InvalidSession, d: resumable });
  }

  /** Closes every open connection with a close code (4000 → resume, 4004 → fatal, 1000 → new session). */
  closeSocket(code: number, reason = 'closed by stand-in'): void {
    for (const { socket } of this.connections) if (socket.readyState === WebSocket.OPEN) socket.close(code, reason);
  }

  /** Stops (or resumes) answering heartbeats, so the client sees a zombie connection. */
  setHeartbeatAcks(enabled: boolean): void {
    this.ackHeartbeats = enabled;
  }

  /** Resolves once `shards` distinct shards (default 1) have a ready session (READY or RESUMED sent). */
  waitForReady(timeoutMs = 5000, shards = 1): Promise<void> {
    const ready = (): true | undefined => (new Set(this.openSessions().map((c) => c.session?.shard[0])).size >= shards ? true : undefined);
    return waitUntil(ready, {
      timeoutMs,
      signal: this.signal,
      describe: () => `fewer than ${shards} shard(s) with a ready gateway session. ${this.describe()}`,
    }).then(() => undefined);
  }

  /** Resolves once a counter reaches `atLeast` (e.g. `waitForCount('resumes', 1)`). */
  waitForCount(counter: keyof GatewayCounts, atLeast: number, timeoutMs = 5000): Promise<void> {
    return waitUntil(() => (this.counts[counter] >= atLeast ? true : undefined), {
      timeoutMs,
      signal: this.signal,
      describe: () => `waiting for ${counter} ≥ ${atLeast}. ${this.describe()}`,
    }).then(() => undefined);
  }

  /** Resolves with the first received frame that matches, already received or still to come. */
  waitForFrame(match: (frame: GatewayFrame) => boolean, timeoutMs = 5000): Promise<GatewayFrame> {
    return waitUntil(() => this.received.find(match), {
      timeoutMs,
      signal: this.signal,
      describe: () => `no matching gateway frame. ${this.describe()}`,
    });
  }

  /** Terminates every socket and the WebSocket server. */
  async close(): Promise<void> {
    for (const { socket } of this.connections) socket.terminate();
    this.connections.clear();
    await new Promise<void>((resolve) => {
      this.wss.close(() => {
        resolve();
      });
    });
  }

  private openSessions(): Connection[] {
    return [...this.connections].filter((c) => c.session !== undefined && c.socket.readyState === WebSocket.OPEN);
  }

  /** The newest ready session of a shard (after a reconnect, the old socket may not be closed yet). */
  private connectionForShard(shard: number, event: string): Connection {
    const connection = this.openSessions()
      .filter((c) => c.session?.shard[0] === shard)
      .at(-1);
    if (!connection) throw new Error(`No ready gateway session on shard ${shard} to receive ${event}. ${this.describe()}`);
    return connection;
  }

  /** The ready session that owns a guild's events, by the shard count its client identified with. */
  private connectionForGuild(guildId: string | undefined, event: string): Connection {
    const count = this.readyConnections(event).at(-1)?.session?.shard[1] ?? 1;
    return this.connectionForShard(shardOfGuild(guildId, count), event);
  }

  private readyConnections(event: string): Connection[] {
    const ready = this.openSessions();
    if (ready.length === 0) throw new Error(`No ready gateway session to receive ${event}; wait for the client first`);
    return ready;
  }

  private describe(): string {
    const ops = this.received
      .slice(-10)
      .map((f) => `op ${f.op}@${f.connection}`)
      .join(', ');
    const shards = this.openSessions()
      .map((c) => `[${c.session?.shard.join(', ')}]@${c.id}`)
      .join(', ');
    return `Counts ${JSON.stringify(this.counts)}; ready shards: ${shards || 'none'}; last frames: ${ops || 'none'}`;
  }

  private open(socket: WebSocket): void {
    this.counts.connections += 1;
    const connection: Connection = { id: this.counts.connections, socket };
    this.connections.add(connection);
    socket.on('message', (data, isBinary) => {
      this.onMessage(connection, data, isBinary);
    });
    socket.on('close', () => this.connections.delete(connection));
    socket.on('error', () => this.connections.delete(connection));
    this.send(connection, { op: GatewayOpcodes.Hello, d: { heartbeat_interval: this.heartbeatIntervalMs } });
  }

  private onMessage(connection: Connection, data: RawData, isBinary: boolean): void {
    let frame: unknown;
    try {
      frame = isBinary ? undefined : JSON.parse(rawText(data));
    } catch {
      frame = undefined;
    }
    const op = numberField(frame, 'op');
    if (op === undefined) {
      connection.socket.close(4002, 'Error while decoding payload.');
      return;
    }
    const d = asObject(frame).d ?? null;
    this.received.push({ op, d, at: performance.now(), connection: connection.id });
    this.handleOp(connection, op, d);
  }

  private handleOp(connection: Connection, op: number, d: unknown): void {
    switch (op) {
      case GatewayOpcodes.Heartbeat:
        this.counts.heartbeats += 1;
        if (this.ackHeartbeats) {
          this.counts.heartbeatAcks += 1;
          this.send(connection, { op: GatewayOpcodes.HeartbeatAck });
        }
        return;
      case GatewayOpcodes.Identify:
        this.identify(connection, d);
        return;
      case GatewayOpcodes.Resume:
        this.resume(connection, d);
        return;
      case GatewayOpcodes.PresenceUpdate:
      case GatewayOpcodes.RequestGuildMembers:
      case GatewayOpcodes.VoiceStateUpdate:
        if (connection.session === undefined) connection.socket.close(4003, 'Not authenticated.');
        return;
      default:
        connection.socket.close(4001, 'Unknown opcode.');
    }
  }

  private identify(connection: Connection, d: unknown): void {
    if (connection.session !== undefined || connection.heldShard !== undefined) {
      connection.socket.close(4005, 'Already authenticated.');
      return;
    }
    if (!stringField(d, 'token')) {
      connection.socket.close(4004, 'Authentication failed.');
      return;
    }
    const shard = shardPair(asObject(d).shard);
    if (shard === undefined) {
      connection.socket.close(4010, 'Invalid shard.');
      return;
    }
    this.counts.identifies += 1;
    this.identifications.push({ connection: connection.id, shard, at: performance.now() });
    if (this.readyHeld) connection.heldShard = shard;
    else this.startSession(connection, shard);
  }

  /** READY for the shard, listing only its guilds, then GUILD_CREATE for each of them. */
  private startSession(connection: Connection, shard: ShardPair): void {
    if (connection.socket.readyState !== WebSocket.OPEN) return;
    const session: Session = { id: newSessionId(), shard, sequence: 0 };
    connection.session = session;
    this.sessions.set(session.id, session);
    const guildIds = [world.guild.id].filter((id) => shardOfGuild(id, shard[1]) === shard[0]);
    this.sendDispatch(connection, GatewayDispatchEvents.Ready, readyPayload(session.id, this.url(), shard, guildIds));
    if (guildIds.includes(world.guild.id)) this.sendDispatch(connection, GatewayDispatchEvents.GuildCreate, guildCreatePayload());
  }

  private resume(connection: Connection, d: unknown): void {
    const session = this.sessions.get(stringField(d, 'session_id') ?? '');
    if (session === undefined) {
      this.send(connection, { op: GatewayOpcodes.InvalidSession, d: false });
      return;
    }
    this.counts.resumes += 1;
    connection.session = session;
    // Nothing is replayed: the stand-in never dispatches to a closed connection.
    this.sendDispatch(connection, GatewayDispatchEvents.Resumed, {});
  }

  /** Each session numbers its own dispatches, as Discord does; RESUME continues the count. */
  private sendDispatch(connection: Connection, event: string, data: unknown): void {
    const session = connection.session;
    if (session === undefined) throw new Error(`${event} sent on connection ${connection.id}, which has no session`);
    session.sequence += 1;
    this.send(connection, { op: GatewayOpcodes.Dispatch, t: event, s: session.sequence, d: data });
  }

  private broadcast(payload: object): void {
    for (const connection of this.connections) this.send(connection, payload);
  }

  private send(connection: Connection, payload: object): void {
    if (connection.socket.readyState === WebSocket.OPEN) connection.socket.send(JSON.stringify(payload));
  }
}

/**
 * IDENTIFY's `shard` as a checked pair: absent means `[0, 1]`; anything else must be two whole numbers
 * with `0 <= id < count`, or Discord closes with 4010 Invalid shard.
 */
function shardPair(value: unknown): ShardPair | undefined {
  if (value === undefined || value === null) return [0, 1];
  if (!Array.isArray(value) || value.length !== 2) return undefined;
  const [id, count] = value as unknown[];
  if (!Number.isInteger(id) || !Number.isInteger(count)) return undefined;
  const [shardId, shardCount] = [id as number, count as number];
  return shardCount >= 1 && shardId >= 0 && shardId < shardCount ? [shardId, shardCount] : undefined;
}

function rawText(data: RawData): string {
  if (Array.isArray(data)) return Buffer.concat(data).toString('utf8');
  return Buffer.from(data instanceof ArrayBuffer ? new Uint8Array(data) : data).toString('utf8');
}
