import { createMessage, editMessage, type StoredMessage } from './messages.js';
import { discordError, ErrorCode, route, type Route, type RouteContext, type RouteRequest, type RouteResponse } from './router.js';

/** Channel, message and pin routes for the world's channels. */
export function channelRoutes({ store }: RouteContext): Route[] {
  const inChannel =
    (handle: (request: RouteRequest, channelId: string) => RouteResponse) =>
    (request: RouteRequest): RouteResponse => {
      const channelId = request.params.channel ?? '';
      return store.channels.has(channelId) ? handle(request, channelId) : discordError(404, 'Unknown Channel', ErrorCode.UnknownChannel);
    };

  const withMessage = (handle: (message: StoredMessage, request: RouteRequest) => RouteResponse) =>
    inChannel((request, channelId) => {
      const message = store.messages.get(request.params.message ?? '');
      return message?.channel_id === channelId ? handle(message, request) : discordError(404, 'Unknown Message', ErrorCode.UnknownMessage);
    });

  const setPinned = (pinned: boolean) =>
    withMessage((message) => {
      message.pinned = pinned;
      return { status: 204 };
    });

  const pinnedIn = (channelId: string): StoredMessage[] =>
    [...store.messages.values()].filter((message) => message.channel_id === channelId && message.pinned);

  const createInChannel = inChannel((request, channelId) => {
    const channel = store.channels.get(channelId);
    const guildId = channel && 'guild_id' in channel ? channel.guild_id : undefined;
    return { status: 200, body: store.saveMessage(createMessage({ channelId, guildId }, request.body)) };
  });

  return [
    route(
      'GET',
      '/channels/:channel',
      inChannel((_request, id) => ({ status: 200, body: store.channels.get(id) })),
    ),
    route('POST', '/channels/:channel/messages', createInChannel),
    route(
      'GET',
      '/channels/:channel/messages/pins',
      inChannel((_request, id) => ({
        status: 200,
        body: { items: pinnedIn(id).map((message) => ({ pinned_at: new Date().toISOString(), message })), has_more: false },
      })),
    ),
    route('PUT', '/channels/:channel/messages/pins/:message', setPinned(true)),
    route('DELETE', '/channels/:channel/messages/pins/:message', setPinned(false)),
    route(
      'GET',
      '/channels/:channel/pins',
      inChannel((_request, id) => ({ status: 200, body: pinnedIn(id) })),
    ),
    route('PUT', '/channels/:channel/pins/:message', setPinned(true)),
    route('DELETE', '/channels/:channel/pins/:message', setPinned(false)),
    route(
      'GET',
      '/channels/:channel/messages/:message',
      withMessage((message) => ({ status: 200, body: message })),
    ),
    route(
      'PATCH',
      '/channels/:channel/messages/:message',
      withMessage((message, request) => ({
        status: 200,
        body: editMessage(message, request.body),
      })),
    ),
    route(
      'DELETE',
      '/channels/:channel/messages/:message',
      withMessage((message) => {
        store.messages.delete(message.id);
        return { status: 204 };
      }),
    ),
  ];
}
