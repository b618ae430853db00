import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import { GatewayDispatchEvents, GatewayOpcodes, type APIInteraction } from 'discord.js';
import { WebSocket, WebSocketServer, type RawData } from 'ws';
import { asObject, numberField, stringField } from './json.js';
import { guildCreatePayload, readyPayload } from './gateway-payloads.js';
import { sessionId as newSessionId } from './snowflake.js';
import type { DiscordStore } from './store.js';
import { waitUntil } from './waiting.js';

/** One frame the client sent, in arrival order. */
export interface GatewayFrame {
  op: number;
  d: unknown;
  /** `performance.now()` at arrival. */
  at: number;
  /** Which connection (1-based, in order of opening) sent it. */
  connection: number;
}

export interface GatewayCounts {
  connections: number;
  identifies: number;
  resumes: number;
  heartbeats: number;
  heartbeatAcks: number;
}

interface Connection {
  id: number;
  socket: WebSocket;
  /** Set once IDENTIFY or RESUME succeeded: the connection then receives dispatches. */
  sessionId?: string;
}

/** The WebSocket half of the stand-in: HELLO, IDENTIFY → READY + GUILD_CREATE, RESUME → RESUMED, heartbeats. */
export class GatewayStandIn {
  /** Sent in the next HELLO; lower it (e.g. 1000) to exercise heartbeats and zombie detection quickly. */
  heartbeatIntervalMs: number;
  readonly counts: GatewayCounts = { connections: 0, identifies: 0, resumes: 0, heartbeats: 0, heartbeatAcks: 0 };
  readonly received: GatewayFrame[] = [];
  private readonly wss = new WebSocketServer({ noServer: true });
  private readonly connections = new Set<Connection>();
  private readonly sessions = new Set<string>();
  private sequence = 0;
  private ackHeartbeats = true;

  constructor(
    private readonly store: DiscordStore,
    private readonly url: () => string,
    private readonly signal: AbortSignal,
    heartbeatIntervalMs: number,
  ) {
    this.heartbeatIntervalMs = heartbeatIntervalMs;
  }

  /** Takes over an HTTP upgrade on `/gateway`; the client's `?v=10&encoding=json` is accepted as is. */
  handleUpgrade(request: IncomingMessage, socket: Duplex, head: Buffer): void {
    this.wss.handleUpgrade(request, socket, head, (ws) => {
      this.open(ws);
    });
  }

  /** Dispatches INTERACTION_CREATE to every ready session and remembers it for the REST routes. */
  sendInteraction(payload: APIInteraction): number {
    this.readyConnections(GatewayDispatchEvents.InteractionCreate);
    this.store.rememberInteraction(payload);
    return this.dispatch(GatewayDispatchEvents.InteractionCreate, payload);
  }

  /** Sends any dispatch to every ready session; throws when none is ready, since the event would be lost. */
  dispatch(event: string, data: unknown): number {
    const ready = this.readyConnections(event);
    for (const connection of ready) this.sendDispatch(connection, event, data);
    return ready.length;
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

  /** Resolves once a connection has a ready session (READY or RESUMED sent). */
  waitForReady(timeoutMs = 5000): Promise<void> {
    const ready = (): true | undefined => (this.openSessions().length > 0 ? true : undefined);
    return waitUntil(ready, { timeoutMs, signal: this.signal, describe: () => `no ready gateway session. ${this.describe()}` }).then(
      () => undefined,
    );
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
    return [...this.connections].filter((c) => c.sessionId !== undefined && c.socket.readyState === WebSocket.OPEN);
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
    return `Counts ${JSON.stringify(this.counts)}; last frames: ${ops || 'none'}`;
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
        if (connection.sessionId === undefined) connection.socket.close(4003, 'Not authenticated.');
        return;
      default:
        connection.socket.close(4001, 'Unknown opcode.');
    }
  }

  private identify(connection: Connection, d: unknown): void {
    if (connection.sessionId !== undefined) {
      connection.socket.close(4005, 'Already authenticated.');
      return;
    }
    if (!stringField(d, 'token')) {
      connection.socket.close(4004, 'Authentication failed.');
      return;
    }
    this.counts.identifies += 1;
    connection.sessionId = newSessionId();
    this.sessions.add(connection.sessionId);
    this.sendDispatch(connection, GatewayDispatchEvents.Ready, readyPayload(connection.sessionId, this.url()));
    this.sendDispatch(connection, GatewayDispatchEvents.GuildCreate, guildCreatePayload());
  }

  private resume(connection: Connection, d: unknown): void {
    const session = stringField(d, 'session_id');
    if (session === undefined || !this.sessions.has(session)) {
      this.send(connection, { op: GatewayOpcodes.InvalidSession, d: false });
      return;
    }
    this.counts.resumes += 1;
    connection.sessionId = session;
    // Nothing is replayed: the stand-in never dispatches to a closed connection.
    this.sendDispatch(connection, GatewayDispatchEvents.Resumed, {});
  }

  private sendDispatch(connection: Connection, event: string, data: unknown): void {
    this.sequence += 1;
    this.send(connection, { op: GatewayOpcodes.Dispatch, t: event, s: this.sequence, d: data });
  }

  private broadcast(payload: object): void {
    for (const connection of this.connections) this.send(connection, payload);
  }

  private send(connection: Connection, payload: object): void {
    if (connection.socket.readyState === WebSocket.OPEN) connection.socket.send(JSON.stringify(payload));
  }
}

function rawText(data: RawData): string {
  if (Array.isArray(data)) return Buffer.concat(data).toString('utf8');
  return Buffer.from(data instanceof ArrayBuffer ? new Uint8Array(data) : data).toString('utf8');
}
