import cluster from "node:cluster";
import type { FastifyInstance } from "fastify";
import type { Api } from "../../core/api.ts";
import type { AppDeps } from "../../core/context.ts";
import { closeRedis, connectRedis, createRedis, onRedisRecovered, redisOutageStartedAt } from "../../core/redis.ts";
import { ChatHub, newInstanceId } from "./hub.ts";
import { localBus, redisBus } from "./bus.ts";
import { clusterChat } from "./cluster-relay.ts";
import { localPresence, redisPresence, PRESENCE_TTL_MS } from "./presence.ts";
import { chatReactions } from "./reactions.ts";
import { registerChatSocket } from "./socket.ts";
import { bindMember, hasServicers, memberBye, memberSay, memberSessions, memberSetRead } from "./member-service.ts";
import { bindServicer, servicerStates, setServicerOnline, staffAnswer, staffClose, staffDialogs, staffSessions, staffSetRead } from "./staff-service.ts";
import { historyPage } from "./history.ts";
import { keywordSettings, memberKeywordConfig, quickReplies, saveKeywordSettings, saveQuickReplies } from "./settings.ts";

declare module "fastify" {
  interface FastifyInstance {
    /** This instance's chat (modules/chat/hub.ts): tests reach its sockets and sweep through it. */
    chatHub: ChatHub;
  }
}

/**
 * CHAT_PRESENCE_TTL_MS: how long an instance's presence outlives its last refresh (default
 * PRESENCE_TTL_MS; refreshed every third of it). Shorter only to prove a crash quickly in tests.
 */
function presenceTtl(env: NodeJS.ProcessEnv): number {
  const value = Number(env.CHAT_PRESENCE_TTL_MS);
  return Number.isInteger(value) && value >= 1000 ? value : PRESENCE_TTL_MS;
}

/**
 * This instance's hub: over Redis (pub/sub on a subscriber connection of its own, expiring presence
 * keys, a catch-up for every socket when Redis comes back after an outage) with REDIS_URL; else,
 * as one of several processes (cluster), through the primary's relay (cluster-relay.ts); else this
 * process alone. Its timers run from ready to close.
 */
async function createChatHub(deps: AppDeps, app: FastifyInstance): Promise<ChatHub> {
  const instanceId = newInstanceId();
  const ttlMs = presenceTtl(process.env);
  const options = { instanceId, refreshMs: Math.floor(ttlMs / 3) };
  const { redis, config } = deps;
  let hub: ChatHub;
  if (redis && config.redisUrl) {
    const subscriber = createRedis(config.redisUrl, app.log, "chat subscriber");
    app.addHook("onClose", () => closeRedis(subscriber));
    await connectRedis(subscriber);
    const bus = redisBus(redis, subscriber, `${config.redisPrefix}chat`, instanceId);
    const redisHub = new ChatHub(deps, bus, redisPresence(redis, config.redisPrefix, instanceId, ttlMs), app.log, options);
    // Back after an outage (reconnected and re-subscribed, or a stall over): the sockets catch up, presence is rewritten.
    for (const client of [redis, subscriber]) onRedisRecovered(client, () => redisHub.redisRecovered(redisOutageStartedAt(client)));
    hub = redisHub;
  } else if (cluster.isWorker) {
    // Processes of one machine without Redis: through the cluster primary.
    const relay = clusterChat(instanceId, ttlMs);
    hub = new ChatHub(deps, relay.bus, relay.presence, app.log, options);
  } else {
    hub = new ChatHub(deps, localBus(), localPresence(), app.log, options);
  }
  hub.react(chatReactions(hub));
  app.addHook("onReady", async () => hub.start());
  return hub;
}

/**
 * The customer-service chat (issue 12; docs/api/chat.md, ADR 0024): the member's calls under
 * /servicer/api/chat/*, the workbench's under /shopapi/chat/* (chat.serve; settings shop.manage),
 * and the websocket. Pictures go through the upload module (/api/upload/chatimg, /shopapi/upload/chatimg).
 */
export function registerChatRoutes(api: Api, app: FastifyInstance): void {
  const { deps } = api;
  // A plugin, so the hub's Redis connection is up before the app is ready.
  app.register(async (scope) => {
    const hub = await createChatHub(deps, app);
    app.decorate("chatHub", hub);
    await registerChatSocket(scope, hub);
  });
  const hub = () => app.chatHub;

  api.public("/servicer/api/chat/keyword", (_body, ctx) => memberKeywordConfig(ctx.db));
  api.public("/servicer/api/chat/hasServicers", () => hasServicers(hub()));
  api.member("/servicer/api/chat/sessions", (_body, ctx) => memberSessions(hub(), ctx.memberId));
  api.member("/servicer/api/chat/bind", (body, ctx) => bindMember(hub(), ctx.memberId, body.client_id));
  api.member("/servicer/api/chat/dialogs", (body, ctx) => historyPage(ctx.db, ctx.memberId, body));
  api.member("/servicer/api/chat/say", (body, ctx) =>
    memberSay(hub(), ctx.memberId, { content_type: body.content_type, text: body.message, goods_id: body.goods_id, order_id: body.order_id, client_msg_id: body.client_msg_id }),
  );
  api.member("/servicer/api/chat/setRead", (_body, ctx) => memberSetRead(hub(), ctx.memberId));
  api.member("/servicer/api/chat/bye", (_body, ctx) => memberBye(hub(), ctx.memberId));

  api.staff("/shopapi/chat/bind", "chat.serve", (body, ctx) => bindServicer(hub(), ctx.staff, body.client_id));
  api.staff("/shopapi/chat/online", "chat.serve", (body, ctx) => setServicerOnline(hub(), ctx.staff, body.online === 1));
  api.staff("/shopapi/chat/sessions", "chat.serve", (body, ctx) => staffSessions(hub(), ctx.staff, body));
  api.staff("/shopapi/chat/dialogs", "chat.serve", ({ member_id, ...request }, ctx) => staffDialogs(hub(), ctx.staff, member_id, request));
  api.staff("/shopapi/chat/answer", "chat.serve", (body, ctx) =>
    staffAnswer(hub(), ctx.staff, {
      member_id: body.member_id, content_type: body.content_type, text: body.servicer_say, goods_id: body.goods_id, order_id: body.order_id, client_msg_id: body.client_msg_id,
    }),
  );
  api.staff("/shopapi/chat/setRead", "chat.serve", (body, ctx) => staffSetRead(hub(), ctx.staff, body.member_id));
  api.staff("/shopapi/chat/close", "chat.serve", (body, ctx) => staffClose(hub(), ctx.staff, body.member_id));
  api.staff("/shopapi/chat/servicers", "chat.serve", (_body, ctx) => servicerStates(hub(), ctx.staff));
  api.staff("/shopapi/chat/quickreplies", "chat.serve", (_body, ctx) => quickReplies(ctx.db));
  api.staff("/shopapi/chat/keywords", "shop.manage", (_body, ctx) => keywordSettings(ctx.db));
  api.staff("/shopapi/chat/editKeywords", "shop.manage", (body, ctx) => saveKeywordSettings(ctx.db, { ...body, is_open: body.is_open === 1 ? 1 : 0 }));
  api.staff("/shopapi/chat/editQuickReplies", "shop.manage", (body, ctx) => saveQuickReplies(ctx.db, body.replies));
}
