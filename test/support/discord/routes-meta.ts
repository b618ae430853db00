import type { APIApplication, APIGatewayBotInfo, ApplicationFlags } from 'discord.js';
import { route, type Route, type RouteContext } from './router.js';
import { world } from './world.js';

/** The application object of `GET /applications/@me`, built from the world's application. */
export function applicationObject(): APIApplication {
  return {
    id: world.application.id,
    name: world.application.name,
    icon: null,
    description: world.application.description,
    summary: '',
    bot_public: false,
    bot_require_code_grant: false,
    bot: world.users.bot,
    owner: world.users.owner,
    verify_key: 'a'.repeat(64),
    team: null,
    flags: world.application.flags as ApplicationFlags,
    flags_new: String(world.application.flags),
    approximate_guild_count: 1,
    interactions_endpoint_url: null,
  };
}

/** Gateway discovery and "who am I" routes; discord.js calls `/gateway/bot` at every login. */
export function metaRoutes(context: RouteContext): Route[] {
  const gatewayBot = (): APIGatewayBotInfo => {
    const { shards, maxConcurrency } = context.sharding();
    return {
      url: context.gatewayUrl(),
      shards,
      session_start_limit: { total: 1000, remaining: 1000, reset_after: 14_400_000, max_concurrency: maxConcurrency },
    };
  };
  return [
    route('GET', '/gateway/bot', () => ({ status: 200, body: gatewayBot() })),
    route('GET', '/gateway', () => ({ status: 200, body: { url: context.gatewayUrl() } }), { auth: false }),
    route('GET', '/users/@me', () => ({ status: 200, body: world.users.bot })),
    route('GET', '/applications/@me', () => ({ status: 200, body: applicationObject() })),
    route('GET', '/oauth2/applications/@me', () => ({ status: 200, body: applicationObject() })),
  ];
}
