import type { FastifyInstance } from "fastify";
import type { Api } from "../../core/api.ts";
import { findCities, listRegions, makeAddress } from "./regions.ts";
import {
  addMemberAddress,
  deleteMemberAddress,
  editMemberAddress,
  getDefaultAddress,
  getMemberAddress,
  pageMemberAddresses,
  setDefaultAddress,
} from "./member-address.ts";

/** Regions (public) and the member's delivery addresses (docs/api/address.md). */
export function registerAddressRoutes(api: Api, _app: FastifyInstance): void {
  const { db } = api.deps;

  api.public("/api/address/lists", (body) => listRegions(db, body.pid));
  api.public("/api/address/city", (body) => findCities(db, body.name));
  api.public("/api/address/make", (body) => makeAddress(db, body));

  api.member("/api/memberaddress/page", (body, ctx) => pageMemberAddresses(db, ctx.memberId, body));
  api.member("/api/memberaddress/info", (body, ctx) =>
    body.id !== undefined && body.default !== 1 ? getMemberAddress(db, ctx.memberId, body.id) : getDefaultAddress(db, ctx.memberId),
  );
  api.member("/api/memberaddress/add", (body, ctx) => addMemberAddress(db, ctx.memberId, body));
  api.member("/api/memberaddress/edit", (body, ctx) => editMemberAddress(db, ctx.memberId, body.id, body));
  api.member("/api/memberaddress/setdefault", (body, ctx) => setDefaultAddress(db, ctx.memberId, body.id));
  api.member("/api/memberaddress/delete", (body, ctx) => deleteMemberAddress(db, ctx.memberId, body.id));
}
