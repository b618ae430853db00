/**
 * Prometheus metrics for both transports, through prom-client. Each bot instance owns its own
 * registry (two replicas can run in one test process). Label values come from a fixed list, so a
 * forged interaction cannot grow the number of series.
 */
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import { messageCommands, slashCommands } from '../../commands/registry.js';
import type { Incoming } from '../../commands/types.js';
import type { CatalogueService } from './catalogue-service.js';

/** One shard as the gateway reports it: its latest heartbeat round trip and whether it is connected. */
export interface ShardStatus {
  id: number;
  /** Milliseconds; -1 before the first heartbeat is acknowledged. */
  pingMs: number;
  ready: boolean;
}

const COMPONENT_ACTIONS = ['open', 'page', 'share', 'copy', 'pin', 'delete'];
const KNOWN_NAMES = new Set([
  ...slashCommands.flatMap((c) => c.subcommands.map((s) => s.name)),
  ...messageCommands.map((c) => c.name),
  ...COMPONENT_ACTIONS,
]);

/** The label that says what was asked: the subcommand, message command or component action. */
export function whatLabel(incoming: Incoming): string {
  let name: string | undefined;
  if (incoming.type === 'command' || incoming.type === 'autocomplete') name = incoming.subcommand;
  else if (incoming.type === 'message-command') name = incoming.command;
  else name = incoming.customId.split(':')[1];
  return name !== undefined && KNOWN_NAMES.has(name) ? name : 'unknown';
}

export class Metrics {
  readonly registry = new Registry();
  private readonly interactions = new Counter({
    name: 'resource_bot_interactions_total',
    help: 'Interactions answered, by interaction type, subcommand (or component action) and outcome.',
    labelNames: ['type', 'subcommand', 'outcome'] as const,
    registers: [this.registry],
  });
  private readonly latency = new Histogram({
    name: 'resource_bot_interaction_duration_seconds',
    help: 'Time from receiving an interaction to having answered it, by interaction type.',
    labelNames: ['type'] as const,
    buckets: [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5],
    registers: [this.registry],
  });
  private readonly unanswered = new Counter({
    name: 'resource_bot_searches_unanswered_total',
    help: 'Searches for which the catalogue had no answer (see the "no answer" log lines for what was asked).',
    registers: [this.registry],
  });

  /**
   * `catalogue` is read at every scrape (undefined while the first load runs); so is `shards`,
   * which a gateway transport sets once it has a client.
   */
  constructor(
    catalogue: () => (Pick<CatalogueService, 'current'> & Partial<Pick<CatalogueService, 'lastReload'>>) | undefined,
    public shards: () => readonly ShardStatus[] = () => [],
  ) {
    const shardsNow = (): readonly ShardStatus[] => this.shards();
    collectDefaultMetrics({ register: this.registry });
    new Gauge({
      name: 'resource_bot_catalogue_entries',
      help: 'Entries in the catalogue being served.',
      registers: [this.registry],
      collect() {
        const current = catalogue();
        this.set(current ? current.current.catalogue.entries.length : 0);
      },
    });
    new Gauge({
      name: 'resource_bot_catalogue_last_reload_timestamp_seconds',
      help: 'When the catalogue was last loaded or reloaded, by how that ended (loaded, applied, unchanged, rejected, held, missing, failed).',
      labelNames: ['result'] as const,
      registers: [this.registry],
      collect() {
        const last = catalogue()?.lastReload;
        this.reset();
        if (last) this.set({ result: last.result }, last.at / 1000);
      },
    });
    new Gauge({
      name: 'resource_bot_gateway_ping_seconds',
      help: 'Latest gateway heartbeat round trip, by shard (gateway mode only).',
      labelNames: ['shard'] as const,
      registers: [this.registry],
      collect() {
        this.reset();
        for (const s of shardsNow()) if (s.pingMs >= 0) this.set({ shard: String(s.id) }, s.pingMs / 1000);
      },
    });
    new Gauge({
      name: 'resource_bot_gateway_shard_up',
      help: '1 when the shard is connected and ready, 0 otherwise (gateway mode only).',
      labelNames: ['shard'] as const,
      registers: [this.registry],
      collect() {
        this.reset();
        for (const s of shardsNow()) this.set({ shard: String(s.id) }, s.ready ? 1 : 0);
      },
    });
  }

  /** Counts one answered interaction. */
  observe(incoming: Incoming, outcome: string, seconds: number, unanswered: boolean): void {
    this.interactions.inc({ type: incoming.type, subcommand: whatLabel(incoming), outcome });
    this.latency.observe({ type: incoming.type }, seconds);
    if (unanswered) this.unanswered.inc();
  }

  /** The exposition text and its content type, for GET /metrics. */
  async exposition(): Promise<{ contentType: string; body: string }> {
    return { contentType: this.registry.contentType, body: await this.registry.metrics() };
  }
}
