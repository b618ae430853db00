import { channelRoutes } from './routes-channels.js';
import { commandRoutes } from './routes-commands.js';
import { interactionRoutes } from './routes-interactions.js';
import { metaRoutes } from './routes-meta.js';
import type { Route, RouteContext } from './router.js';

/** Every REST route the stand-in answers, most specific first. Anything else is a Discord-style 404. */
export function restRoutes(context: RouteContext): Route[] {
  return [...metaRoutes(context), ...commandRoutes(context), ...interactionRoutes(context), ...channelRoutes(context)];
}
