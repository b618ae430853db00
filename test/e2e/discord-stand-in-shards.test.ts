/**
 * The stand-in's gateway as several shards, spoken to with a bare WebSocket so every frame is seen:
 * IDENTIFY's `shard` is checked (Discord closes 4010 on a bad one) and recorded, READY echoes it and
 * lists the guilds of that shard only, each session numbers its own dispatches, and an interaction
 * goes to one shard: the guild's, or the one named.
 */
import { GatewayDispatchEvents, GatewayOpcodes } from 'discord.js';
import { afterEach, describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import {
  outsideServer,
  shardOfGuild,
  startDiscordStandIn,
  world,
  type DiscordStandIn,
  type StandInOptions,
} from '../support/discord/index.js';
import { resourceCommand } from './interactions.js';

interface Frame {
  op: GatewayOpcodes;
  t?: string | null;
  s?: number | null;
  d?: unknown;
}

/** A raw gateway connection that keeps every frame it receives and how it closed. */
class RawShard {
  readonly frames: Frame[] = [];
  closed: { code: number } | undefined;
  private constructor(private readonly socket: WebSocket) {
    socket.on('message', (data: Buffer) => this.frames.push(JSON.parse(data.toString('utf8')) as Frame));
    socket.on('close', (code) => (this.closed = { code }));
  }

  static async open(discord: DiscordStandIn): Promise<RawShard> {
    const socket = new WebSocket(`${discord.gatewayUrl}?v=10&encoding=json`);
    const shard = new RawShard(socket);
    await new Promise((resolve, reject) => socket.once('open', resolve).once('error', reject));
    await shard.until(() => shard.frames.find((f) => f.op === GatewayOpcodes.Hello));
    return shard;
  }

  identify(shard?: unknown): void {
    this.socket.send(JSON.stringify({ op: GatewayOpcodes.Identify, d: { token: 'MTAx.fake.token', intents: 1, properties: {}, shard } }));
  }

  dispatches(event?: string): Frame[] {
    return this.frames.filter((f) => f.op === GatewayOpcodes.Dispatch && (event === undefined || f.t === event));
  }

  async until<T>(probe: () => T | undefined, timeoutMs = 2_000): Promise<T> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const found = probe();
      if (found !== undefined) return found;
      if (Date.now() > deadline) throw new Error(`timed out; frames: ${JSON.stringify(this.frames.map((f) => [f.op, f.t]))}`);
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
  }

  close(): void {
    this.socket.terminate();
  }
}

const open: { discord?: DiscordStandIn | undefined; shards: RawShard[] } = { shards: [] };

afterEach(async () => {
  for (const shard of open.shards) shard.close();
  open.shards = [];
  await open.discord?.close();
  open.discord = undefined;
});

async function standIn(options: StandInOptions = {}): Promise<DiscordStandIn> {
  open.discord = await startDiscordStandIn(options);
  return open.discord;
}

async function connect(discord: DiscordStandIn, shard?: unknown): Promise<RawShard> {
  const raw = await RawShard.open(discord);
  open.shards.push(raw);
  raw.identify(shard);
  return raw;
}

describe('the stand-in gateway, sharded', () => {
  it('reports the recommended shard count and identify concurrency in GET /gateway/bot', async () => {
    const discord = await standIn({ shards: 3, maxConcurrency: 2 });
    const response = await fetch(`${discord.apiUrl}/v10/gateway/bot`, { headers: { authorization: 'Bot MTAx.fake.token' } });
    const body = (await response.json()) as { shards: number; session_start_limit: { max_concurrency: number } };
    expect(body.shards).toBe(3);
    expect(body.session_start_limit.max_concurrency).toBe(2);
  });

  it('answers each shard with a READY of its own: its [id, count], only its guilds, its own sequence', async () => {
    const discord = await standIn({ shards: 2 });
    const owner = shardOfGuild(world.guild.id, 2);
    const [zero, one] = [await connect(discord, [0, 2]), await connect(discord, [1, 2])];
    await discord.gateway.waitForReady(2_000, 2);
    for (const [raw, id] of [
      [zero, 0],
      [one, 1],
    ] as const) {
      const [ready] = raw.dispatches(GatewayDispatchEvents.Ready);
      const d = ready?.d as { shard: number[]; guilds: { id: string }[]; session_id: string };
      expect(d.shard).toEqual([id, 2]);
      expect(d.guilds.map((g) => g.id)).toEqual(id === owner ? [world.guild.id] : []);
      expect(raw.dispatches(GatewayDispatchEvents.GuildCreate)).toHaveLength(id === owner ? 1 : 0);
      expect(raw.dispatches().map((f) => f.s)).toEqual(raw.dispatches().map((_, i) => i + 1));
    }
    expect(discord.gateway.identifiedShards).toEqual([
      [0, 2],
      [1, 2],
    ]);
  });

  it('closes with 4010 Invalid shard for a shard id outside its count, or a malformed pair', async () => {
    const discord = await standIn();
    for (const bad of [[2, 2], [-1, 2], [0, 0], [0.5, 2], 'zero', [0]]) {
      const raw = await connect(discord, bad);
      await raw.until(() => raw.closed);
      expect(raw.closed?.code).toBe(4010);
    }
    expect(discord.gateway.counts.identifies).toBe(0);
    // No `shard` at all is one shard, as Discord reads it.
    await connect(discord);
    await discord.gateway.waitForReady();
    expect(discord.gateway.identifiedShards).toEqual([[0, 1]]);
  });

  it("sends an interaction once: to its guild's shard, to shard 0 outside a guild, or to the shard named", async () => {
    const discord = await standIn({ shards: 2 });
    const shards = [await connect(discord, [0, 2]), await connect(discord, [1, 2])];
    await discord.gateway.waitForReady(2_000, 2);
    const interactionsOn = (i: number) => shards[i]!.dispatches(GatewayDispatchEvents.InteractionCreate).length;

    const owner = shardOfGuild(world.guild.id, 2);
    expect(discord.gateway.sendInteraction(resourceCommand('search', { query: 'anchor' }))).toBe(owner);
    expect(discord.gateway.sendInteraction(outsideServer(resourceCommand('search', { query: 'anchor' }), 'bot-dm'))).toBe(0);
    expect(discord.gateway.sendInteraction(resourceCommand('search', { query: 'anchor' }), { shard: 1 - owner })).toBe(1 - owner);
    await shards[0]!.until(() => (interactionsOn(0) + interactionsOn(1) === 3 ? true : undefined));
    expect([interactionsOn(owner), interactionsOn(1 - owner)]).toEqual(owner === 0 ? [2, 1] : [1, 2]);
    expect(() => discord.gateway.sendInteraction(resourceCommand('search', { query: 'anchor' }), { shard: 5 })).toThrow(
      /No ready gateway session on shard 5/,
    );
  });

  it('holds READY back while asked to, then sends it', async () => {
    const discord = await standIn();
    discord.gateway.holdReady(true);
    const raw = await connect(discord, [0, 1]);
    await discord.gateway.waitForCount('identifies', 1);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(raw.dispatches()).toEqual([]);
    discord.gateway.holdReady(false);
    await raw.until(() => raw.dispatches(GatewayDispatchEvents.Ready)[0]);
    await discord.gateway.waitForReady();
  });
});
